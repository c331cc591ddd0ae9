// The schemes the WHATWG URL Standard calls special, less `file` (whose host state takes no userinfo):
// after their ":" any run of "/" and "\" (none included) leads to the authority (§4.4, "special
// authority slashes state").
const SPECIAL = ['ftp', 'http', 'https', 'ws', 'wss'];

/** TAB, LF and CR, which the URL Standard removes from its input before parsing (§4.4, basic URL parser). */
function ignored(c: number): boolean {
  return c === 9 || c === 10 || c === 13;
}

function schemeChar(c: number): boolean {
  const l = c | 32;
  return (l >= 97 && l <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46;
}

/**
 * The password a reader takes from the authority starting at `start`: `[from, to)`, from after the
 * first `:` of the userinfo to its `@`, the last one before the authority ends; undefined when there
 * is no password. Linear: one pass over the authority.
 */
function password(
  uri: string,
  start: number,
  backslashEnds: boolean,
): [from: number, to: number] | undefined {
  let at = -1;
  let colon = -1;
  for (let i = start; i < uri.length; i++) {
    const c = uri.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35 || (backslashEnds && c === 92)) break;
    if (c === 64) at = i;
    else if (c === 58 && colon < 0) colon = i;
  }
  return colon >= 0 && colon < at ? [colon + 1, at] : undefined;
}

/** Where the URL Standard's parser starts the authority of `uri`, and whether `\` ends it; or undefined. */
function urlStandardAuthority(uri: string): [start: number, special: boolean] | undefined {
  const n = uri.length;
  let i = 0;
  // leading C0 controls and spaces are stripped
  while (i < n && uri.charCodeAt(i) <= 32) i++;
  let scheme = '';
  for (; i < n; i++) {
    const c = uri.charCodeAt(i);
    if (ignored(c)) continue;
    if (c === 58) break;
    // a scheme starts with an ASCII letter: anything else leaves no scheme, and no base to resolve against
    if (!schemeChar(c) || (scheme === '' && ((c | 32) < 97 || (c | 32) > 122))) return undefined;
    scheme += String.fromCharCode(c | (c >= 65 && c <= 90 ? 32 : 0));
  }
  if (i >= n || scheme === '') return undefined;
  i++;
  if (SPECIAL.indexOf(scheme) >= 0) {
    while (i < n) {
      const c = uri.charCodeAt(i);
      if (c !== 47 && c !== 92 && !ignored(c)) break;
      i++;
    }
    return [i, true];
  }
  // any other scheme has an authority only after exactly "//"
  let slashes = 0;
  while (i < n && slashes < 2) {
    const c = uri.charCodeAt(i);
    if (c === 47) slashes++;
    else if (!ignored(c)) return undefined;
    i++;
  }
  return slashes === 2 ? [i, false] : undefined;
}

/**
 * Hides the password of `user:password` userinfo, deprecated by
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1 | RFC 3986 §3.2.1} and a leak in logs. It works
 * on any string, valid URI or not, and hides what either of two readers would take as the password:
 * RFC 3986, which finds the authority after `//` as Appendix B does, and the
 * {@link https://url.spec.whatwg.org/#concept-basic-url-parser | WHATWG URL Standard} (Node's and the
 * browsers' `URL`), which for `http`, `https`, `ws`, `wss` and `ftp` takes any run of `/` and `\`
 * after the scheme, none included (`http:user:pass@h`, `http:\\user:pass@h`), ends the authority at
 * `\` too, and ignores tabs and line breaks anywhere. Each time the password is everything from the
 * first `:` of the userinfo to its last `@`, so a second `@` cannot leave part of it in view.
 *
 * @param uri - any string, usually a URI
 * @param mask - what to write instead of the password (default `'***'`), as it is
 * @returns `uri` with each password replaced by `mask`; the user name is kept
 * @throws never
 * @example
 * ```ts
 * redactUserinfo('ftp://anna:s3cret@host/file'); // 'ftp://anna:***@host/file'
 * redactUserinfo('http:anna:s3cret@host/'); // 'http:anna:***@host/'
 * redactUserinfo('https://anna@host/'); // 'https://anna@host/'
 * ```
 */
export function redactUserinfo(uri: string, mask = '***'): string {
  const found: [number, number][] = [];
  // RFC 3986 Appendix B: [scheme ":"] "//" authority, the authority ending at "/", "?", "#" or the end
  let i = 0;
  while (i < uri.length) {
    const c = uri.charCodeAt(i);
    if (c === 58 || c === 47 || c === 63 || c === 35) break;
    i++;
  }
  if (uri.charCodeAt(i) === 58) i++;
  if (uri.charCodeAt(i) === 47 && uri.charCodeAt(i + 1) === 47) {
    const p = password(uri, i + 2, false);
    if (p) found.push(p);
  }
  const url = urlStandardAuthority(uri);
  if (url) {
    const p = password(uri, url[0], url[1]);
    if (p) found.push(p);
  }
  if (found.length === 0) return uri;
  // the two readings overlap or are apart: hide their union
  found.sort((a, b) => a[0] - b[0]);
  let out = '';
  let last = 0;
  let k = 0;
  while (k < found.length) {
    const from = found[k]![0];
    let to = found[k]![1];
    while (++k < found.length && found[k]![0] <= to) to = Math.max(to, found[k]![1]);
    out += uri.slice(last, from) + mask;
    last = to;
  }
  return out + uri.slice(last);
}

/**
 * Hides the password of `user:password` userinfo, deprecated by
 * {@link https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1 | RFC 3986 §3.2.1} and a leak in logs. It works
 * on any string, valid URI or not: the authority is found as Appendix B finds it, and its userinfo ends
 * at the last `@`, so nothing a lenient parser would take as a password is shown.
 *
 * @param uri - any string, usually a URI
 * @param mask - what to show instead of the password (default `'***'`)
 * @returns `uri` with everything between the first `:` of the userinfo and its `@` replaced by `mask`
 * @throws never
 * @example
 * ```ts
 * redactUserinfo('ftp://anna:s3cret@host/file'); // 'ftp://anna:***@host/file'
 * redactUserinfo('https://anna@host/'); // 'https://anna@host/'
 * ```
 */
export function redactUserinfo(uri: string, mask = '***'): string {
  // Appendix B: [scheme ":"] "//" authority, the authority ending at "/", "?", "#" or the end
  let i = 0;
  const n = uri.length;
  while (i < n) {
    const c = uri.charCodeAt(i);
    if (c === 58 || c === 47 || c === 63 || c === 35) break;
    i++;
  }
  if (uri.charCodeAt(i) === 58) i++;
  if (uri.charCodeAt(i) !== 47 || uri.charCodeAt(i + 1) !== 47) return uri;
  const start = i + 2;
  let end = start;
  let at = -1;
  let colon = -1;
  while (end < n) {
    const c = uri.charCodeAt(end);
    if (c === 47 || c === 63 || c === 35) break;
    if (c === 64) at = end;
    end++;
  }
  for (let j = start; j < at; j++) {
    if (uri.charCodeAt(j) === 58) {
      colon = j;
      break;
    }
  }
  if (colon < 0) return uri;
  return `${uri.slice(0, colon + 1)}${mask}${uri.slice(at)}`;
}

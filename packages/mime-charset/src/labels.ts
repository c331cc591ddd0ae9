// Label -> encoding, the WHATWG way and the IANA (mail) way. `getEncoding` reaches only the WHATWG
// label table, so that a bundle that resolves web labels carries no registry and no codec; the IANA
// mode is built from the joined registry when it is first used.
import { isAsciiWhitespace } from './chars';
import { WHATWG_LABELS } from './generated/labels';
import { CODECS } from './generated/registry';
import { registryRows } from './registry-rows';

/**
 * Which rules give a label its meaning: `whatwg` (the web: HTTP, HTML, XML in browsers), `iana`
 * (mail and other non-web protocols: every name and alias of the IANA Character Sets registry, then
 * the family's own codec names, then the WHATWG labels for names IANA does not know, such as `utf8`
 * or `cp1252`), or `loose` (`iana`, then the labels people write that no registry has: see
 * {@link labelToEncoding}).
 */
export type LabelMode = 'whatwg' | 'iana' | 'loose';

/** Options of {@link labelToEncoding}. */
export interface LabelOptions {
  /** `whatwg` (default), `iana` or `loose`. */
  mode?: LabelMode;
}

/**
 * An encoding a label resolved to: its name in the mode's registry and the family codec for it.
 * @internal
 */
export interface ResolvedLabel {
  /** The encoding's name: the WHATWG name, or in `iana` mode the preferred MIME name. */
  readonly name: string;
  /**
   * The codec of the family that implements it (`@x/utf8` or `@x/legacy-charsets/<codec>`); `''`
   * for an IANA charset the family has no codec for.
   */
  readonly codec: string;
}

// Null-prototype records: `__proto__` or `constructor` are keys like any other (and absent).
type Table = Record<string, ResolvedLabel | undefined>;

function emptyTable(): Table {
  return Object.create(null) as Table;
}

let whatwgTable: Table | undefined;
let ianaTable: Table | undefined;
let looseTable: Table | undefined;

function buildWhatwg(): Table {
  const whatwg = emptyTable();
  for (const row of WHATWG_LABELS.split(';')) {
    const space = row.indexOf(' ');
    const name = row.slice(0, space);
    const entry: ResolvedLabel = { name, codec: name.toLowerCase() };
    // The name as written and each label in upper case too: the spellings headers use most
    // (`UTF-8`, `Shift_JIS`, `ISO-8859-1`) then hit on the first probe.
    whatwg[name] = entry;
    for (const label of row.slice(space + 1).split(',')) {
      whatwg[label] = entry;
      whatwg[label.toUpperCase()] = entry;
    }
  }
  return whatwg;
}

// Mail mode, from the lowest precedence up: the WHATWG labels (but not those of `replacement`,
// which would turn real mail text into U+FFFD), the family's codec names (`cp437`, `x-mac-greek`),
// then every name and alias of the IANA registry (RFC 2978 §3.2: a charset's name or any of its
// aliases names it), `cs…` aliases included, each meaning its own IANA record.
function buildIana(): Table {
  const iana = emptyTable();
  const whatwg = whatwgTable ?? (whatwgTable = buildWhatwg());
  for (const label in whatwg)
    if (whatwg[label]!.codec !== 'replacement') iana[label] = whatwg[label];
  // A codec name that is also a WHATWG label of another codec (`cp1252`, `cp866`, `x-mac-roman`,
  // `koi8-ru`: Microsoft's, IBM's and Apple's own tables) means the codec of that name, so that
  // every codec of the family has a label.
  for (const codec of CODECS.split(','))
    if (whatwg[codec]?.codec !== codec) iana[codec] = { name: codec, codec };
  const seen = emptyTable();
  for (const [name, mib, preferred, aliases, , codec] of registryRows()) {
    // Rows without a MIBenum are WHATWG encodings IANA does not register: the labels above.
    if (mib === '') continue;
    const entry: ResolvedLabel = { name: preferred || name, codec };
    const names = aliases === '' ? [name, preferred] : [name, preferred, ...aliases.split(',')];
    for (const label of names) {
      const lower = label.toLowerCase();
      // An alias registered twice keeps its first record, as `lookup` does.
      if (label === '' || seen[lower] !== undefined) continue;
      seen[lower] = entry;
      iana[label] = entry;
      iana[lower] = entry;
      iana[label.toUpperCase()] = entry;
    }
  }
  return iana;
}

/**
 * A label with everything but ASCII letters and digits dropped, lowercased (`Shift-JIS`, `shift_jis`
 * and `SHIFT JIS` are all `shiftjis`); `undefined` when it holds a non-ASCII character. Linear.
 */
function squeeze(label: string): string | undefined {
  let out = '';
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    if (c > 0x7f) return undefined;
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a)) out += label[i];
    else if (c >= 0x41 && c <= 0x5a) out += String.fromCharCode(c + 0x20);
  }
  return out;
}

// Microsoft's own names of its code pages, as Windows programs and iconv-lite write them.
const MICROSOFT: Record<string, string> = {
  msee: 'windows-1250',
  mscyrl: 'windows-1251',
  msansi: 'windows-1252',
  msgreek: 'windows-1253',
  msturk: 'windows-1254',
  mshebr: 'windows-1255',
  msarab: 'windows-1256',
  winbaltrim: 'windows-1257',
};

// The prefixes of a code page number: `cp1253`, `win1253`, `windows1253`, `ms1253`, `mswin1253`,
// `ibm437`, `dos437`, `x-cp1253` (after squeezing).
const NUMBER_PREFIXES = ['xcp', 'cp', 'windows', 'win', 'mswin', 'ms', 'ibm', 'dos', ''];

// Loose mode's squeezed table, with the same precedence as `iana`: the IANA names and aliases over
// the family's codec names over the WHATWG labels.
function buildLoose(): Table {
  const iana = (ianaTable ??= buildIana());
  const loose = emptyTable();
  const ianaNames = emptyTable();
  for (const [name, mib, preferred, aliases] of registryRows()) {
    if (mib === '') continue;
    for (const label of aliases === ''
      ? [name, preferred]
      : [name, preferred, ...aliases.split(',')]) {
      const key = label === '' ? undefined : squeeze(label);
      // An alias squeezed onto another record's name keeps the first, as in the registry.
      if (key !== undefined && key !== '' && ianaNames[key] === undefined)
        ianaNames[key] = iana[label.toLowerCase()];
    }
  }
  for (const label in iana) {
    const key = squeeze(label);
    if (key !== undefined && key !== '') loose[key] ??= iana[label];
  }
  for (const key in ianaNames) loose[key] = ianaNames[key];
  return loose;
}

/**
 * Loose mode, once `iana` knows nothing: the label squeezed (only letters and digits, lowercased)
 * against the squeezed names and labels; Microsoft's names (`ms-greek`); then a code page number
 * alone or after `cp`, `win`, `windows`, `ms`, `mswin`, `ibm`, `dos`, `x-cp`, as `windows-<n>` when
 * that exists (874, 1250-1258), else the family's `cp<n>`.
 */
function findLoose(label: string): ResolvedLabel | undefined {
  const key = squeeze(label);
  if (key === undefined || key === '') return undefined;
  const table = (looseTable ??= buildLoose());
  const hit = table[key];
  if (hit !== undefined) return hit;
  const iana = ianaTable!;
  const microsoft = MICROSOFT[key];
  if (microsoft !== undefined) return iana[microsoft];
  for (const prefix of NUMBER_PREFIXES) {
    if (!key.startsWith(prefix)) continue;
    const digits = key.slice(prefix.length);
    if (digits === '' || digits.length > 5) continue;
    let only = true;
    for (let i = 0; i < digits.length; i++) {
      const c = digits.charCodeAt(i);
      if (c < 0x30 || c > 0x39) only = false;
    }
    if (!only) continue;
    const found = iana[`windows-${digits}`] ?? iana[`cp${digits}`];
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Strips leading and trailing ASCII whitespace and ASCII-lowercases; returns `undefined` for a label
 * that holds a non-ASCII character (no label does, and `toLowerCase` would fold U+212A KELVIN SIGN
 * to `k`).
 * @internal
 */
export function normalizeLabel(label: string): string | undefined {
  let start = 0;
  let end = label.length;
  while (start < end && isAsciiWhitespace(label.charCodeAt(start))) start++;
  while (end > start && isAsciiWhitespace(label.charCodeAt(end - 1))) end--;
  for (let i = start; i < end; i++) if (label.charCodeAt(i) > 0x7f) return undefined;
  return label.slice(start, end).toLowerCase();
}

/**
 * The resolved label with its codec, or `undefined`. Internal: the public face is {@link labelToEncoding}.
 * @internal
 */
export function resolveLabel(label: string, mode: LabelMode = 'whatwg'): ResolvedLabel | undefined {
  if (mode !== 'iana' && mode !== 'loose') return find((whatwgTable ??= buildWhatwg()), label);
  const hit = find((ianaTable ??= buildIana()), label);
  return hit !== undefined || mode !== 'loose' ? hit : findLoose(label);
}

/** The label's entry in one table: exact spelling first, then trimmed and ASCII-lowercased. */
function find(table: Table, label: string): ResolvedLabel | undefined {
  // Most labels arrive trimmed and lowercase: one map probe, no allocation.
  const hit = table[label];
  if (hit !== undefined) return hit;
  const n = label.length;
  if (n === 0) return undefined;
  // Surrounding whitespace: trim (ASCII only) and look again.
  if (isAsciiWhitespace(label.charCodeAt(0)) || isAsciiWhitespace(label.charCodeAt(n - 1))) {
    const key = normalizeLabel(label);
    return key === undefined ? undefined : table[key];
  }
  // Other case: the native lowercase (no allocation when there is nothing to lower, the common
  // miss), then, on a hit only, proof that the label was ASCII: `toLowerCase` folds U+212A KELVIN
  // SIGN to `k`, and no label may match through it.
  const lower = label.toLowerCase();
  if (lower === label) return undefined;
  const found = table[lower];
  if (found === undefined) return undefined;
  for (let i = 0; i < n; i++) if (label.charCodeAt(i) > 0x7f) return undefined;
  return found;
}

/**
 * Resolves a charset label to an encoding name.
 *
 * In `whatwg` mode this is the Encoding Standard's "get an encoding" ({@link getEncoding}): ASCII
 * whitespace trimmed, ASCII case-insensitive, one of the 228 labels, giving one of the 40 encoding
 * names (so `latin1`, `iso-8859-1` and `us-ascii` are `windows-1252`, `ks_c_5601-1987` is `EUC-KR`,
 * `x-sjis` is `Shift_JIS`, `iso-2022-kr` is `replacement`). In `iana` mode, for mail, every name and
 * alias of the IANA registry means its own record, named by its preferred MIME name (`latin1` and
 * `csISOLatin1` are `ISO-8859-1`, `us-ascii` is `US-ASCII`, `csUTF8` is `UTF-8`, `iso-2022-kr` is
 * `ISO-2022-KR`); then the family's codec names (`x-mac-greek`, `cp1047`, `cp949`, and `cp1252`,
 * Microsoft's own table); then the WHATWG labels IANA does not register (`utf8`, `x-sjis`), except
 * those of `replacement`.
 *
 * The `loose` mode is for labels as people write them (never the default: on the web the WHATWG
 * rules are the standard). It is `iana`, and for a label `iana` does not know: (1) the label with
 * everything but ASCII letters and digits dropped, lowercased, against every name and label so
 * squeezed (`latin-1`, `shift-jis`, `cp-1253`, `ELOT928`, `UTF 8`), an IANA name winning over a
 * codec name over a WHATWG label; (2) Microsoft's names `ms-ee`, `ms-cyrl`, `ms-ansi`, `ms-greek`,
 * `ms-turk`, `ms-hebr`, `ms-arab`, `winbaltrim` (windows-1250 to 1257); (3) a code page number,
 * alone or after `cp`, `win`, `windows`, `ms`, `mswin`, `ibm`, `dos` or `x-cp` (`1253`, `win1253`,
 * `dos-866`): `windows-<n>` when there is one (874, 1250 to 1258), else the family's `cp<n>`.
 *
 * The `iana` and `loose` modes read the joined registry (about 5 KB min+gzip); {@link getEncoding}
 * alone carries only the WHATWG labels.
 * {@link https://encoding.spec.whatwg.org/#concept-encoding-get | WHATWG Encoding §4.2 (get an encoding)},
 * {@link https://www.rfc-editor.org/rfc/rfc2978#section-3.2 | RFC 2978 §3.2 (names and aliases)},
 * {@link https://www.iana.org/assignments/character-sets/character-sets.xhtml | IANA Character Sets}.
 *
 * @param label - The label as written, e.g. a `charset` parameter.
 * @param options - `mode`: `whatwg` (default), `iana` or `loose`.
 * @returns The encoding name, or `null` for an unknown label.
 * @throws Never.
 * @example
 * ```ts
 * labelToEncoding(' Latin1 '); // 'windows-1252'
 * labelToEncoding('latin1', { mode: 'iana' }); // 'ISO-8859-1'
 * labelToEncoding('csShiftJIS', { mode: 'iana' }); // 'Shift_JIS'
 * labelToEncoding('unicode-1-1-utf-8'); // 'UTF-8'
 * labelToEncoding('utf-7'); // null
 * labelToEncoding('1253', { mode: 'loose' }); // 'windows-1253'
 * labelToEncoding('ms-greek', { mode: 'loose' }); // 'windows-1253'
 * labelToEncoding('shift-jis', { mode: 'loose' }); // 'Shift_JIS'
 * ```
 */
export function labelToEncoding(label: string, options?: LabelOptions): string | null {
  const hit = resolveLabel(label, options?.mode);
  return hit === undefined ? null : hit.name;
}

/**
 * The Encoding Standard's "get an encoding": the WHATWG encoding a label means on the web, with
 * ASCII whitespace trimmed and ASCII case ignored. The same answer as {@link labelToEncoding} in
 * its default mode, from a function that bundles only the 228 WHATWG labels (under 3 KiB
 * min+gzip): use it in web code that never needs the IANA (mail) mode.
 * {@link https://encoding.spec.whatwg.org/#concept-encoding-get | WHATWG Encoding §4.2 (get an encoding)}.
 *
 * @param label - The label as written, e.g. a `charset` parameter or a `<meta charset>` value.
 * @returns The WHATWG encoding name, or `null` for an unknown label.
 * @throws Never.
 * @example
 * ```ts
 * getEncoding('\tUTF8 '); // 'UTF-8'
 * getEncoding('ks_c_5601-1987'); // 'EUC-KR'
 * getEncoding('csUTF8'); // null (an IANA alias, not a WHATWG label)
 * ```
 */
export function getEncoding(label: string): string | null {
  const hit = find((whatwgTable ??= buildWhatwg()), label);
  return hit === undefined ? null : hit.name;
}

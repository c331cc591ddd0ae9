// The `iana` and `loose` label modes: every name and alias of the joined registry (IANA Character
// Sets x WHATWG Encoding x the family's codecs, about 5 KB min+gzip), installed into src/labels.ts by
// `enableIanaLabels`. Kept out of src/labels.ts so that a bundle that only resolves web labels, or
// calls `labelToEncoding` in its `whatwg` mode, carries no registry: a bundler drops this module
// unless something imports from it (package.json `sideEffects` does not list it).
import { CODECS } from './generated/registry';
import {
  emptyTable,
  find,
  installIanaResolver,
  type LabelMode,
  type LabelOptions,
  type ResolvedLabel,
  resolveLabel,
  type Table,
  whatwgLabelTable,
} from './label-table';
import { registryRows } from './registry-rows';

let ianaTable: Table | undefined;
let looseTable: Table | undefined;
let squeezedIana: Table | undefined;

// Every IANA name and alias, squeezed (see `squeeze`), to its record (an alias squeezed onto
// another record's name keeps the first, as in the registry); `ascii`, Python's and glibc's name of
// US-ASCII, too; Python's names of the Mac charsets (`mac_iceland`, `mac-roman`), to the family's
// x-mac codecs.
function buildSqueezedIana(): Table {
  const table = emptyTable();
  for (const [name, mib, preferred, aliases, , codec] of registryRows()) {
    if (mib === '') continue;
    const entry: ResolvedLabel = { name: preferred || name, codec };
    for (const label of [name, preferred, ...aliases.split(',')]) {
      const key = squeeze(label);
      if (key && table[key] === undefined) table[key] = entry;
    }
  }
  table.ascii = table.usascii;
  // Python's names of Apple's charsets (Lib/encodings/aliases.py): `mac_` and the family's x-mac
  // codec's name (`mac_roman`, `mac_greek`…), and four others.
  for (const codec of CODECS.split(','))
    if (codec.startsWith('x-mac-')) table[`mac${codec.slice(6)}`] = { name: codec, codec };
  table.maciceland = table.macicelandic;
  table.maclatin2 = table.maccentraleurope = table.maccenteuro = table.maccentraleurroman;
  return table;
}

// Mail mode, from the lowest precedence up: the WHATWG labels (but not those of `replacement`,
// which would turn real mail text into U+FFFD), the family's codec names (`cp437`, `x-mac-greek`),
// then every name and alias of the IANA registry (RFC 2978 §3.2: a charset's name or any of its
// aliases names it), `cs…` aliases included, each meaning its own IANA record.
// A WHATWG label that spells an IANA name or alias otherwise (`iso8859-1`, `iso88599`; `ascii`, as
// Python and glibc call US-ASCII) means that IANA charset, not the web's superset: `iana` mode reads
// the charset a label names exactly, whatever its punctuation.
// The precedence is settled on lowercase keys only; the spellings headers use (upper case, the
// registry's own) are copies of the lowercase answer added last, so that no spelling of a label can
// reach another layer than its lowercase form does (`UCS-2` is the family's ucs-2, as `ucs-2` is,
// not the WHATWG label of UTF-16LE).
function buildIana(): Table {
  const iana = emptyTable();
  const whatwg = whatwgLabelTable();
  const spelled = (squeezedIana ??= buildSqueezedIana());
  for (const label in whatwg) {
    // The WHATWG table's keys are ASCII: its labels, their upper case, the names as written.
    const entry = whatwg[label]!;
    if (entry.codec !== 'replacement')
      iana[label.toLowerCase()] = spelled[squeeze(label) ?? ''] ?? entry;
  }
  // A codec name that is also a WHATWG label of another codec (`cp1252`, `cp866`, `x-mac-roman`,
  // `koi8-ru`, `ucs-2`: Microsoft's, IBM's, Apple's and ISO 10646's own tables) means the codec of
  // that name, so that every codec of the family has a label.
  for (const codec of CODECS.split(','))
    if (whatwg[codec]?.codec !== codec) iana[codec] = { name: codec, codec };
  const seen = emptyTable();
  const written: string[] = [];
  for (const [name, mib, preferred, aliases, , codec] of registryRows()) {
    // Rows without a MIBenum are WHATWG encodings IANA does not register: the labels above.
    if (mib === '') continue;
    const entry: ResolvedLabel = { name: preferred || name, codec };
    const names = aliases === '' ? [name, preferred] : [name, preferred, ...aliases.split(',')];
    for (const label of names) {
      if (label === '') continue;
      const lower = label.toLowerCase();
      // An alias registered twice keeps its first record, as `lookup` does.
      if (seen[lower] !== undefined) continue;
      seen[lower] = entry;
      iana[lower] = entry;
      if (label !== lower) written.push(label);
    }
  }
  // The other spellings, each with its lowercase form's answer.
  for (const key of Object.keys(iana)) iana[key.toUpperCase()] = iana[key];
  for (const label of written) iana[label] = iana[label.toLowerCase()];
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

// Names no registry lists, squeezed, to an IANA label: Microsoft's own names of its code pages, as
// Windows programs and iconv-lite write them; `euc-cn` and Java's `x-euc-cn` (GB 2312 in its EUC
// form, which is the IANA GB2312 charset: Python and glibc read it so); Microsoft's `cp50221` (ISO-2022-JP with `ESC ( I`
// katakana, which the WHATWG ISO-2022-JP decoder reads, as it reads CP50220). Not `cp50222`: its
// half-width katakana come by SO and SI, which that decoder would garble. Java's `x-EUC-TW` and
// its alias `cns11643` (the family's euc-tw).
const OTHER_NAMES: Record<string, string> = {
  msee: 'windows-1250',
  mscyrl: 'windows-1251',
  msansi: 'windows-1252',
  msgreek: 'windows-1253',
  msturk: 'windows-1254',
  mshebr: 'windows-1255',
  msarab: 'windows-1256',
  winbaltrim: 'windows-1257',
  euccn: 'gb2312',
  xeuccn: 'gb2312',
  cp50221: 'iso-2022-jp',
  // Microsoft's code page number of UTF-8, as Windows programs write it (`cp65001`, `windows-65001`).
  cp65001: 'utf-8',
  // glibc's and iconv's names of UTF-32LE (`UCS-4LE`), and of EUC-JP (`ujis`, from Unix's Japanese
  // locales; glibc and Python read it so).
  ucs4le: 'utf-32le',
  ujis: 'euc-jp',
  xeuctw: 'euc-tw',
  cns11643: 'euc-tw',
};

// The prefixes of a code page number: `cp1253`, `win1253`, `windows1253`, `ms1253`, `mswin1253`,
// `ibm437`, `dos437`, `x-cp1253` (after squeezing).
const NUMBER_PREFIXES = ['xcp', 'cp', 'windows', 'win', 'mswin', 'ms', 'ibm', 'dos', ''];

// Loose mode's squeezed table, with the same precedence as `iana`: the IANA names and aliases over
// the family's codec names over the WHATWG labels.
function buildLoose(): Table {
  const iana = (ianaTable ??= buildIana());
  const loose = emptyTable();
  const ianaNames = (squeezedIana ??= buildSqueezedIana());
  for (const label in iana) {
    const key = squeeze(label);
    if (key !== undefined && key !== '') loose[key] ??= iana[label];
  }
  for (const key in ianaNames) loose[key] = ianaNames[key];
  return loose;
}

/**
 * Loose mode, once `iana` knows nothing: the label squeezed (only letters and digits, lowercased)
 * against the squeezed names and labels; Microsoft's names (`ms-greek`), `euc-cn`, `cp50221`, `x-euc-tw`;
 * then a code page number
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
  const other = OTHER_NAMES[key];
  if (other !== undefined) return iana[other];
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
    // Or a number `OTHER_NAMES` knows (`65001`, `windows-65001`).
    const named = OTHER_NAMES[`cp${digits}`];
    const found =
      iana[`windows-${digits}`] ??
      iana[`cp${digits}`] ??
      (named === undefined ? undefined : iana[named]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A label `iana` mode does not know, read as a spelling of an IANA name or alias with other
 * punctuation or case (`latin-1`, `ansi-x3.4-1968`, `utf_8`), or as one of Python's names of the
 * Mac charsets (`mac-iceland`): what mail mode adds to the WHATWG and IANA labels. Internal.
 */
export function resolveSpelling(label: string): ResolvedLabel | undefined {
  installIanaResolver(resolveIana);
  return (squeezedIana ??= buildSqueezedIana())[squeeze(label) ?? ''];
}

function resolveIana(label: string, mode: 'iana' | 'loose'): ResolvedLabel | undefined {
  const hit = find((ianaTable ??= buildIana()), label);
  return hit !== undefined || mode !== 'loose' ? hit : findLoose(label);
}

/**
 * Enables the `iana` and `loose` modes of `labelToEncoding` for a program that imports it from
 * `@x/mime-charset/labels`, by loading the joined registry (every name and alias of the IANA
 * Character Sets registry: about 6 KiB min+gzip with the code that reads it). Without this call those modes throw a
 * `CharsetError` with reason `labels-not-enabled`; the `whatwg` mode and `getEncoding` never need
 * it. The main entry, `@x/mime-charset/lean` and `@x/mime-charset/load` call it when they load, so
 * their users never do. Calling it again does nothing.
 * {@link https://www.iana.org/assignments/character-sets/character-sets.xhtml | IANA Character Sets},
 * {@link https://www.rfc-editor.org/rfc/rfc2978#section-3.2 | RFC 2978 §3.2 (names and aliases)}.
 *
 * @throws Never.
 * @example
 * ```ts
 * enableIanaLabels();
 * labelToEncoding('latin1', { mode: 'iana' }); // 'ISO-8859-1'
 * labelToEncoding('win1253', { mode: 'loose' }); // 'windows-1253'
 * ```
 */
export function enableIanaLabels(): void {
  installIanaResolver(resolveIana);
}

/**
 * Resolves a charset label to an encoding name.
 *
 * In `whatwg` mode this is the Encoding Standard's "get an encoding" (`getEncoding`): ASCII
 * whitespace trimmed, ASCII case-insensitive, one of the 228 labels, giving one of the 40 encoding
 * names (so `latin1`, `iso-8859-1` and `us-ascii` are `windows-1252`, `ks_c_5601-1987` is `EUC-KR`,
 * `x-sjis` is `Shift_JIS`, `iso-2022-kr` is `replacement`). In `iana` mode, for mail, every name and
 * alias of the IANA registry means its own record, named by its preferred MIME name (`latin1` and
 * `csISOLatin1` are `ISO-8859-1`, `us-ascii` is `US-ASCII`, `csUTF8` is `UTF-8`, `iso-2022-kr` is
 * `ISO-2022-KR`); then the family's codec names (`x-mac-greek`, `cp1047`, `cp949`, and `cp1252`,
 * Microsoft's own table, `ucs-2` big-endian UCS-2, in any case: `CP1252`, `UCS-2`); then the WHATWG labels IANA does not register (`utf8`, `x-sjis`), except
 * those of `replacement`; a WHATWG label that spells an IANA name otherwise (`iso8859-1`, `ascii`)
 * means that exact charset (`ISO-8859-1`, `US-ASCII`), not the web's superset.
 *
 * The `loose` mode is for labels as people write them (never the default: on the web the WHATWG
 * rules are the standard). It is `iana`, and for a label `iana` does not know: (1) the label with
 * everything but ASCII letters and digits dropped, lowercased, against every name and label so
 * squeezed (`latin-1`, `shift-jis`, `cp-1253`, `ELOT928`, `UTF 8`), an IANA name winning over a
 * codec name over a WHATWG label; (2) Microsoft's names `ms-ee`, `ms-cyrl`, `ms-ansi`, `ms-greek`,
 * `ms-turk`, `ms-hebr`, `ms-arab`, `winbaltrim` (windows-1250 to 1257), `euc-cn` and `x-euc-cn`
 * (GB2312, read as GBK), `cp50221` (ISO-2022-JP), `cp65001` (UTF-8), `ucs-4le` (UTF-32LE), `ujis`
 * (EUC-JP), Java's `x-EUC-TW` and `cns11643` (euc-tw), and Python's names of
 * Apple's charsets (`mac-roman`, `mac_iceland`, `mac_latin2`…: the family's `x-mac-*`); (3) a code page number,
 * alone or after `cp`, `win`, `windows`, `ms`, `mswin`, `ibm`, `dos` or `x-cp` (`1253`, `win1253`,
 * `dos-866`): `windows-<n>` when there is one (874, 1250 to 1258), else the family's `cp<n>`.
 *
 * The `iana` and `loose` modes read the joined registry (about 5 KB min+gzip); `getEncoding`
 * alone carries only the WHATWG labels, and `labelToEncoding` of `@x/mime-charset/labels` only
 * them until `enableIanaLabels()` is called.
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
 * labelToEncoding('euc-cn', { mode: 'loose' }); // 'GB2312'
 * labelToEncoding('CP50220', { mode: 'iana' }); // 'CP50220'
 * labelToEncoding('iso8859-1', { mode: 'iana' }); // 'ISO-8859-1'
 * labelToEncoding('mac_iceland', { mode: 'loose' }); // 'x-mac-icelandic'
 * ```
 */
export function labelToEncoding(label: string, options?: LabelOptions): string | null {
  const hit = resolveAnyLabel(label, options?.mode);
  return hit === undefined ? null : hit.name;
}

/**
 * `resolveLabel` with the `iana` and `loose` modes enabled first: what the decoding functions call,
 * so that they work from any entry. Internal.
 * @internal
 */
export function resolveAnyLabel(
  label: string,
  mode: LabelMode = 'whatwg',
): ResolvedLabel | undefined {
  if (mode === 'iana' || mode === 'loose') installIanaResolver(resolveIana);
  return resolveLabel(label, mode);
}

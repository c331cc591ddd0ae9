// Label -> encoding, the WHATWG way and the IANA (mail) way. Only the small label table is
// imported here, so that a bundle that resolves labels carries no codec and no registry.
import { isAsciiWhitespace } from './chars';
import { IANA_LABELS, WHATWG_LABELS } from './generated/labels';

/**
 * Which registry gives a label its meaning: `whatwg` (the web: HTTP, HTML, XML in browsers) or
 * `iana` (mail and other non-web protocols: the IANA Character Sets registry first, then the
 * WHATWG labels for names IANA does not know, such as `utf8` or `cp1252`).
 */
export type LabelMode = 'whatwg' | 'iana';

/** Options of {@link labelToEncoding}. */
export interface LabelOptions {
  /** `whatwg` (default) or `iana`. */
  mode?: LabelMode;
}

/** An encoding a label resolved to: its name in the mode's registry and the family codec for it. */
export interface ResolvedLabel {
  /** The encoding's name: the WHATWG name, or in `iana` mode the preferred MIME name. */
  readonly name: string;
  /** The codec of the family that implements it (`@x/utf8` or `@x/legacy-charsets/<codec>`). */
  readonly codec: string;
}

// Null-prototype records: `__proto__` or `constructor` are keys like any other (and absent).
type Table = Record<string, ResolvedLabel | undefined>;

function emptyTable(): Table {
  return Object.create(null) as Table;
}

let whatwgTable: Table | undefined;
let ianaTable: Table | undefined;

function build(): void {
  const whatwg = emptyTable();
  whatwgTable = whatwg;
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
  // Mail mode: the WHATWG `replacement` encoding (ISO-2022-KR, HZ-GB-2312…) would turn real mail
  // text into U+FFFD; there those labels are unknown, so callers report them instead.
  const iana = emptyTable();
  ianaTable = iana;
  for (const label in whatwg)
    if (whatwg[label]!.codec !== 'replacement') iana[label] = whatwg[label];
  for (const row of IANA_LABELS.split(';')) {
    const [name, codec, labels = name] = row.split(' ') as [string, string?, string?];
    const entry: ResolvedLabel = { name, codec: codec || name.toLowerCase() };
    iana[name] = entry;
    for (const label of labels.split(',')) {
      iana[label] = entry;
      iana[label.toUpperCase()] = entry;
    }
  }
}

/**
 * Strips leading and trailing ASCII whitespace and ASCII-lowercases; returns `undefined` for a label
 * that holds a non-ASCII character (no label does, and `toLowerCase` would fold U+212A KELVIN SIGN
 * to `k`).
 */
export function normalizeLabel(label: string): string | undefined {
  let start = 0;
  let end = label.length;
  while (start < end && isAsciiWhitespace(label.charCodeAt(start))) start++;
  while (end > start && isAsciiWhitespace(label.charCodeAt(end - 1))) end--;
  for (let i = start; i < end; i++) if (label.charCodeAt(i) > 0x7f) return undefined;
  return label.slice(start, end).toLowerCase();
}

/** The resolved label with its codec, or `undefined`. Internal: the public face is {@link labelToEncoding}. */
export function resolveLabel(label: string, mode: LabelMode = 'whatwg'): ResolvedLabel | undefined {
  if (whatwgTable === undefined) build();
  const table = mode === 'iana' ? ianaTable! : whatwgTable!;
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
 * In `whatwg` mode this is the Encoding Standard's "get an encoding": ASCII whitespace trimmed,
 * ASCII case-insensitive, one of the 228 labels, giving one of the 40 encoding names (so `latin1`,
 * `iso-8859-1` and `us-ascii` are `windows-1252`, `ks_c_5601-1987` is `EUC-KR`, `x-sjis` is
 * `Shift_JIS`, `iso-2022-kr` is `replacement`). In `iana` mode, for mail, the IANA registry's names
 * and aliases of the charsets the family implements come first (`latin1` is `ISO-8859-1`,
 * `us-ascii` is `US-ASCII`), then the WHATWG labels except those of `replacement` (in mail,
 * ISO-2022-KR text is text: it is reported as unknown rather than replaced).
 * {@link https://encoding.spec.whatwg.org/#concept-encoding-get | WHATWG Encoding §4.2 (get an encoding)},
 * {@link https://www.iana.org/assignments/character-sets/character-sets.xhtml | IANA Character Sets}.
 *
 * @param label - The label as written, e.g. a `charset` parameter.
 * @param options - `mode`: `whatwg` (default) or `iana`.
 * @returns The encoding name, or `null` for an unknown label.
 * @throws Never.
 * @example
 * ```ts
 * labelToEncoding(' Latin1 '); // 'windows-1252'
 * labelToEncoding('latin1', { mode: 'iana' }); // 'ISO-8859-1'
 * labelToEncoding('unicode-1-1-utf-8'); // 'UTF-8'
 * labelToEncoding('utf-7'); // null
 * ```
 */
export function labelToEncoding(label: string, options?: LabelOptions): string | null {
  const hit = resolveLabel(label, options?.mode);
  return hit === undefined ? null : hit.name;
}

// Label -> encoding, the WHATWG way, and the hook for the IANA (mail) way. This module holds only the
// WHATWG label table, so that a bundle that resolves web labels carries no registry and no codec.
// The `iana` and `loose` modes read the joined registry, which src/iana-labels.ts installs
// (`enableIanaLabels`): the entries that decode install it at load, `/labels` users call it.
// src/labels.ts, the `/labels` entry, re-exports this module and `enableIanaLabels`; this module
// imports nothing of src/iana-labels.ts, so the two form no import cycle (which would leave
// iana-labels' node build, a closure that copies its imports when it loads, reading names of this
// module before they exist).
import { isAsciiWhitespace } from './chars';
import { CharsetError } from './errors';
import { WHATWG_LABELS } from './generated/labels';

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

/**
 * Null-prototype records: `__proto__` or `constructor` are keys like any other (and absent).
 * @internal
 */
export type Table = Record<string, ResolvedLabel | undefined>;

/** @internal */
export function emptyTable(): Table {
  return Object.create(null) as Table;
}

let whatwgTable: Table | undefined;

/**
 * The `iana` and `loose` modes, once installed by `enableIanaLabels` (src/iana-labels.ts).
 * @internal
 */
export type IanaResolver = (label: string, mode: 'iana' | 'loose') => ResolvedLabel | undefined;

let ianaResolver: IanaResolver | undefined;

/**
 * Installs the `iana` and `loose` modes. Internal: the public face is `enableIanaLabels`.
 * @internal
 */
export function installIanaResolver(resolver: IanaResolver): void {
  ianaResolver = resolver;
}

/**
 * The WHATWG label table (built on first use). Internal.
 * @internal
 */
export function whatwgLabelTable(): Table {
  return (whatwgTable ??= buildWhatwg());
}

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
  // Never a silent `null`: without the registry, an IANA label is not unknown, only unread.
  if (ianaResolver === undefined) throw new CharsetError(label, 'labels-not-enabled');
  return ianaResolver(label, mode);
}

/**
 * The label's entry in one table: exact spelling first, then trimmed and ASCII-lowercased.
 * @internal
 */
export function find(table: Table, label: string): ResolvedLabel | undefined {
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

// The WHATWG table's keys again, in buckets of (key, entry) pairs chosen by `bucketOf` (the length
// and three code units). A property lookup of a string just cut from a header makes the engine hash
// it first, which costs more than the lookup itself (about 30 ns against 10 here, Node 22 and 24);
// a bucket costs three code unit reads and a string comparison or two. Built on first use.
let whatwgBuckets: (string | ResolvedLabel)[][] | undefined;

function bucketOf(label: string): number {
  const n = label.length;
  // Empty: NaN, which `& 511` makes 0.
  return (
    (n * 17 + label.charCodeAt(0) * 5 + label.charCodeAt(n >> 1) * 3 + label.charCodeAt(n - 1)) &
    511
  );
}

/**
 * The WHATWG table's entry for a label spelled exactly as one of its keys (no trimming, no case
 * folding), else `undefined`: where that is not the label's answer, {@link find} gives it.
 * @internal
 */
export function findExactWhatwg(label: string): ResolvedLabel | undefined {
  let buckets = whatwgBuckets;
  if (buckets === undefined) {
    const table = whatwgLabelTable();
    buckets = whatwgBuckets = Array.from({ length: 512 }, () => []);
    for (const key in table) buckets[bucketOf(key)]!.push(key, table[key]!);
  }
  const bucket = buckets[bucketOf(label)]!;
  for (let i = 0; i < bucket.length; i += 2)
    if (bucket[i] === label) return bucket[i + 1] as ResolvedLabel;
  return undefined;
}

/**
 * Resolves a charset label to an encoding name: `labelToEncoding` of the main entry, for programs
 * that import only label lookup from `@x/mime-charset/labels`. Its `whatwg` mode (the default)
 * carries only the 228 WHATWG labels; the `iana` and `loose` modes read the joined registry (about
 * 5 KB min+gzip), which {@link enableIanaLabels} loads: call it once before using them. The main
 * entry's and `@x/mime-charset/lean`'s `labelToEncoding` need no such call.
 * {@link https://encoding.spec.whatwg.org/#concept-encoding-get | WHATWG Encoding §4.2 (get an encoding)}.
 *
 * @param label - The label as written, e.g. a `charset` parameter.
 * @param options - `mode`: `whatwg` (default), `iana` or `loose`.
 * @returns The encoding name, or `null` for an unknown label.
 * @throws `CharsetError` with reason `labels-not-enabled` in the `iana` and `loose` modes until
 * {@link enableIanaLabels} is called; never in the `whatwg` mode.
 * @example
 * ```ts
 * labelToEncoding(' Latin1 '); // 'windows-1252'
 * try {
 *   labelToEncoding('latin1', { mode: 'iana' });
 * } catch (error) {
 *   (error as CharsetError).reason; // 'labels-not-enabled'
 * }
 * enableIanaLabels();
 * labelToEncoding('latin1', { mode: 'iana' }); // 'ISO-8859-1'
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

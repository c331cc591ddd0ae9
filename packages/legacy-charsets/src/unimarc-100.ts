// UNIMARC field 100 $a, positions 26-33: the character sets of a record.
// https://www.ifla.org/wp-content/uploads/2019/05/assets/uca/unimarc_updates/BIBLIOGRAPHIC/u-b_100_update2012.pdf
import { sets } from './generated/unimarc';

/** One character set named by a UNIMARC field 100 code. */
export interface UnimarcSet {
  /** The two-character code, e.g. `05`. */
  readonly code: string;
  /** What the code names, e.g. `ISO 5428 (Greek)`. */
  readonly name: string;
  /** Final byte of its ISO 2022 designation, when the `unimarc` codec holds the set. */
  readonly final: string | undefined;
}

/** The character sets of a record (field 100 positions 26-29 and 30-33). */
export interface UnimarcCharsets {
  /** The G0 set (positions 26-27). */
  readonly g0: UnimarcSet | undefined;
  /** The G1 set (positions 28-29). */
  readonly g1: UnimarcSet | undefined;
  /** Additional sets (positions 30-31 and 32-33). */
  readonly additional: readonly UnimarcSet[];
  /** Whether the record is in ISO 10646 (code `50`): no escape sequences, decode as UTF-8. */
  readonly unicode: boolean;
}

const NAMES: Record<string, [string, string | undefined]> = {
  '01': ['ISO 646 IRV (basic Latin)', '@'],
  '02': ['ISO registration #37 (basic Cyrillic)', 'N'],
  '03': ['ISO 5426 (extended Latin)', 'P'],
  '04': ['ISO DIS 5427 (extended Cyrillic)', 'Q'],
  '05': ['ISO 5428 (Greek)', 'S'],
  '06': ['ISO 6438 (African coded character set)', 'M'],
  '07': ['ISO 10586 (Georgian)', undefined],
  '08': ['ISO 8957 (Hebrew), table 1', undefined],
  '09': ['ISO 8957 (Hebrew), table 2', undefined],
  '11': ['ISO 5426-2 (Latin characters used in minor European languages)', undefined],
  '50': ['ISO 10646 Level 3 (Unicode)', undefined],
};

function setOf(code: string): UnimarcSet | undefined {
  if (code.trim() === '') return undefined;
  const known = NAMES[code];
  const final = known?.[1];
  return {
    code,
    name: known ? known[0] : 'unknown code',
    final: final !== undefined && sets[final] ? final : undefined,
  };
}

/**
 * Read the character sets of a UNIMARC record from field 100 $a (the whole 36-character value,
 * or just its positions 26-33).
 * {@link https://www.ifla.org/references/best-practice-for-national-bibliographic-agencies-in-a-digital-age/resource-description-and-standards/bibliographic-control/unimarc/ | UNIMARC Bibliographic, field 100 positions 26-33}
 * @param field100 - field 100 $a, or the eight characters of positions 26-33
 * @returns the G0 and G1 sets and the additional ones; `final` is set where the `unimarc` codec holds the set
 * @throws never (unknown codes are returned with the name `unknown code`)
 * @example
 * ```ts
 * unimarcCharsets('010305  ').additional[0]?.name; // 'ISO 5428 (Greek)'
 * ```
 */
export function unimarcCharsets(field100: string): UnimarcCharsets {
  const v = (field100.length >= 34 ? field100.slice(26, 34) : field100).padEnd(8, ' ');
  const codes = [v.slice(0, 2), v.slice(2, 4), v.slice(4, 6), v.slice(6, 8)];
  const additional = codes
    .slice(2)
    .map(setOf)
    .filter((s): s is UnimarcSet => s !== undefined);
  return {
    g0: setOf(codes[0]!),
    g1: setOf(codes[1]!),
    additional,
    unicode: codes[0] === '50',
  };
}

/**
 * The ISO 2022 escape sequence that designates a set into G0 (`ESC ( F`) or G1 (`ESC ) F`), as the
 * `unimarc` codec reads it.
 * {@link https://www.ecma-international.org/publications-and-standards/standards/ecma-35/ | ISO/IEC 2022 (ECMA-35) §13.3}
 * @param set - a set from {@link unimarcCharsets} with a `final` byte
 * @param register - `G0` or `G1`
 * @returns the escape sequence bytes
 * @throws RangeError when the set has no designation the codec knows (`final` undefined)
 * @example
 * ```ts
 * unimarcDesignation(unimarcCharsets('010305  ').additional[0]!, 'G1'); // ESC ) S: [0x1b, 0x29, 0x53]
 * ```
 */
export function unimarcDesignation(set: UnimarcSet, register: 'G0' | 'G1'): Uint8Array {
  if (set.final === undefined) throw new RangeError(`No designation for UNIMARC set ${set.code}`);
  return new Uint8Array([0x1b, register === 'G0' ? 0x28 : 0x29, set.final.charCodeAt(0)]);
}

// The joined registry: IANA Character Sets x WHATWG Encoding x the family's codecs.
import { CODECS } from './generated/registry';
import { registryRows } from './registry-rows';
import { normalizeLabel, resolveLabel } from './label-table';

/** One charset of the joined registry. */
export interface CharsetInfo {
  /** The IANA registry name, or the WHATWG name for an encoding IANA does not register. */
  readonly name: string;
  /** The IANA MIBenum, when registered. */
  readonly mibEnum?: number;
  /** The IANA "preferred MIME name", when it differs from `name`. */
  readonly preferredMimeName?: string;
  /** The IANA aliases (not the WHATWG labels). */
  readonly aliases: readonly string[];
  /** The WHATWG encoding the looked-up label means on the web, when it is a WHATWG label. */
  readonly whatwgName?: string;
  /** The family codec implementing this charset (`@x/utf8` or `@x/legacy-charsets/<codec>`), when there is one. */
  readonly codec?: string;
  /**
   * Whether the family can decode and encode this charset. `false`: the charset is known (its
   * labels resolve) but not implemented, and decoding it fails at once with `not-implemented`.
   */
  readonly implemented: boolean;
}

let rows: CharsetInfo[] | undefined;
let byName: Map<string, number> | undefined;
let byWhatwg: Map<string, number> | undefined;
let byCodec: Map<string, number> | undefined;

function build(): void {
  rows = [];
  byName = new Map();
  byWhatwg = new Map();
  byCodec = new Map();
  for (const [name, mib, preferred, aliases, whatwg, codec] of registryRows()) {
    const info: { -readonly [K in keyof CharsetInfo]: CharsetInfo[K] } = {
      name,
      aliases: Object.freeze(aliases === '' ? [] : aliases.split(',')),
      implemented: codec !== '',
    };
    if (mib !== '') info.mibEnum = Number(mib);
    if (preferred !== '') info.preferredMimeName = preferred;
    if (codec !== '') info.codec = codec;
    const index = rows.length;
    // Entries are shared between calls: frozen, so that one caller cannot change another's answer.
    rows.push(Object.freeze(info));
    for (const n of [name, preferred, ...info.aliases]) {
      if (n !== '' && !byName.has(n.toLowerCase())) byName.set(n.toLowerCase(), index);
    }
    if (whatwg !== '') byWhatwg.set(whatwg, index);
    if (codec !== '' && !byCodec.has(codec)) byCodec.set(codec, index);
  }
}

/**
 * Looks a charset label up in the joined registry: the IANA Character Sets registry (name, MIBenum,
 * preferred MIME name, aliases), the WHATWG meaning of the label, and the family codec, or that
 * there is none (`implemented: false`).
 *
 * An IANA name or alias finds its IANA record; a WHATWG-only label (`utf8`, `cp1252`, `x-sjis`)
 * finds the record of the WHATWG encoding it means; a codec name of the family (`ucs-4`, `cp932`)
 * the first record that codec implements. Names compare ASCII case-insensitively,
 * surrounding whitespace ignored.
 * {@link https://www.iana.org/assignments/character-sets/character-sets.xhtml | IANA Character Sets},
 * {@link https://encoding.spec.whatwg.org/#names-and-labels | WHATWG Encoding §4.2}.
 *
 * @param label - A charset name or alias.
 * @returns The registry entry, or `null` when neither registry knows the label.
 * @throws Never.
 * @example
 * ```ts
 * const latin1 = lookup('latin1');
 * latin1?.name; // 'ISO_8859-1:1987'
 * latin1?.mibEnum; // 4
 * latin1?.preferredMimeName; // 'ISO-8859-1'
 * latin1?.whatwgName; // 'windows-1252'
 * latin1?.codec; // 'iso-8859-1'
 * lookup('T.61-8bit')?.implemented; // false: known, not implemented
 * ```
 */
export function lookup(label: string): CharsetInfo | null {
  if (rows === undefined) build();
  const whatwg = resolveLabel(label);
  const key = normalizeLabel(label);
  let index = key === undefined ? undefined : byName!.get(key);
  if (index === undefined && whatwg !== undefined) index = byWhatwg!.get(whatwg.name);
  // A codec name of the family (`ucs-4`, `cp932`): the first record that codec implements.
  if (index === undefined && key !== undefined) index = byCodec!.get(key);
  if (index === undefined) return null;
  const info = rows![index]!;
  return whatwg === undefined ? info : { ...info, whatwgName: whatwg.name };
}

/**
 * Lists the codecs the family implements, by codec name: the lowercase WHATWG names of the web
 * encodings and the family's own names for the others (`iso-8859-1`, `us-ascii`, `cp437`, `utf-7`…).
 * {@link https://encoding.spec.whatwg.org/#names-and-labels | WHATWG Encoding §4.2}.
 *
 * @returns The codec names, in registry order.
 * @throws Never.
 * @example
 * ```ts
 * codecNames().includes('cp437'); // true
 * ```
 */
export function codecNames(): string[] {
  return CODECS.split(',');
}

// @x/mime-charset/load: a loadCodec that imports what a label needs, each codec from its own
// @x/legacy-charsets/<codec> subpath. A bundler with code splitting puts each codec in a chunk of its
// own, loaded on first use; without splitting, a bundle of this entry holds every codec.
import { type CharsetCodec, codecByName, codecsOfLabel, decoderFor, registerCodec } from './codecs';
import type { LabelMode } from './labels';
import { LOADERS } from './generated/loaders';
import { ucs2, ucs4 } from './ucs';

/** The loaders of the codecs this package builds over a legacy one (src/ucs.ts). */
const WRAPPERS: Record<string, (() => Promise<{ codec: CharsetCodec }>) | undefined> = {
  'ucs-2': async () => ({ codec: ucs2((await import('@x/legacy-charsets/utf-16be')).codec) }),
  'ucs-4': async () => ({ codec: ucs4((await import('@x/legacy-charsets/utf-32be')).codec) }),
};

/**
 * Imports and registers the codecs a label names in every label mode (`ISO-8859-1` needs
 * windows-1252 for the web and iso-8859-1 for mail), then returns the one of the given mode. For
 * `@x/mime-charset/lean`; the main entry has every codec already. Codecs registered before are
 * kept.
 * {@link https://encoding.spec.whatwg.org/#concept-encoding-get | WHATWG Encoding §4.2 (get an encoding)}.
 *
 * @param label - A charset label.
 * @param options - `mode` of the codec returned: `whatwg` (default), `iana` or `loose`.
 * @returns The codec for the label in that mode.
 * @throws `CharsetError` (rejects) with reason `unknown-label` when no mode knows the label,
 * `not-implemented` when the family has no codec for the charset.
 * @example
 * ```ts
 * const codec = await loadCodec('ISO-8859-1');
 * codec.name; // 'windows-1252'
 * ```
 */
export async function loadCodec(
  label: string,
  options?: { mode?: LabelMode },
): Promise<CharsetCodec> {
  for (const name of codecsOfLabel(label)) {
    if (codecByName(name) !== undefined) continue;
    const load = LOADERS[name] ?? WRAPPERS[name];
    if (load !== undefined) registerCodec((await load()).codec);
  }
  return decoderFor(label, options?.mode);
}

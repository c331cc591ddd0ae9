// Shared by the text-coding and streams tests: the encodings they cover and a chunking helper.
import fc from 'fast-check';
import { WHATWG_LABELS } from '../src/generated/labels';

/** Every WHATWG encoding label, and the encoding it names (WHATWG Encoding §4.2). */
export const WHATWG_LABEL_LIST: readonly (readonly [label: string, name: string])[] =
  WHATWG_LABELS.split(';').flatMap((row) => {
    const space = row.indexOf(' ');
    const name = row.slice(0, space).toLowerCase();
    return row
      .slice(space + 1)
      .split(',')
      .map((label) => [label, name] as const);
  });

/** The 39 WHATWG encodings a TextDecoder can be made for (`replacement` is refused). */
export const WHATWG_ENCODINGS: readonly string[] = [
  ...new Set(WHATWG_LABEL_LIST.map(([, name]) => name)),
].filter((name) => name !== 'replacement');

/**
 * Node's TextDecoder (full ICU) decodes these as the Encoding Standard does only on well-formed
 * input (EUC-JP, ISO-2022-JP) or not even then: ICU's Shift_JIS swaps 0x1A and 0x1C and makes 0x80
 * U+FFFD, its EUC-KR lacks the UHC extension, its Big5 has other HKSCS mappings. ICU's ISO-2022-JP
 * drops the bytes of a broken escape sequence (`ESC $` at the end is U+FFFD, where §13.2.1's escape
 * state gives the `$` back to the input: U+FFFD `$`) and reads a line feed after two-byte text as
 * the end of it (the Standard's lead byte state has no such rule). One ESC followed by `$` or `(`
 * in random bytes is rare enough that a property test meets it once in some hundred runs. For them
 * the oracle is the codec decoding all the bytes at once, and @exodus/bytes
 * (test/exodus-differential.test.ts).
 */
export const NODE_DIVERGES: ReadonlySet<string> = new Set([
  'big5',
  'euc-jp',
  'euc-kr',
  'iso-2022-jp',
  'shift_jis',
]);

/** What `decoder` gives for `input` fed in the chunks `cuts` makes (see {@link split}), then flushed. */
export function decodeInChunks(
  decoder: { decode(input?: Uint8Array, options?: { stream?: boolean }): string },
  input: Uint8Array,
  cuts: readonly number[],
): string {
  return (
    split(input, cuts)
      .map((part) => decoder.decode(part, { stream: true }))
      .join('') + decoder.decode()
  );
}

/** Splits `bytes` at the given cut points (any numbers; reduced modulo the length, sorted). */
export function split<T extends { slice(a: number, b?: number): T; length: number }>(
  input: T,
  cuts: readonly number[],
): T[] {
  const points = [...new Set(cuts.map((c) => (input.length ? c % (input.length + 1) : 0)))].sort(
    (a, b) => a - b,
  );
  const parts: T[] = [];
  let at = 0;
  for (const p of points) {
    parts.push(input.slice(at, p));
    at = p;
  }
  parts.push(input.slice(at));
  return parts;
}

/**
 * Any JavaScript string, lone surrogates included, weighted towards what encoders treat apart:
 * ASCII, Latin-1, other BMP characters, surrogate pairs and lone surrogates. (fast-check's own
 * `unit: 'binary'` strings are far slower to generate.)
 */
export function anyText(maxLength: number): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
        fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)),
        fc.integer({ min: 0x100, max: 0xffff }).map((c) => String.fromCharCode(c)),
        fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
        fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
        fc.constantFrom('日本', 'あ', '€', '😀', 'ß', '\r\n'),
      ),
      { maxLength },
    )
    .map((parts) => parts.join(''));
}

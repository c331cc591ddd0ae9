// Feeding a streaming detector in chunks, for the detect tests.
import { createCharsetDetector } from '../src/detect';

/**
 * Feeds `bytes` to a new detector cut at `cuts` (taken modulo the length, sorted) until it is
 * done; its best encoding then, and how many bytes it read.
 */
export function stream(bytes: Uint8Array, cuts: number[]): { encoding: string; read: number } {
  const d = createCharsetDetector();
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...at, bytes.length]) {
    if (d.done) break;
    d.feed(bytes.subarray(from, to));
    from = to;
  }
  return { encoding: d.result()[0]!.encoding, read: from };
}

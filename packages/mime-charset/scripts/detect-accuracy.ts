// Accuracy of charset detectors on the held-out corpus (scripts/detect-corpus.ts): per encoding
// and per document length, where an answer counts as right when it decodes the document exactly
// as its own encoding does (windows-1252 for ASCII text, GBK for GB 2312 text). Used by
// bench/detect.bench.ts (which prints the README's tables) and test/detect-accuracy.test.ts.
import { decode } from '@x/legacy-charsets';
import { type CorpusDocument, decodesAlike } from './detect-corpus';

/** A detector under test: the name of its best guess, or null. */
export type Guess = (bytes: Uint8Array) => string | null | undefined;

const decodeWith = (bytes: Uint8Array, name: string): string =>
  name === 'utf-8' || name === 'utf-16le' || name === 'utf-16be'
    ? new TextDecoder(name, { fatal: true }).decode(bytes)
    : decode(bytes, name, { fatal: true });

/** Right answers and documents, by length, by encoding (at every length), and overall. */
export interface Accuracy {
  readonly byLength: Map<number, [right: number, total: number]>;
  readonly byEncoding: Map<string, [right: number, total: number]>;
}

export function accuracy(guess: Guess, corpus: readonly CorpusDocument[]): Accuracy {
  const byLength = new Map<number, [number, number]>();
  const byEncoding = new Map<string, [number, number]>();
  for (const d of corpus) {
    let g: string | null | undefined;
    try {
      g = guess(d.bytes);
    } catch {
      g = null;
    }
    const ok = decodesAlike(d.bytes, d.encoding, g, decodeWith) ? 1 : 0;
    for (const [map, key] of [
      [byLength, d.length],
      [byEncoding, d.encoding],
    ] as const) {
      const cell = (map as Map<unknown, [number, number]>).get(key) ?? [0, 0];
      cell[0] += ok;
      cell[1]++;
      (map as Map<unknown, [number, number]>).set(key, cell);
    }
  }
  return { byLength, byEncoding };
}

const pct = ([right, total]: [number, number]): string => `${((100 * right) / total).toFixed(1)}%`;

/** Markdown tables: accuracy by length, then by encoding, one column per detector. */
export function accuracyTables(results: readonly [string, Accuracy][]): string {
  const names = results.map(([n]) => n);
  const head = (first: string) =>
    `| ${first} | ${names.join(' | ')} |\n| --- | ${names.map(() => '---:').join(' | ')} |\n`;
  let s = head('length');
  const lengths = [...results[0]![1].byLength.keys()];
  for (const len of lengths)
    s += `| ${len >= 1024 ? `${len / 1024} KiB` : `${len} B`} | ${results.map(([, a]) => pct(a.byLength.get(len)!)).join(' | ')} |\n`;
  const all = (a: Accuracy): [number, number] =>
    [...a.byLength.values()].reduce<[number, number]>((x, y) => [x[0] + y[0], x[1] + y[1]], [0, 0]);
  s += `| all | ${results.map(([, a]) => pct(all(a))).join(' | ')} |\n\n`;
  s += head('encoding (all lengths)');
  for (const e of [...results[0]![1].byEncoding.keys()].sort())
    s += `| ${e} | ${results.map(([, a]) => pct(a.byEncoding.get(e)!)).join(' | ')} |\n`;
  return s;
}

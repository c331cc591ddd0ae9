// The official CNS 11643 planes 1 and 2 mapping as committed (data/cns11643/), read without the
// generator, for the tests of the codecs that use it (iso-2022-cn, euc-tw).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry: its code as written (`1-4421`), plane, row and cell (0x21-0x7E), and code point. */
export interface CnsEntry {
  code: string;
  plane: number;
  row: number;
  cell: number;
  cp: number;
}

export const cnsEntries: readonly CnsEntry[] = readFileSync(
  join(import.meta.dirname, '../data/cns11643/cns11643-planes-1-2.txt'),
  'utf8',
)
  .split('\n')
  .filter((line) => /^[12]-/.test(line))
  .map((line) => {
    const [code, cp] = line.split('\t') as [string, string];
    return {
      code,
      plane: Number(code[0]),
      row: Number.parseInt(code.slice(2, 4), 16),
      cell: Number.parseInt(code.slice(4), 16),
      cp: Number.parseInt(cp, 16),
    };
  });

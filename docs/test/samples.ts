// Extracts the code samples of a guide and turns their stated results into assertions.
//
// A sample is a fenced block tagged `ts` or `js`. Inside it, a line of the form
//   <expression>; // => <expected value>
// states what the expression evaluates to, and a line of the form
//   <expression>; // throws <ErrorName>
// states that it throws an error of that name. Both become checks; everything else runs as written.
// A sample must state at least one result, so that no sample in a guide goes unverified.

import { writeFileSync } from 'node:fs';
import { expect } from 'vitest';

export interface Sample {
  /** The guide's file name. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
}

export interface Check {
  kind: 'equals' | 'throws';
  expression: string;
  expected: string;
  /** 1-based line in the guide. */
  line: number;
}

const fence = /^(`{3,}|~{3,})\s*([A-Za-z]*)(.*)$/;

/** Every `ts`/`js` fenced block in a markdown document, with its position. */
export function extractSamples(file: string, markdown: string): Sample[] {
  const lines = markdown.split('\n');
  const out: Sample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = fence.exec(lines[i] ?? '');
    if (!open) continue;
    const marker = open[1] ?? '```';
    const lang = (open[2] ?? '').toLowerCase();
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j] ?? '').startsWith(marker)) body.push(lines[j++] ?? '');
    if (lang === 'ts' || lang === 'js' || lang === 'typescript' || lang === 'javascript') {
      out.push({ file, line: i + 1, lang, code: body.join('\n') });
    }
    i = j;
  }
  return out;
}

const equalsLine = /^(\s*)(.+?);?\s*\/\/ => (.+)$/;
const throwsLine = /^(\s*)(.+?);?\s*\/\/ throws ([A-Za-z_$][\w$]*)\s*$/;

/**
 * Rewrites a sample into a module exporting `run(check)`: each stated result becomes a call of
 * `check(kind, () => expression, expected, line)`; imports stay at the top level.
 */
export function toModule(sample: Sample): { source: string; checks: Check[] } {
  const imports: string[] = [];
  const body: string[] = [];
  const checks: Check[] = [];
  const lines = sample.code.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const text = lines[k] ?? '';
    const line = sample.line + 1 + k;
    if (/^import\s/.test(text)) {
      imports.push(text);
      continue;
    }
    const t = throwsLine.exec(text);
    if (t) {
      const [, indent, expression = '', name = ''] = t;
      checks.push({ kind: 'throws', expression, expected: name, line });
      body.push(
        `${indent}__check('throws', () => (${expression}), ${JSON.stringify(name)}, ${line});`,
      );
      continue;
    }
    const e = equalsLine.exec(text);
    if (e) {
      const [, indent, expression = '', expected = ''] = e;
      checks.push({ kind: 'equals', expression, expected, line });
      body.push(`${indent}__check('equals', () => (${expression}), (${expected}), ${line});`);
      continue;
    }
    body.push(text);
  }
  const source = [
    ...imports,
    'export async function run(__check: (kind: string, actual: () => unknown, expected: unknown, line: number) => void): Promise<void> {',
    ...body,
    '}',
    '',
  ].join('\n');
  return { source, checks };
}

/**
 * Writes `sample` as the module `file`, runs it, and asserts each result it states, naming a failure
 * by `where(line)`; returns the checks, which the caller may require to be at least one.
 */
export async function runSample(
  sample: Sample,
  file: string,
  where: (line: number) => string,
): Promise<Check[]> {
  const { source, checks } = toModule(sample);
  writeFileSync(file, source);
  const mod = (await import(/* @vite-ignore */ file)) as {
    run(
      check: (kind: string, actual: () => unknown, expected: unknown, line: number) => void,
    ): Promise<void>;
  };
  let ran = 0;
  await mod.run((kind, actual, expected, line) => {
    ran++;
    if (kind === 'throws') {
      let thrown: unknown;
      try {
        actual();
      } catch (e) {
        thrown = e;
      }
      expect(thrown, `${where(line)} should throw ${String(expected)}`).toBeInstanceOf(Error);
      expect((thrown as Error).name, where(line)).toBe(expected);
    } else {
      expect(actual(), where(line)).toEqual(expected);
    }
  });
  expect(ran).toBe(checks.length);
  return checks;
}

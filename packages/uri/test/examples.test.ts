// Runs every example in the README and in the TSDoc of src/: each `expression; // result` line is a
// claim, checked with toEqual; a statement followed only by comment lines claims what those comments say.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as cgi from '../src/cgi';
import * as data from '../src/data';
import * as file from '../src/file';
import * as ftp from '../src/ftp';
import * as http from '../src/http';
import * as index from '../src/index';
import * as ldap from '../src/ldap';
import * as mailto from '../src/mailto';
import * as tel from '../src/tel';
import * as uts46 from '../src/uts46';

const scope: Record<string, unknown> = {
  ...index,
  ...mailto,
  ...data,
  ...file,
  ...http,
  ...ftp,
  ...uts46,
  ...cgi,
  ...tel,
  ...ldap,
};
const root = join(import.meta.dirname, '..');

interface Block {
  where: string;
  code: string;
}

function blocks(text: string, where: string, prefix: RegExp): Block[] {
  const out: Block[] = [];
  const lines = text.split('\n').map((l) => l.replace(prefix, ''));
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ts\s*$/.test(lines[i]!)) continue;
    const start = i + 1;
    while (i < lines.length && lines[i] !== '```') i++;
    out.push({ where: `${where}:${start}`, code: lines.slice(start, i).join('\n') });
  }
  return out;
}

/** Turns a block into a script whose claims call `__claim(actual, expected, label)`. */
function instrument(code: string): { script: string; claims: number } {
  const lines = code.split('\n').filter((l) => !/^import /.test(l));
  const out: string[] = [];
  let pending: string[] = [];
  let claims = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*\/\//.test(line)) {
      out.push(line);
      continue;
    }
    pending.push(line);
    const m = /^(.*);\s*(?:\/\/\s?(.*))?$/.exec(line);
    if (!m) continue;
    // a claim is written `// value` or, as the docs check it, `// => value`
    let result = m[2]?.replace(/^=>\s?/, '');
    pending[pending.length - 1] = m[1]!;
    // a statement without a trailing comment claims what the comment lines right after it say
    while (
      i + 1 < lines.length &&
      /^\s*\/\//.test(lines[i + 1]!) &&
      (result === undefined || !balanced(result))
    ) {
      result = `${result ?? ''} ${lines[++i]!.replace(/^\s*\/\/\s?/, '')}`;
    }
    const statement = pending.join('\n');
    pending = [];
    if (result === undefined || /^\s*(const|let|if|for)\b/.test(statement)) {
      out.push(`${statement};`);
    } else {
      claims++;
      out.push(`__claim((${statement}), (${result}), ${JSON.stringify(statement.trim())});`);
    }
  }
  out.push(...pending);
  return { script: out.join('\n'), claims };
}

function balanced(s: string): boolean {
  let depth = 0;
  for (const c of s) {
    if (c === '{' || c === '[' || c === '(') depth++;
    if (c === '}' || c === ']' || c === ')') depth--;
  }
  return depth === 0;
}

const all: Block[] = [
  ...blocks(readFileSync(join(root, 'README.md'), 'utf8'), 'README.md', /^/),
  ...readdirSync(join(root, 'src'))
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => blocks(readFileSync(join(root, 'src', f), 'utf8'), `src/${f}`, /^\s*\* ?/)),
];

describe('README', () => {
  it('states the whole surface of each entry', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const surface = readme
      .slice(readme.indexOf('This package exports'), readme.indexOf('### parse('))
      .replace(/\s+/g, ' ');
    const listed = (entry: string): string[] => {
      const at = surface.indexOf(`from \`${entry}\`:`);
      expect(at, entry).toBeGreaterThanOrEqual(0);
      const rest = surface.slice(at + entry.length + 8);
      const end = rest.search(/;|\.\s*$/);
      return [...rest.slice(0, end < 0 ? rest.length : end).matchAll(/`(\w+)`/g)]
        .map((m) => m[1]!)
        .sort();
    };
    expect(listed('@x/uri')).toEqual(Object.keys(index).sort());
    expect(listed('@x/uri/mailto')).toEqual(Object.keys(mailto).sort());
    expect(listed('@x/uri/data')).toEqual(Object.keys(data).sort());
    expect(listed('@x/uri/file')).toEqual(Object.keys(file).sort());
    expect(listed('@x/uri/http')).toEqual(Object.keys(http).sort());
    expect(listed('@x/uri/ftp')).toEqual(Object.keys(ftp).sort());
    expect(listed('@x/uri/uts46')).toEqual(Object.keys(uts46).sort());
    expect(listed('@x/uri/cgi')).toEqual(Object.keys(cgi).sort());
    expect(listed('@x/uri/tel')).toEqual(Object.keys(tel).sort());
    expect(listed('@x/uri/ldap')).toEqual(Object.keys(ldap).sort());
  });
});

describe('documentation examples', () => {
  it('there are examples to run, and a false claim fails', () => {
    expect(all.length).toBeGreaterThanOrEqual(35);
    expect(all.reduce((n, b) => n + instrument(b.code).claims, 0)).toBeGreaterThanOrEqual(60);
    const bad = instrument("parse('x:y')\n  .path; // 'z'");
    expect(bad.claims).toBe(1);
    const js = transformSync(bad.script, { loader: 'ts' }).code;
    const claim = (a: unknown, e: unknown): void => expect(a).toEqual(e);
    expect(() => new Function('__claim', 'parse', js)(claim, index.parse)).toThrow();
  });
  it.each(all.map((b) => [b.where, b] as const))('%s', (_, block) => {
    const { script, claims } = instrument(block.code);
    const js = transformSync(script, { loader: 'ts' }).code;
    let checked = 0;
    const claim = (actual: unknown, expected: unknown, label: string): void => {
      checked++;
      expect(actual, label).toEqual(expected);
    };
    new Function('__claim', ...Object.keys(scope), js)(claim, ...Object.values(scope));
    expect(checked).toBe(claims);
  });
});

// The built package as users get it (dist/, built here when older than src/): its ESM and CommonJS
// builds, portable and node, loaded in one process (the dual package hazard). The node builds share
// their errors (a brand, src/codec.node.ts): an error thrown by either is an instance of both
// builds' classes. The portable builds keep the plain classes (the brand would cost every codec
// about 120 B): each build's errors are instances of its own classes.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Charsets from '../src/index';

const root = join(import.meta.dirname, '..');
const FILES = ['dist/index.js', 'dist/index.cjs', 'dist/node/index.js', 'dist/node/index.cjs'];

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return t;
}

let builds: [string, typeof Charsets][] = [];

beforeAll(async () => {
  const built = Math.min(
    ...FILES.map((f) => (existsSync(join(root, f)) ? statSync(join(root, f)).mtimeMs : 0)),
  );
  if (built < newest(join(root, 'src')))
    execFileSync(process.execPath, [join(root, '../../node_modules/tsup/dist/cli-default.js')], {
      cwd: root,
      stdio: 'ignore',
    });
  const require = createRequire(import.meta.url);
  builds = await Promise.all(
    FILES.map(
      async (f): Promise<[string, typeof Charsets]> => [
        f,
        f.endsWith('.cjs')
          ? (require(join(root, f)) as typeof Charsets)
          : ((await import(
              /* @vite-ignore */ pathToFileURL(join(root, f)).href
            )) as typeof Charsets),
      ],
    ),
  );
}, 180_000);

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('no error');
};

describe('the ESM and CommonJS builds in one process', () => {
  it('are distinct copies of the package', () => {
    expect(new Set(builds.map(([, b]) => b.DecodeError)).size).toBe(4);
  });

  it('DecodeError and EncodeError of either node build are instances of both node builds’ classes', () => {
    const node = builds.filter(([f]) => f.startsWith('dist/node/'));
    expect(node.length).toBe(2);
    for (const [from, thrower] of node) {
      const decodeError = thrown(() =>
        thrower.decode(new Uint8Array([0x41, 0xd2]), 'windows-1253', { fatal: true }),
      );
      const encodeError = thrown(() => thrower.encode('ab€', 'iso-8859-1'));
      for (const [to, catcher] of node) {
        expect([from, to, decodeError instanceof catcher.DecodeError]).toEqual([from, to, true]);
        expect([from, to, encodeError instanceof catcher.EncodeError]).toEqual([from, to, true]);
        expect(decodeError instanceof catcher.EncodeError).toBe(false);
        expect(encodeError instanceof catcher.DecodeError).toBe(false);
        expect(decodeError instanceof Error).toBe(true);
      }
    }
  });

  it('every build’s errors are instances of its own classes, and of Error', () => {
    for (const [from, b] of builds) {
      const decodeError = thrown(() =>
        b.decode(new Uint8Array([0x41, 0xd2]), 'windows-1253', { fatal: true }),
      );
      const encodeError = thrown(() => b.encode('ab€', 'iso-8859-1'));
      expect([from, decodeError instanceof b.DecodeError, decodeError instanceof Error]).toEqual([
        from,
        true,
        true,
      ]);
      expect([
        from,
        encodeError instanceof b.EncodeError,
        encodeError instanceof b.DecodeError,
      ]).toEqual([from, true, false]);
    }
  });

  it('the brand admits nothing else', () => {
    for (const [, b] of builds) {
      for (const other of [
        new Error('x'),
        { name: 'DecodeError' },
        null,
        undefined,
        1,
        'DecodeError',
      ])
        expect(other instanceof b.DecodeError || other instanceof b.EncodeError).toBe(false);
      // A subclass keeps the usual prototype check.
      class Sub extends b.DecodeError {}
      expect(new Sub(0, 'x') instanceof Sub).toBe(true);
      expect(new b.DecodeError(0, 'x') instanceof Sub).toBe(false);
      expect(new Sub(0, 'x') instanceof b.DecodeError).toBe(true);
    }
  });
});

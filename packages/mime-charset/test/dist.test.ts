// The built package as users get it (dist/, built here when older than src/): the ESM and CommonJS
// builds in one process share what must be shared, and what a bundler without code splitting puts
// in a bundle of each entry.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const work = join(root, '.vitest', 'dist-test');

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return t;
}

beforeAll(() => {
  const built = existsSync(join(root, 'dist', 'load.cjs'))
    ? statSync(join(root, 'dist', 'index.js')).mtimeMs
    : 0;
  if (built < Math.max(newest(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs))
    execFileSync(process.execPath, [join(root, '../../node_modules/tsup/dist/cli-default.js')], {
      cwd: root,
      stdio: 'ignore',
    });
  for (const sibling of ['utf8', 'legacy-charsets'])
    if (!existsSync(join(root, '..', sibling, 'dist', 'index.cjs')))
      execFileSync(process.execPath, [join(root, '../../node_modules/tsup/dist/cli-default.js')], {
        cwd: join(root, '..', sibling),
        stdio: 'ignore',
      });
  mkdirSync(work, { recursive: true });
}, 120_000);

/** Runs a module in a fresh Node process, from inside the package (so that it can import itself). */
function run(name: string, source: string): unknown {
  const file = join(work, name);
  writeFileSync(file, source);
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: root, encoding: 'utf8' }));
}

describe('the ESM and CommonJS builds in one process (dual package hazard)', () => {
  it('share registered codecs and error classes; each hands out its own format of the codecs', () => {
    const result = run(
      'dual.mjs',
      `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const esm = await import('@x/mime-charset');
const cjs = require('@x/mime-charset');
const legacyEsm = await import('@x/legacy-charsets');
const legacyCjs = require('@x/legacy-charsets');
const out = {};
out.twoBuilds = esm.decode !== cjs.decode;
// A codec registered through import is seen through require, and the other way round.
esm.registerCodec({ name: 'koi8-t', decode: () => 'from esm', encode: () => new Uint8Array() });
out.registeredSeenByCjs = cjs.decode(new Uint8Array([1]), 'koi8-t', { mode: 'iana' });
cjs.registerCodec({ name: 'koi8-ru', decode: () => 'from cjs', encode: () => new Uint8Array() });
out.registeredSeenByEsm = esm.decode(new Uint8Array([1]), 'koi8-ru', { mode: 'iana' });
const thrown = (f) => { try { f(); } catch (e) { return e; } };
const charsetError = thrown(() => cjs.decode(new Uint8Array(), 'no-such'));
out.charsetErrorBoth = charsetError instanceof esm.CharsetError && charsetError instanceof cjs.CharsetError;
const syntaxError = thrown(() => esm.parseContentType('text/html; charset', { strict: true }));
out.syntaxErrorBoth = syntaxError instanceof esm.HeaderSyntaxError && syntaxError instanceof cjs.HeaderSyntaxError;
out.notAnError = {} instanceof esm.CharsetError || new Error('x') instanceof cjs.CharsetError;
// Built-in codecs: CommonJS callers get the CommonJS codecs (and DecodeError), ESM callers the ESM ones.
const fatal = (m) => thrown(() => m.decode(new Uint8Array([0x81]), 'cp1252', { mode: 'iana', fatal: true }));
out.cjsDecodeError = fatal(cjs) instanceof legacyCjs.DecodeError;
out.esmDecodeError = fatal(esm) instanceof legacyEsm.DecodeError;
console.log(JSON.stringify(out));
`,
    );
    expect(result).toEqual({
      twoBuilds: true,
      registeredSeenByCjs: 'from esm',
      registeredSeenByEsm: 'from cjs',
      charsetErrorBoth: true,
      syntaxErrorBoth: true,
      notAnError: false,
      cjsDecodeError: true,
      esmDecodeError: true,
    });
  });

  it('a CommonJS loadCodec requires the CommonJS codec: no ESM copy of the codec package', () => {
    const result = run(
      'cjs-load.cjs',
      `
const { decode } = require('@x/mime-charset/lean');
const { loadCodec } = require('@x/mime-charset/load');
const { DecodeError } = require('@x/legacy-charsets');
loadCodec('koi8-u').then((codec) => {
  let error;
  try { decode(new Uint8Array([0x41]), 'utf-8'); codec.decode(new Uint8Array([0xff]), { fatal: true }); }
  catch (e) { error = e; }
  const loaded = Object.keys(require.cache).filter((f) => f.includes('legacy-charsets')).map((f) => f.split('/').pop());
  console.log(JSON.stringify({
    name: codec.name,
    text: decode(new Uint8Array([0xe1]), 'koi8-u'),
    required: loaded.includes('koi8-u.cjs'),
    esmCopy: loaded.some((f) => f.endsWith('.js')),
  }));
});
`,
    );
    expect(result).toEqual({ name: 'koi8-u', text: 'А', required: true, esmCopy: false });
  });
});

/** Bundles `source` with esbuild, no code splitting, nothing external; min+gzip size and the code. */
async function bundle(source: string): Promise<{ gzip: number; code: string }> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  return { gzip: gzipSync(code, { level: 9 }).length, code };
}

const KIB = 1024;

describe('the node build of @x/mime-charset/labels, as Node loads it (the node condition)', () => {
  it('enableIanaLabels enables the iana and loose modes of the same entry, ESM and CommonJS', () => {
    // The entry's labelToEncoding and enableIanaLabels must share one label table: a node build
    // that bundled the portable table into the entry and the closure form into a chunk had each
    // install into a table the other does not read.
    const probe = (m: string) => `
      ${m}
      const before = (() => { try { return labelToEncoding('latin1', { mode: 'iana' }); } catch (e) { return e.reason; } })();
      enableIanaLabels();
      console.log(JSON.stringify([before, labelToEncoding('latin1', { mode: 'iana' }), labelToEncoding('win1253', { mode: 'loose' }), labelToEncoding(' Latin1 ')]));`;
    const expected = ['labels-not-enabled', 'ISO-8859-1', 'windows-1253', 'windows-1252'];
    expect(
      run(
        'labels-node.mjs',
        probe(`import { enableIanaLabels, labelToEncoding } from '@x/mime-charset/labels';`),
      ),
    ).toEqual(expected);
    expect(
      run(
        'labels-node.cjs',
        probe(`const { enableIanaLabels, labelToEncoding } = require('@x/mime-charset/labels');`),
      ),
    ).toEqual(expected);
  });
});

describe('what a bundle of each entry holds (esbuild --bundle, no splitting)', () => {
  it('@x/mime-charset/labels { getEncoding }: the WHATWG labels only, under 3 KiB', async () => {
    const { gzip, code } = await bundle(
      "import { getEncoding } from '@x/mime-charset/labels'; console.log(getEncoding('latin1'));",
    );
    expect(gzip).toBeLessThan(3 * KIB);
    expect(code).not.toContain('ISO_8859-1:1987'); // no IANA registry
  });

  it('@x/mime-charset/labels { labelToEncoding }: no registry, under 3 KiB; iana mode asks for enableIanaLabels', async () => {
    const { gzip, code } = await bundle(
      `import { labelToEncoding } from '@x/mime-charset/labels';
       let reason; try { labelToEncoding('latin1', { mode: 'iana' }); } catch (e) { reason = e.reason; }
       console.log(labelToEncoding('latin1'), reason);`,
    );
    expect(gzip).toBeLessThan(3 * KIB);
    expect(code).not.toContain('ISO_8859-1:1987');
    const file = join(work, 'labels-bundle.mjs');
    writeFileSync(file, code);
    expect(execFileSync(process.execPath, [file], { encoding: 'utf8' })).toBe(
      'windows-1252 labels-not-enabled\n',
    );
  });

  it('@x/mime-charset/labels { labelToEncoding, enableIanaLabels }: the registry, every mode', async () => {
    const { code } = await bundle(
      `import { enableIanaLabels, labelToEncoding } from '@x/mime-charset/labels';
       enableIanaLabels();
       console.log(labelToEncoding('latin1', { mode: 'iana' }), labelToEncoding('win1253', { mode: 'loose' }));`,
    );
    const file = join(work, 'labels-iana-bundle.mjs');
    writeFileSync(file, code);
    expect(execFileSync(process.execPath, [file], { encoding: 'utf8' })).toBe(
      'ISO-8859-1 windows-1253\n',
    );
  });

  it('@x/mime-charset/lean { labelToEncoding } alone: the iana mode works with no setup call', async () => {
    const { code } = await bundle(
      `import { labelToEncoding } from '@x/mime-charset/lean';
       console.log(labelToEncoding('csISOLatin1', { mode: 'iana' }));`,
    );
    const file = join(work, 'lean-labels-bundle.mjs');
    writeFileSync(file, code);
    expect(execFileSync(process.execPath, [file], { encoding: 'utf8' })).toBe('ISO-8859-1\n');
  });

  it('@x/mime-charset/lean with one codec registered: that codec and no other', async () => {
    const { gzip, code } = await bundle(
      `import { decode, registerCodec } from '@x/mime-charset/lean';
       import { codec } from '@x/legacy-charsets/windows-1253';
       registerCodec(codec);
       console.log(decode(new Uint8Array([0xe1]), 'windows-1253'));`,
    );
    expect(gzip).toBeLessThan(14 * KIB);
    expect(code).not.toMatch(/\bimport\(/);
    const file = join(work, 'lean-bundle.mjs');
    writeFileSync(file, code);
    expect(execFileSync(process.execPath, [file], { encoding: 'utf8' })).toBe('α\n');
  });

  it('@x/mime-charset { decode }: every codec, working with no setup call', async () => {
    const { gzip, code } = await bundle(
      `import { decode, decodeEncodedWords } from '@x/mime-charset';
       console.log(decode(new Uint8Array([0xe1]), 'windows-1253'), decodeEncodedWords('=?ISO-2022-KR?Q?=1B$)C=0E0!=0F?=').text);`,
    );
    expect(gzip).toBeGreaterThan(80 * KIB);
    const file = join(work, 'main-bundle.mjs');
    writeFileSync(file, code);
    expect(execFileSync(process.execPath, [file], { encoding: 'utf8' })).toBe('α 가\n');
  });

  it('@x/mime-charset/load without splitting inlines every codec; with splitting, one chunk each', async () => {
    const plain = await bundle("export { loadCodec } from '@x/mime-charset/load';");
    expect(plain.gzip).toBeGreaterThan(80 * KIB);
    const split = await build({
      stdin: {
        contents: "import { loadCodec } from '@x/mime-charset/load'; await loadCodec('greek');",
        resolveDir: root,
        loader: 'js',
      },
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: join(work, 'split'),
      write: false,
      logLevel: 'silent',
    });
    const entry = split.outputFiles.find((f) => f.path.endsWith('stdin.js'))!;
    expect(gzipSync(entry.contents).length).toBeLessThan(14 * KIB);
    expect(split.outputFiles.length).toBeGreaterThan(100);
  });
});

describe('the platform-like classes of each build, as shipped', () => {
  it("keep their names and the platform's error identity (a bundler may rename a class)", () => {
    const result = run(
      'names.mjs',
      `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const builds = {
  'node ESM': await import('@x/mime-charset'),
  'node CJS': require('@x/mime-charset'),
  'portable ESM': await import('../../dist/index.js'),
  'portable CJS': require('../../dist/index.cjs'),
};
const out = {};
for (const [name, m] of Object.entries(builds)) {
  let error;
  try { new m.TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff])); } catch (e) { error = e; }
  out[name] = [m.TextDecoder.name, m.TextEncoder.name, m.TextDecoderStream.name, m.TextEncoderStream.name,
    Object.prototype.toString.call(new m.TextDecoder()), error.constructor === TypeError, error.name,
    error instanceof m.TextDecodeError, error.index,
    // what logs and stack traces show: the class's own name, not a bundler's _CharsetError
    m.CharsetError.name, m.HeaderSyntaxError.name, m.TextDecodeError.name, m.TransferEncodingError.name,
    new m.HeaderSyntaxError(3, 'x').constructor.name];
}
console.log(JSON.stringify(out));
`,
    ) as Record<string, unknown[]>;
    const want = [
      'TextDecoder',
      'TextEncoder',
      'TextDecoderStream',
      'TextEncoderStream',
      '[object TextDecoder]',
      true,
      'TypeError',
      true,
      0,
      'CharsetError',
      'HeaderSyntaxError',
      'TextDecodeError',
      'TransferEncodingError',
      'HeaderSyntaxError',
    ];
    expect(result).toEqual({
      'node ESM': want,
      'node CJS': want,
      'portable ESM': want,
      'portable CJS': want,
    });
  });

  it('load and encode with no TextDecoder or TextEncoder (not ECMAScript: Hermes and QuickJS lack them)', () => {
    const result = run(
      'no-text-decoder.mjs',
      `
delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
const m = await import('../../dist/index.js');
const bytes = new Uint8Array(20000).map((_, i) => i * 7);
console.log(JSON.stringify([
  m.encodeBase64(bytes).replace(/\\r\\n/g, '') === Buffer.from(bytes).toString('base64'),
  m.decodeBase64(m.encodeBase64(bytes)).every((b, i) => b === bytes[i]),
  m.encodeQuotedPrintable(new Uint8Array([0x63, 0x61, 0x66, 0xc3, 0xa9])),
  m.decode(new Uint8Array([0x63, 0x61, 0x66, 0xc3, 0xa9]), 'utf-8'),
]));
`,
    );
    expect(result).toEqual([true, true, 'caf=C3=A9', 'café']);
  });
});

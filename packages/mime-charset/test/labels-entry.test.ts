// @x/mime-charset/labels alone: the `whatwg` mode works with no setup; the `iana` and `loose` modes
// throw a typed error until `enableIanaLabels()`, then answer as the main entry does.
import { describe, expect, it, vi } from 'vitest';
import { registryRows } from '../src/registry-rows';

type Labels = typeof import('../src/labels');
type Main = typeof import('../src/index');

/** A fresh copy of the labels entry, with no other entry loaded in its module graph. */
async function freshLabels(): Promise<Labels> {
  vi.resetModules();
  return import('../src/labels');
}

describe('@x/mime-charset/labels without enableIanaLabels', () => {
  it('labelToEncoding in iana and loose modes throws CharsetError labels-not-enabled naming the call', async () => {
    const labels = await freshLabels();
    for (const mode of ['iana', 'loose'] as const) {
      let caught: unknown;
      try {
        labels.labelToEncoding('latin1', { mode });
      } catch (error) {
        caught = error;
      }
      const { CharsetError } = await import('../src/errors');
      expect(caught).toBeInstanceOf(CharsetError);
      expect((caught as InstanceType<typeof CharsetError>).reason).toBe('labels-not-enabled');
      expect((caught as Error).message).toContain('enableIanaLabels()');
      expect((caught as InstanceType<typeof CharsetError>).label).toBe('latin1');
    }
  });

  it('an unknown label in iana mode throws too, never a silent null', async () => {
    const labels = await freshLabels();
    expect(() => labels.labelToEncoding('no-such-charset', { mode: 'iana' })).toThrow(
      /enableIanaLabels/,
    );
  });

  it('the whatwg mode and getEncoding need no setup', async () => {
    const labels = await freshLabels();
    expect(labels.labelToEncoding(' Latin1 ')).toBe('windows-1252');
    expect(labels.labelToEncoding('latin1', { mode: 'whatwg' })).toBe('windows-1252');
    expect(labels.getEncoding('ks_c_5601-1987')).toBe('EUC-KR');
  });
});

describe('@x/mime-charset/labels after enableIanaLabels', () => {
  it('every name and alias of the registry, in every mode, resolves as in the main entry', async () => {
    const labels = await freshLabels();
    labels.enableIanaLabels();
    labels.enableIanaLabels(); // twice: no change
    vi.resetModules();
    const main: Main = await import('../src/index');
    expect(labels.labelToEncoding).not.toBe(main.labelToEncoding); // two module copies indeed
    const all = new Set<string>();
    for (const [name, , preferred, aliases, whatwg, codec] of registryRows())
      for (const label of [name, preferred, whatwg, codec, ...aliases.split(',')])
        if (label !== '') {
          all.add(label);
          all.add(label.toUpperCase());
          all.add(` ${label.replace(/[-_]/g, '')}\t`);
        }
    expect(all.size).toBeGreaterThan(1000);
    let resolved = 0;
    for (const label of all)
      for (const mode of ['whatwg', 'iana', 'loose'] as const) {
        const answer = main.labelToEncoding(label, { mode });
        if (answer !== null) resolved++;
        expect(labels.labelToEncoding(label, { mode }), `${label} (${mode})`).toBe(answer);
      }
    expect(resolved).toBeGreaterThan(all.size);
  });

  it('the seed and iconv-lite spellings in loose mode', async () => {
    const labels = await freshLabels();
    labels.enableIanaLabels();
    expect(labels.labelToEncoding('1253', { mode: 'loose' })).toBe('windows-1253');
    expect(labels.labelToEncoding('ms-greek', { mode: 'loose' })).toBe('windows-1253');
    expect(labels.labelToEncoding('csShiftJIS', { mode: 'iana' })).toBe('Shift_JIS');
  });
});

// The entry points: the lean entry has the main entry's API; the labels entry is label lookup only.
import { describe, expect, it } from 'vitest';
import * as main from '../src/index';
import * as labels from '../src/labels';
import * as lean from '../src/lean';
import * as load from '../src/load';

describe('entry points', () => {
  it('@x/mime-charset/lean exports what @x/mime-charset exports', () => {
    expect(Object.keys(lean).sort()).toEqual(Object.keys(main).sort());
  });

  it('the same functions: only the built-in codecs differ', () => {
    const shared = (m: Record<string, unknown>): string[] =>
      Object.keys(m).filter((k) => m[k] !== (main as Record<string, unknown>)[k]);
    expect(shared(lean)).toEqual([]);
  });

  it('@x/mime-charset/labels has getEncoding, labelToEncoding and enableIanaLabels; /load has loadCodec', () => {
    expect(Object.keys(labels)).toEqual(
      expect.arrayContaining(['enableIanaLabels', 'getEncoding', 'labelToEncoding']),
    );
    expect(labels.getEncoding('latin1')).toBe('windows-1252');
    labels.enableIanaLabels();
    expect(labels.labelToEncoding('1253', { mode: 'loose' })).toBe('windows-1253');
    expect(Object.keys(load)).toEqual(['loadCodec']);
  });
});

// Accuracy on the held-out corpus (scripts/detect-corpus.ts: paragraphs of the UDHR the models
// never saw), one document per language, encoding and length: the floors under what the bench
// measures for the README (bench/detect.bench.ts), so that a change that loses accuracy fails.
import { describe, expect, it } from 'vitest';
import { accuracy } from '../scripts/detect-accuracy';
import { buildCorpus } from '../scripts/detect-corpus';
import { detectCharset } from '../src/detect';

describe('accuracy on held-out text', () => {
  const corpus = buildCorpus([16, 64, 256, 1024, 16384], 1);
  const result = accuracy((b) => detectCharset(b)[0]!.encoding, corpus);
  const rate = (len: number) => {
    const [right, total] = result.byLength.get(len)!;
    return right / total;
  };

  it('at least 95% at 1 KiB and 16 KiB', () => {
    expect(rate(1024)).toBeGreaterThanOrEqual(0.95);
    expect(rate(16384)).toBeGreaterThanOrEqual(0.95);
  });

  it('at least 80% at 16 bytes, 95% at 64 and 256 bytes', () => {
    expect(rate(16)).toBeGreaterThanOrEqual(0.8);
    expect(rate(64)).toBeGreaterThanOrEqual(0.95);
    expect(rate(256)).toBeGreaterThanOrEqual(0.95);
  });

  it('every encoding right on at least 70% of its documents (all lengths)', () => {
    for (const [encoding, [right, total]] of result.byEncoding)
      expect(right / total, encoding).toBeGreaterThanOrEqual(0.7);
  });
});

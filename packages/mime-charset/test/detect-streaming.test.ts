// `done` of the streaming detector (src/detect.ts): it turns true only when no other candidate
// can still overtake the leader, so that a crawler that stops reading there gets the answer the
// whole text gives. Texts whose deciding byte comes late: Greek in ISO-8859-7 or windows-1253
// whose only Ά (B6 in one, A2 in the other) is near the end, Ukrainian KOI8-U whose first і comes
// after a long Russian part. The sentences are the tests' own.
import { decode, encode } from '@x/legacy-charsets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../scripts/detect-corpus';
import { createCharsetDetector, detectCharset } from '../src/detect';
import { stream } from './detect-feed';

const GREEK_HEAD =
  'Οι άνθρωποι της πόλης περπατούσαν στην παραλία κάθε βράδυ, μιλούσαν για τη θάλασσα, ' +
  'για τα καράβια και για τους φίλους τους που ζούσαν μακριά. ';
const RUSSIAN_HEAD =
  'Вечером мы долго гуляли по набережной, говорили о книгах, о море и о друзьях, ' +
  'которые живут далеко. ';

const cases: readonly (readonly [string, string, string])[] = [
  ['ISO-8859-7, Ά at the end', `${GREEK_HEAD.repeat(12)}Άλλοι έμειναν σπίτι.`, 'iso-8859-7'],
  ['windows-1253, Ά at the end', `${GREEK_HEAD.repeat(12)}Άλλοι έμειναν σπίτι.`, 'windows-1253'],
  ['KOI8-U, і at the end', `${RUSSIAN_HEAD.repeat(12)}Київ і Львів.`, 'koi8-u'],
];

describe('done: the streaming answer equals the whole-text answer', () => {
  it.each(cases)('%s', (_, text, encoding) => {
    const bytes = encode(text, encoding);
    const whole = detectCharset(bytes)[0]!.encoding;
    expect(decode(bytes, whole)).toBe(text);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        expect(stream(bytes, cuts).encoding).toBe(whole);
      }),
      { numRuns: 60 },
    );
  });

  it('not done while a twin reads every byte so far alike', () => {
    const bytes = encode(GREEK_HEAD.repeat(12), 'iso-8859-7');
    const d = createCharsetDetector();
    d.feed(bytes);
    expect(d.done).toBe(false);
  });

  it('done early once every other candidate is far behind (windows-1251 Russian)', () => {
    const bytes = encode(RUSSIAN_HEAD.repeat(40), 'windows-1251');
    const { encoding, read } = stream(
      bytes,
      Array.from({ length: 40 }, (_, i) => i * 512),
    );
    expect(encoding).toBe('windows-1251');
    expect(read).toBeLessThan(bytes.length / 2);
  });

  it('on the held-out UDHR documents of 16 KiB, in chunks of any size', () => {
    const corpus = buildCorpus([16384], 1);
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.integer({ min: 1, max: 5000 }), (doc, size) => {
        const cuts = Array.from({ length: Math.ceil(doc.bytes.length / size) }, (_, i) => i * size);
        expect(stream(doc.bytes, cuts).encoding).toBe(detectCharset(doc.bytes)[0]!.encoding);
      }),
      { numRuns: 100 },
    );
  });
});

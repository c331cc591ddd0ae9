// Stray bytes in multi-byte text (src/detect.ts, STRAY_COST): real pages and mail hold one Latin-1
// byte pasted into a Korean page, a character cut at a buffer's end and joined to the next. A
// decoder turns such a byte into one U+FFFD and reads on, so the encoding that loses one character
// must stay first, over a single-byte page that garbles every character. The texts are the
// held-out UDHR documents of the accuracy corpus (scripts/detect-corpus.ts).
import { decode, encode } from '@x/legacy-charsets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../scripts/detect-corpus';
import { createCharsetDetector, detectCharset } from '../src/detect';
import { stream } from './detect-feed';

const MULTI_BYTE = ['shift_jis', 'euc-jp', 'euc-kr', 'gbk', 'gb18030', 'big5', 'utf-8'];
const corpus = buildCorpus([512, 2048], 3).filter((d) => MULTI_BYTE.includes(d.encoding));

const fatal = (bytes: Uint8Array, encoding: string): boolean => {
  try {
    if (encoding === 'utf-8') new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    else decode(bytes, encoding, { fatal: true });
    return false;
  } catch {
    return true;
  }
};
const insert = (bytes: Uint8Array, at: number, b: number): Uint8Array => {
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes.subarray(0, at));
  out[at] = b;
  out.set(bytes.subarray(at), at + 1);
  return out;
};
/** The name the detector gives an encoding (GBK text is gb18030 text too). */
const sameEncoding = (answer: string, encoding: string): boolean => {
  const a = answer.toLowerCase();
  return a === encoding || (a === 'gbk' && encoding === 'gb18030');
};
const top = (bytes: Uint8Array): string => detectCharset(bytes)[0]!.encoding;
/** Characters outside ASCII in the text the document holds. */
const multiByteChars = (bytes: Uint8Array, encoding: string): number =>
  [...(encoding === 'utf-8' ? new TextDecoder().decode(bytes) : decode(bytes, encoding))].filter(
    (c) => c.charCodeAt(0) >= 0x80,
  ).length;

describe('one invalid byte in a long multi-byte text', () => {
  // A fixed seed (a linear congruential generator): the same positions and bytes every run.
  let seed = 20240611;
  const random = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };

  it.each(MULTI_BYTE)(
    '%s: the encoding stays first, wherever past the first 64 bytes',
    (encoding) => {
      // UTF-8 texts with few multi-byte characters (English, Dutch) are left out: there a stray
      // byte makes a single-byte reading the one that loses least (see below).
      const docs = corpus.filter(
        (d) => d.encoding === encoding && multiByteChars(d.bytes, encoding) >= 16,
      );
      expect(docs.length).toBeGreaterThan(0);
      const wrong: string[] = [];
      let tried = 0;
      for (const d of docs)
        for (let k = 0, found = 0; k < 200 && found < 8; k++) {
          const at = 64 + random(d.bytes.length - 64);
          const bytes = insert(d.bytes, at, 0x80 + random(128));
          // Only a byte that makes the text invalid: a decoder's U+FFFD.
          if (!fatal(bytes, encoding)) continue;
          found++;
          tried++;
          const best = detectCharset(bytes)[0]!;
          if (!sameEncoding(best.encoding, encoding))
            wrong.push(
              `${d.lang} ${d.length} B, ${bytes[at]!.toString(16)} at ${at}: ${best.encoding}`,
            );
        }
      expect(tried).toBeGreaterThanOrEqual(8 * docs.length);
      expect(wrong).toEqual([]);
    },
  );

  it('EUC-KR text of 363 bytes and one stray byte is EUC-KR, not ISO-8859-5 at 0.999', () => {
    const d = corpus.find((x) => x.encoding === 'euc-kr' && x.length === 512)!;
    for (const b of [0x80, 0xe9, 0xff]) {
      const bytes = insert(d.bytes.subarray(0, 363), 200, b);
      const best = detectCharset(bytes)[0]!;
      expect(best.encoding).toBe('EUC-KR');
      expect(best.confidence).toBeGreaterThan(0.9);
    }
  });

  it('UTF-8 with one Latin-1 byte is UTF-8 (a decoder loses one character)', () => {
    const text = 'Все люди рождаются свободными и равными в своем достоинстве и правах. '.repeat(6);
    const bytes = insert(new TextEncoder().encode(text), 301, 0xe9);
    expect(detectCharset(bytes)[0]!.encoding).toBe('UTF-8');
    expect(new TextDecoder().decode(bytes).split('\ufffd').join('')).toBe(text);
    const french = new TextEncoder().encode(
      'Où est la gare ? À gauche, après le café. Élève, garçon, façade, déjà vu. '.repeat(8),
    );
    expect(detectCharset(insert(french, 301, 0xe9))[0]!.encoding).toBe('UTF-8');
  });

  it('a stray byte among ASCII with no multi-byte character is read whole by a single-byte page', () => {
    const bytes = insert(
      new TextEncoder().encode(
        'All human beings are born free and equal in dignity and rights. '.repeat(8),
      ),
      300,
      0xe9,
    );
    const best = detectCharset(bytes)[0]!;
    expect(best.encoding).not.toBe('UTF-8');
    expect(decode(bytes, best.encoding)).toContain('é');
  });
});

describe('errors that are not rare still rule an encoding out', () => {
  it('an error in the first 64 bytes (chardetng lib.rs:3647 test_not_euc_kr)', () => {
    const korean = encode('테스트. '.repeat(40), 'euc-kr');
    const bytes = Uint8Array.from([0xc9, 0xa0, 0xb0, 0xa1, 0x20, ...korean]);
    expect(detectCharset(bytes).map((c) => c.encoding)).not.toContain('EUC-KR');
  });

  it('a short text: one error in fewer than 64 characters', () => {
    const d = corpus.find((x) => x.encoding === 'euc-kr')!;
    const text = d.bytes.subarray(0, 100);
    expect(decode(text, 'euc-kr').length).toBeLessThan(64);
    expect(top(text)).toBe('EUC-KR');
    expect(detectCharset(insert(text, 80, 0xff)).map((c) => c.encoding)).not.toContain('EUC-KR');
  });

  it('windows-1252 French is not UTF-8: an error at every accented letter', () => {
    const bytes = encode(
      `${'x'.repeat(80)} Où est la gare ? À gauche, après le café, près de l’école et du marché. `.repeat(
        4,
      ),
      'windows-1252',
    );
    expect(detectCharset(bytes).map((c) => c.encoding)).not.toContain('UTF-8');
    expect(detectCharset(bytes)[0]!.encoding).toBe('windows-1252');
  });

  it('random bytes still rule everything out at once', () => {
    const bytes = new Uint8Array(4096);
    let x = 7;
    for (let i = 0; i < bytes.length; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      bytes[i] = (x >>> 16) & 0xff || 1;
    }
    const d = createCharsetDetector();
    d.feed(bytes);
    expect(d.done).toBe(true);
    expect(d.result()).toEqual([{ encoding: 'windows-1252', confidence: 0 }]);
  });
});

describe('streaming with stray bytes', () => {
  const long = buildCorpus([16384], 1).filter((d) => MULTI_BYTE.includes(d.encoding));

  it('the answer at done is the whole text’s, however the text is cut', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...long),
        fc.integer({ min: 64, max: 16383 }),
        fc.constantFrom(0x80, 0xa0, 0xe9, 0xfd, 0xff),
        fc.array(fc.nat(), { maxLength: 10 }),
        (doc, at, b, cuts) => {
          const bytes = insert(doc.bytes, Math.min(at, doc.bytes.length), b);
          const whole = detectCharset(bytes);
          expect(stream(bytes, cuts).encoding).toBe(whole[0]!.encoding);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('not done while a reading left out for its stray bytes could still lead', () => {
    // Chinese in UTF-8 with two stray bytes early: UTF-8 is left out of the answer until it has
    // read 128 characters, by when 256 bytes are past; the detector must not settle for the best
    // reading that is in the answer meanwhile (a legacy CJK one).
    const d0 = corpus.find(
      (x) => x.encoding === 'utf-8' && x.lang === 'zh-Hans' && x.length === 2048,
    )!;
    const bytes = insert(insert(d0.bytes, 70, 0xff), 90, 0xff);
    expect(top(bytes)).toBe('UTF-8');
    expect(top(bytes.subarray(0, 300))).not.toBe('UTF-8');
    const d = createCharsetDetector();
    for (let at = 0; at < bytes.length && !d.done; at += 16) d.feed(bytes.subarray(at, at + 16));
    expect(d.result()[0]!.encoding).toBe('UTF-8');
  });
});

describe('UTF-8 cut inside its first character (a chunk from the middle of a stream)', () => {
  const utf8Docs = buildCorpus([64, 256], 1).filter(
    (d) => d.encoding === 'utf-8' && d.bytes.some((b) => b >= 0xc2),
  );

  it('1-3 continuation bytes at the start cost, and the text is still UTF-8', () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const d of utf8Docs)
      for (let p = 1, n = 0; p < d.bytes.length && n < 3; p++) {
        if ((d.bytes[p]! & 0xc0) !== 0x80) continue;
        let q = p;
        while ((d.bytes[q]! & 0xc0) === 0x80) q++;
        // A text that keeps a whole multi-byte character after the cut.
        if (!d.bytes.subarray(q).some((b) => b >= 0xc2)) continue;
        n++;
        tried++;
        const guess = top(d.bytes.subarray(p));
        if (guess !== 'UTF-8') wrong.push(`${d.lang} ${d.length} B from ${p}: ${guess}`);
      }
    expect(tried).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
    // Streamed in chunks, the first one a single continuation byte.
    const bytes = new TextEncoder().encode('Все люди рождаются свободными и равными.').subarray(1);
    expect(stream(bytes, [1, 5, 17]).encoding).toBe('UTF-8');
  });

  it('only at the start, and at most 3', () => {
    const text = new TextEncoder().encode('Все люди рождаются свободными и равными.');
    const names = (bytes: Uint8Array) => detectCharset(bytes).map((c) => c.encoding);
    expect(names(Uint8Array.of(0x80, 0x80, 0x80, ...text))).toContain('UTF-8');
    expect(names(Uint8Array.of(0x80, 0x80, 0x80, 0x80, ...text))).not.toContain('UTF-8');
    expect(names(Uint8Array.of(0x41, 0x80, ...text))).not.toContain('UTF-8');
    expect(names(Uint8Array.of(...text.subarray(0, 4), 0x80, ...text.subarray(4)))).not.toContain(
      'UTF-8',
    );
  });
});

// Confidence (src/detect.ts): a right answer says so, a wrong one says it is unsure. Inputs from
// chardetng's tests (third_party/rust/chardetng/src/lib.rs of Thunderbird 140.12.0, cited by line)
// and the tests' own sentences.
import { decode, encode } from '@x/legacy-charsets';
import { describe, expect, it } from 'vitest';
import { detectCharset } from '../src/detect';

const best = (bytes: Uint8Array | number[]) =>
  detectCharset(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))[0]!;

describe('CJK text on any subject, not only the UDHR’s vocabulary', () => {
  it.each([
    // lib.rs:3359 test_traditional: Big5 at 0.002 before
    ['這是一個字符編碼測試。', 'Big5'],
    ['今天天氣很好，我們去公園散步吧。', 'Big5'],
    ['這個問題很難回答，請大家想一想。', 'Big5'],
    ['天気予報によると明日は雨が降るそうです。', 'Shift_JIS'],
  ])('%s in %s', (text, encoding) => {
    const bytes = encode(text, encoding);
    const guess = best(bytes);
    expect(guess.encoding).toBe(encoding);
    expect(decode(bytes, guess.encoding)).toBe(text);
    expect(guess.confidence).toBeGreaterThan(0.95);
  });
});

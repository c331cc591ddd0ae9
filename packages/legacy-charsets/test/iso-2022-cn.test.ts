// ISO-2022-CN (RFC 1922) with CNS 11643 planes 1 and 2: every table entry, the shift and
// designation rules, streaming, and the encoder's round trip and output form.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codec } from '../src/iso-2022-cn';
import { DecodeError, EncodeError } from '../src/index';
import { cnsEntries } from './cns-entries';

const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const ascii = (b: Uint8Array): string => String.fromCharCode(...b);
const errorIndex = (bytes: Uint8Array): number => {
  try {
    codec.decode(bytes, { fatal: true });
  } catch (e) {
    expect(e).toBeInstanceOf(DecodeError);
    return (e as DecodeError).index;
  }
  return -1;
};

const entries = cnsEntries.map(({ plane, row, cell, cp }) => ({
  plane,
  pair: String.fromCharCode(row, cell),
  cp,
}));
const privateUse = entries.filter((e) => e.cp >= 0xf0000);
const mapped = entries.filter((e) => e.cp < 0xf0000);
const plane = (p: number) => mapped.filter((e) => e.plane === p);

const SO_CNS1 = '\x1b$)G\x0e';
const SS2_CNS2 = '\x1b$*H';

describe('TSDoc example', () => {
  it('decodes 華 from plane 1 and encodes 中華 with GB 2312 and plane 1', () => {
    expect(codec.decode(new Uint8Array([0x1b, 0x24, 0x29, 0x47, 0x0e, 0x61, 0x5e, 0x0f]))).toBe(
      '華',
    );
    expect(String.fromCharCode(...codec.encode('中華'))).toBe('\x1b$)A\x0eVP\x1b$)G\x0ea^\x0f');
  });
});

describe('CNS 11643 tables', () => {
  it('has the official entries: 6,330 in plane 1 (538 private-use ones left out), 7,650 in plane 2', () => {
    expect(plane(1)).toHaveLength(6330);
    expect(privateUse).toHaveLength(538);
    expect(privateUse.every((e) => e.plane === 1)).toBe(true);
    expect(plane(2)).toHaveLength(7650);
  });
  it('decodes every plane 1 entry after ESC $ ) G and SO', () => {
    const text = plane(1)
      .map((e) => e.pair)
      .join('');
    expect(codec.decode(bytesOf(`${SO_CNS1}${text}\x0f`), { fatal: true })).toBe(
      String.fromCodePoint(...plane(1).map((e) => e.cp)),
    );
  });
  it('decodes every plane 2 entry after ESC $ * H, each behind ESC N', () => {
    const text = plane(2)
      .map((e) => `\x1bN${e.pair}`)
      .join('');
    expect(codec.decode(bytesOf(`${SS2_CNS2}${text}`), { fatal: true })).toBe(
      String.fromCodePoint(...plane(2).map((e) => e.cp)),
    );
  });
  it('decodes the codes mapped to private use, and the unassigned codes, as errors', () => {
    const text = privateUse.map((e) => e.pair).join('');
    expect(codec.decode(bytesOf(`${SO_CNS1}${text}\x0f`))).toBe('\ufffd'.repeat(privateUse.length));
    for (const { pair } of privateUse.slice(0, 40)) {
      expect(errorIndex(bytesOf(`${SO_CNS1}${pair}`))).toBe(5);
    }
    // Every pair of the 94x94 grid: as many decode as the table has entries, the rest are errors.
    for (const p of [1, 2]) {
      let all = p === 1 ? SO_CNS1 : SS2_CNS2;
      for (let row = 0x21; row <= 0x7e; row++) {
        for (let cell = 0x21; cell <= 0x7e; cell++) {
          all += `${p === 2 ? '\x1bN' : ''}${String.fromCharCode(row, cell)}`;
        }
      }
      const decoded = codec.decode(bytesOf(all));
      expect([...decoded].filter((c) => c !== '\ufffd')).toHaveLength(plane(p).length);
      expect(decoded.split('\ufffd').length - 1).toBe(94 * 94 - plane(p).length);
    }
  });
  it('gives the fatal error the offset of the pair', () => {
    const [first] = privateUse;
    expect(errorIndex(bytesOf(`ab${SO_CNS1}D!${first!.pair}`))).toBe(9);
    // A single-shifted character's error is at its ESC N; 2-7245 follows the last of plane 2.
    expect(errorIndex(bytesOf(`${SS2_CNS2}\x1bN!!\x1bNrE`))).toBe(8);
  });
  it('follows the official mapping where glibc differs: 1-2126 is U+2027, as Big5 0xA145', () => {
    expect(codec.decode(bytesOf(`${SO_CNS1}!&\x0f`), { fatal: true })).toBe('\u2027');
    expect(codec.decode(bytesOf(`${SO_CNS1}$?\x0f`), { fatal: true })).toBe('\u3039');
  });
});

describe('RFC 1922 shifts and designations', () => {
  it('SS2 takes the next two bytes only', () => {
    expect(codec.decode(bytesOf(`${SS2_CNS2}\x1bN!!!!`), { fatal: true })).toBe('乂!!');
    // In SO mode too: G1 goes on after the single-shifted character.
    expect(codec.decode(bytesOf(`${SO_CNS1}D!\x1b$*H\x1bN!!D!\x0f`), { fatal: true })).toBe(
      '一乂一',
    );
  });
  it('SS2 must be followed by a character', () => {
    expect(codec.decode(bytesOf(`${SS2_CNS2}\x1bN\n!!`))).toBe('\ufffd\n!!');
    expect(codec.decode(bytesOf(`${SS2_CNS2}\x1bN !!`))).toBe('\ufffd !!');
    expect(codec.decode(bytesOf(`${SS2_CNS2}\x1bN!`))).toBe('\ufffd');
    expect(codec.decode(bytesOf(`${SS2_CNS2}\x1bN`))).toBe('\ufffd');
    expect(errorIndex(bytesOf(`${SS2_CNS2}\x1bN\n!!`))).toBe(4);
    expect(errorIndex(bytesOf(`a${SS2_CNS2}\x1bN!`))).toBe(5);
  });
  it('SO or SS2 without a designation is an error', () => {
    expect(codec.decode(bytesOf('\x0eD!\x0f'))).toBe('\ufffdD!');
    expect(errorIndex(bytesOf('ab\x0eD!'))).toBe(2);
    expect(codec.decode(bytesOf('\x1bN!!'))).toBe('\ufffd!!');
    expect(errorIndex(bytesOf('a\x1bN!!'))).toBe(1);
    // ESC $ ) G designates G1, not G2.
    expect(codec.decode(bytesOf('\x1b$)G\x1bN!!'))).toBe('\ufffd!!');
  });
  it('a designation holds across SI and SO within the line', () => {
    expect(codec.decode(bytesOf(`${SO_CNS1}D!\x0fa\x0eD!\x0f b`), { fatal: true })).toBe('一a一 b');
    expect(codec.decode(bytesOf(`${SS2_CNS2}\x1bN!!a\x0f\x1bN!!`), { fatal: true })).toBe('乂a乂');
  });
  it('a newer SO designation replaces the older one, even while shifted', () => {
    expect(codec.decode(bytesOf('\x1b$)A\x0eVP\x1b$)GD!\x0f'), { fatal: true })).toBe('中一');
  });
  it('designations end with the line: after CRLF they must be repeated', () => {
    expect(codec.decode(bytesOf(`${SO_CNS1}D!\x0f\r\n\x0eD!\x0f`))).toBe('一\r\n\ufffdD!');
    expect(errorIndex(bytesOf(`${SO_CNS1}D!\x0f\r\n\x0eD!\x0f`))).toBe(10);
    expect(codec.decode(bytesOf(`${SS2_CNS2}\r\n\x1bN!!`))).toBe('\r\n\ufffd!!');
    expect(
      codec.decode(bytesOf(`${SO_CNS1}D!\x0f\r\n${SO_CNS1}D!\x0f\r\n${SS2_CNS2}\x1bN!!`), {
        fatal: true,
      }),
    ).toBe('一\r\n一\r\n乂');
    // A bare LF ends a line too; a missing SI before it is forgiven (ASCII again after it).
    expect(codec.decode(bytesOf(`${SO_CNS1}D!\nD!`), { fatal: true })).toBe('一\nD!');
  });
  it('ISO-IR-165 and the ISO-2022-CN-EXT planes 3-7 are recognised but decode as errors', () => {
    expect(codec.decode(bytesOf('\x1b$)E\x0e!!\x0fa'))).toBe('\ufffda');
    expect(codec.decode(bytesOf('\x1b$+I\x1bO!!a'))).toBe('\ufffda');
    expect(codec.decode(bytesOf('\x1b$+M\x1bO!!\x1bO"!'))).toBe('\ufffd\ufffd');
    expect(errorIndex(bytesOf('a\x1b$+I\x1bO!!'))).toBe(5);
  });
});

/** A checker of the encoder's output form (RFC 1922): 7-bit; on each line SO only after an SO
 * designation and ESC N only after an SS2 designation on that line; SI before every line end. */
function checkForm(bytes: Uint8Array): void {
  let g1 = false;
  let g2 = false;
  let shifted = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    expect(b).toBeLessThan(0x80);
    if (b === 0x1b) {
      const seq = ascii(bytes.subarray(i + 1, i + 4));
      if (seq === '$)A' || seq === '$)G') {
        g1 = true;
        // SO follows at once, for decoders (glibc) that take a new G1 set only at the next SO.
        expect(bytes[i + 4]).toBe(0x0e);
      } else if (seq === '$*H') g2 = true;
      else {
        expect(seq[0]).toBe('N');
        expect(g2).toBe(true);
        i += 2; // the character after SS2
      }
      i += seq[0] === 'N' ? 1 : 3;
    } else if (b === 0x0e) {
      expect(g1).toBe(true);
      shifted = true;
    } else if (b === 0x0f) shifted = false;
    else if (b === 0x0a || b === 0x0d) {
      expect(shifted).toBe(false);
      g1 = g2 = false;
    }
  }
  expect(shifted).toBe(false);
}

describe('encoding traditional Chinese', () => {
  it('writes GB 2312 first, then CNS 11643 plane 1 (SO), then plane 2 (SS2)', () => {
    // 中 is in GB 2312; 華 (1-615E) and 國 (1-594F) are not, and 民 stays in plane 1 with them.
    expect(ascii(codec.encode('中華民國'))).toBe('\x1b$)A\x0eVP\x1b$)G\x0ea^FaYO\x0f');
    expect(ascii(codec.encode('中華'))).toBe('\x1b$)A\x0eVP\x1b$)G\x0ea^\x0f');
    expect(ascii(codec.encode('乂a'))).toBe('\x1b$*H\x1bN!!a');
  });
  it('repeats the designations on every line and shifts in before the line end', () => {
    const out = codec.encode('臺灣乂\r\n臺灣乂\n');
    expect(ascii(out)).toBe(
      '\x1b$)G\x0ejW}$\x1b$*H\x1bN!!\x0f\r\n\x1b$)G\x0ejW}$\x1b$*H\x1bN!!\x0f\n',
    );
    checkForm(out);
  });
  it("reads GB 2312's undefined codes, private use in the gb18030 index, as errors", () => {
    const gb = (pair: string): string =>
      codec.decode(Uint8Array.from(`\x1b$)A\x0e${pair}\x0f`, (c) => c.charCodeAt(0)));
    for (const pair of ['*!', '/~', 'x!', '~~', '"+']) expect(gb(pair), pair).toBe('\ufffd');
    // GBK's additions there are read as the index has them
    expect(gb('"c')).toBe('€');
  });
  it('cannot encode what neither GB 2312 nor planes 1 and 2 hold', () => {
    expect(() => codec.encode('\u{20000}')).toThrow(EncodeError);
    expect(() => codec.encode('\ue000')).toThrow(EncodeError);
    expect(ascii(codec.encode('a\ue000', { mode: 'replacement' }))).toBe('a?');
  });
  const hanzi = [...plane(1), ...plane(2)]
    .filter((_, k) => k % 7 === 0)
    .map((e) => String.fromCodePoint(e.cp));
  const text = fc
    .array(
      fc.oneof(fc.constantFrom(...hanzi), fc.constantFrom('中', '文', 'a', ' ', '\r\n', '\n')),
      {
        maxLength: 50,
      },
    )
    .map((parts) => parts.join(''));
  it('decode(encode(text)) = text, and the output has the RFC 1922 form', () => {
    fc.assert(
      fc.property(text, (t) => {
        const bytes = codec.encode(t);
        checkForm(bytes);
        expect(codec.decode(bytes, { fatal: true })).toBe(t);
      }),
      { numRuns: 300 },
    );
  });
  it('every entry of both planes round-trips', () => {
    const all = String.fromCodePoint(...mapped.map((e) => e.cp));
    expect(codec.decode(codec.encode(all), { fatal: true })).toBe(all);
  });
});

describe('streaming', () => {
  const pieces = [
    SO_CNS1,
    SS2_CNS2,
    '\x1b$)A',
    '\x1b$)E',
    '\x1b$+I\x1bO',
    '\x0e',
    '\x0f',
    '\x1bN',
    'D!',
    '!!',
    'VP',
    'a',
    '\r\n',
    '\n',
    '\x1b',
    '\x80',
  ];
  const input = fc
    .array(fc.constantFrom(...pieces), { maxLength: 30 })
    .map((p) => bytesOf(p.join('')));
  it('decoding in random chunks equals decoding at once (replacement and fatal)', () => {
    fc.assert(
      fc.property(
        input,
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 8 }),
        (bytes, sizes) => {
          // Chunks of the given sizes (empty ones too), the rest of the input in the last one.
          const parts: Uint8Array[] = [];
          let at = 0;
          for (const n of sizes) parts.push(bytes.subarray(at, (at += n)));
          parts.push(bytes.subarray(at));
          const d = codec.createDecoder();
          const streamed = parts.map((p) => d.decode(p, { stream: true })).join('') + d.decode();
          expect(streamed).toBe(codec.decode(bytes));
          const oneShot = errorIndex(bytes);
          let streamedError = -1;
          const f = codec.createDecoder({ fatal: true });
          try {
            for (const p of parts) f.decode(p, { stream: true });
            f.decode();
          } catch (e) {
            streamedError = (e as DecodeError).index;
          }
          expect(streamedError).toBe(oneShot);
        },
      ),
      { numRuns: 500 },
    );
  });
  it('encoding in chunks equals encoding at once', () => {
    const e = codec.createEncoder();
    const streamed = [
      ...e.encode('中華', { stream: true }),
      ...e.encode('乂\n', { stream: true }),
      ...e.encode('臺'),
    ];
    expect(streamed).toEqual([...codec.encode('中華乂\n臺')]);
  });
});

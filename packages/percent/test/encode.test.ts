import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codec as eucJis2004 } from '../../legacy-charsets/src/euc-jis-2004';
import { codec as iso2022jp } from '../../legacy-charsets/src/iso-2022-jp';
import { codec as shiftJis2004 } from '../../legacy-charsets/src/shift_jis-2004';
import {
  encodeSet,
  percentDecodeBytes,
  percentEncode,
  rfc3986,
  serializeForm,
  whatwg,
} from '../src/index';
import { pureEncode } from './helpers/pure-encode';

const ASCII = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
const alnum = (ch: string): boolean => /^[A-Za-z0-9]$/.test(ch);
/** The ASCII characters a set encodes, found by encoding each one. */
const encodedBy = (set: Parameters<typeof percentEncode>[1]): string =>
  ASCII.filter((ch) => percentEncode(ch, set) !== ch).join('');
const range = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i)).join('');
const C0 = range(0, 0x1f);

describe('RFC 3986 §2 examples', () => {
  it('§2.1: a space is %20, hex digits are uppercase', () => {
    expect(percentEncode(' ', rfc3986.component)).toBe('%20');
    expect(percentEncode('\u00ff\n', rfc3986.component)).toBe('%C3%BF%0A');
  });
  it('§2.4: % itself is encoded as %25 by every RFC 3986 set', () => {
    for (const set of Object.values(rfc3986)) expect(percentEncode('%', set)).toBe('%25');
  });
  it('§2.5: À is %C3%80 and アカ is %E3%82%A2%E3%82%AB (UTF-8)', () => {
    expect(percentEncode('À', rfc3986.component)).toBe('%C3%80');
    expect(percentEncode('アカ', rfc3986.component)).toBe('%E3%82%A2%E3%82%AB');
  });
  it('§2.3: unreserved characters are never encoded', () => {
    const unreserved = ASCII.filter((ch) => alnum(ch) || '-._~'.includes(ch)).join('');
    for (const set of Object.values(rfc3986))
      expect(percentEncode(unreserved, set)).toBe(unreserved);
  });
});

describe('RFC 3986 component sets (appendix A)', () => {
  const printable = range(0x20, 0x7e);
  const keeps = (set: Parameters<typeof percentEncode>[1]): string =>
    printable
      .split('')
      .filter((ch) => !alnum(ch) && percentEncode(ch, set) === ch)
      .join('');
  it('keeps exactly what each grammar allows', () => {
    expect(keeps(rfc3986.component)).toBe('-._~');
    expect(keeps(rfc3986.regName)).toBe("!$&'()*+,-.;=_~");
    expect(keeps(rfc3986.userinfo)).toBe("!$&'()*+,-.:;=_~");
    expect(keeps(rfc3986.segment)).toBe("!$&'()*+,-.:;=@_~");
    expect(keeps(rfc3986.path)).toBe("!$&'()*+,-./:;=@_~");
    expect(keeps(rfc3986.query)).toBe("!$&'()*+,-./:;=?@_~");
    expect(keeps(rfc3986.fragment)).toBe("!$&'()*+,-./:;=?@_~");
  });
  it('encodes every control and DEL', () => {
    for (const set of Object.values(rfc3986))
      expect(percentEncode(`${C0}\x7f`, set)).not.toMatch(/[\0-\x1f\x7f]/);
  });
});

describe('WHATWG encode-set tables (URL Standard §1.3)', () => {
  // Each set written out from the standard's prose, independently of data/encode-sets.json.
  const c0 = `${C0}\x7f`;
  const fragment = `${c0} "<>\``;
  const query = `${c0} "#<>`;
  const specialQuery = `${query}'`;
  const path = `${query}?^\`{}`;
  const userinfo = `${path}/:;=@${range(0x5b, 0x5e)}|`;
  const component = `${userinfo}${range(0x24, 0x26)}+,`;
  const form = `${component}!${range(0x27, 0x29)}~`;
  const sorted = (s: string): string => [...new Set(s)].sort().join('');
  it.each([
    ['c0Control', c0],
    ['fragment', fragment],
    ['query', query],
    ['specialQuery', specialQuery],
    ['path', path],
    ['userinfo', userinfo],
    ['component', component],
    ['form', form],
  ] as const)('%s encodes exactly the ASCII the standard lists', (name, expected) => {
    expect(encodedBy(whatwg[name])).toBe(sorted(expected));
  });
  it('every set encodes every code point above U+007E', () => {
    for (const set of Object.values(whatwg))
      expect(percentEncode('\x80é', set)).toBe('%C2%80%C3%A9');
  });
  it('differential: the URL parser encodes like the path, query, fragment, userinfo and c0Control sets', () => {
    // Characters the parser gives a meaning to in that position are left out.
    for (const ch of range(0x20, 0x7f)) {
      const x = `a${ch}b`;
      if (!'#?/%\\'.includes(ch))
        expect(new URL(`foo://h/${x}`).pathname).toBe(`/${percentEncode(x, whatwg.path)}`);
      if (!'#%'.includes(ch)) {
        expect(new URL(`foo://h/?${x}`).search).toBe(`?${percentEncode(x, whatwg.query)}`);
        expect(new URL(`http://h/?${x}`).search).toBe(`?${percentEncode(x, whatwg.specialQuery)}`);
        expect(new URL(`foo://h/#${x}`).hash).toBe(`#${percentEncode(x, whatwg.fragment)}`);
        if (ch !== '?')
          expect(new URL(`foo:${x}`).pathname).toBe(percentEncode(x, whatwg.c0Control));
      }
      const url = new URL('http://h/');
      url.username = x;
      if (ch !== '%') expect(url.username).toBe(percentEncode(x, whatwg.userinfo));
    }
  });
});

describe('percentEncode', () => {
  it('returns the input itself when nothing needs encoding', () => {
    const s = 'plain-text_1.2~';
    expect(percentEncode(s, rfc3986.component)).toBe(s);
    expect(percentEncode('', rfc3986.component)).toBe('');
  });
  it('encodes astral characters as four octets and a lone surrogate as U+FFFD', () => {
    expect(percentEncode('😀', rfc3986.component)).toBe('%F0%9F%98%80');
    expect(percentEncode('a\ud800b\udc00', rfc3986.component)).toBe('a%EF%BF%BDb%EF%BF%BD');
    expect(percentEncode('\udc00\ud800', rfc3986.component)).toBe('%EF%BF%BD%EF%BF%BD');
  });
  it('encodes octets: ASCII by the set, every octet above 0x7F', () => {
    expect(percentEncode(new Uint8Array([0x61, 0x20, 0x2f, 0x80, 0xff]), rfc3986.path)).toBe(
      'a%20/%80%FF',
    );
    expect(percentEncode(new Uint8Array([0x61, 0x20]), whatwg.form, { spaceAsPlus: true })).toBe(
      'a+',
    );
  });
  it('spaceAsPlus writes a space as +', () => {
    expect(percentEncode('a b+c', whatwg.form, { spaceAsPlus: true })).toBe('a+b%2Bc');
    expect(percentEncode('a b', whatwg.form)).toBe('a%20b');
  });
  it('differential: matches encodeURIComponent with its own set', () => {
    const uriComponent = encodeSet("-_.!~*'()");
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(percentEncode(s, uriComponent)).toBe(encodeURIComponent(s));
      }),
      { numRuns: 200 },
    );
  });
  it('differential: the table path at every UTF-8 length boundary and around surrogates', () => {
    // rfc3986.component encodes !'()* that encodeURIComponent keeps, so a text holding one takes the table.
    const edges = [0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xfffd, 0xffff];
    const astral = ['\u{10000}', '\u{1F600}', '\u{10FFFF}'];
    for (const text of [...edges.map((c) => String.fromCharCode(c)), ...astral]) {
      const url = encodeURIComponent(`${text}!`).replace('!', '%21');
      expect(percentEncode(`${text}!`, rfc3986.component)).toBe(url);
      expect(percentEncode(`!${text}`, rfc3986.component)).toBe(`%21${url.slice(0, -3)}`);
    }
    // A lone surrogate (high at the end, high before a non-surrogate, low alone) is U+FFFD: %EF%BF%BD.
    expect(percentEncode('!\ud83d', rfc3986.component)).toBe('%21%EF%BF%BD');
    expect(percentEncode('!\ud83da', rfc3986.component)).toBe('%21%EF%BF%BDa');
    expect(percentEncode('!\ude00\ud83d\ude00', rfc3986.component)).toBe(
      '%21%EF%BF%BD%F0%9F%98%80',
    );
    for (const text of ['\ud83d', '\ud83da', '\ude00\ud83d\ude00', '\u{10FFFF}\u0800']) {
      const pair: [string, string] = [text, `${text}!`];
      expect(serializeForm([pair])).toBe(new URLSearchParams([pair]).toString());
    }
  });
  it('differential: matches encodeURI with its own set', () => {
    const uri = encodeSet("-_.!~*'();/?:@&=+$,#");
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(percentEncode(s.replace(/[[\]]/g, ''), uri)).toBe(
          encodeURI(s.replace(/[[\]]/g, '')),
        );
      }),
      { numRuns: 200 },
    );
  });
  it('with an encoder: encodes in that charset', () => {
    const latin1 = (text: string): Uint8Array => {
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c > 0xff) throw Object.assign(new Error('unencodable'), { index: i });
        bytes[i] = c;
      }
      return bytes;
    };
    expect(percentEncode('café', rfc3986.component, { encoder: latin1 })).toBe('caf%E9');
    // URL Standard §1.3: an unencodable code point is sent as &#N; escaped.
    expect(percentEncode('a€b😀', whatwg.query, { encoder: latin1 })).toBe(
      'a%26%238364%3Bb%26%23128512%3B',
    );
    expect(percentEncode('\ud800', whatwg.query, { encoder: latin1 })).toBe('%26%2365533%3B');
  });
  it('with an encoder: a lone surrogate is U+FFFD before it is encoded (URL Standard §1.3)', () => {
    // An encoder that holds U+FFFD (as GB18030 does: 84 31 A4 37) and throws on a surrogate.
    const seen: string[] = [];
    const holdsReplacement = (text: string): Uint8Array => {
      seen.push(text);
      const bytes: number[] = [];
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0xfffd) bytes.push(0x84, 0x31, 0xa4, 0x37);
        else if (c < 0x80) bytes.push(c);
        else throw Object.assign(new Error('unencodable'), { index: i });
      }
      return Uint8Array.from(bytes);
    };
    const encoder = holdsReplacement;
    expect(percentEncode('\ud800', whatwg.form, { encoder })).toBe('%841%A47');
    expect(percentEncode('a\udc00b\ud800', whatwg.form, { encoder })).toBe('a%841%A47b%841%A47');
    expect(percentEncode('\ud800\ud800\udc00', whatwg.form, { encoder })).toBe(
      '%841%A47%26%2365536%3B',
    );
    expect(serializeForm([['\udfff', 'x\ud83d']], { encoder })).toBe('%841%A47=x%841%A47');
    // the encoder saw only scalar values: a pair is one character, never cut, never replaced
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    expect(seen.length).toBeGreaterThan(4);
    expect(seen.filter((t) => lone.test(t))).toEqual([]);
  });
  it('with an encoder: rethrows an error that has no usable index', () => {
    const failing = (index: unknown) => (): Uint8Array => {
      throw Object.assign(new Error('nope'), { index });
    };
    for (const index of [undefined, -1, 5, 0.5, '0']) {
      expect(() => percentEncode('abc', rfc3986.component, { encoder: failing(index) })).toThrow(
        'nope',
      );
    }
    expect(() =>
      percentEncode('abc', rfc3986.component, {
        encoder: () => {
          throw null;
        },
      }),
    ).toThrow();
  });
});

describe('a stateful or combining encoder sees each run between unencodable characters whole', () => {
  // URL Standard §1.3 "percent-encode after encoding" runs one encoder over the whole text; the
  // Encoding Standard's ISO-2022-JP encoder returns to ASCII before it reports an error. So a run of
  // kanji between two unencodable characters is one escape pair, never `ESC ( B ESC $ B`, which the
  // WHATWG decoder reads as an error (U+FFFD).
  const jp = (text: string): Uint8Array => iso2022jp.encode(text);
  /** What the output says once decoded: percent-decoded, then read as ISO-2022-JP. */
  const readBack = (encoded: string): string => iso2022jp.decode(percentDecodeBytes(encoded));
  it('ISO-2022-JP: é then 中中中 is a reference and one escape pair, and decodes back', () => {
    const out = percentEncode('é中中中', whatwg.specialQuery, { encoder: jp });
    expect(out).toBe('%26%23233%3B%1B$BCfCfCf%1B(B');
    expect(readBack(out)).toBe('&#233;中中中');
    expect(
      serializeForm([['q', `😀${'中'.repeat(40)}é${'日本'.repeat(30)}`]], { encoder: jp }),
    ).toBe(
      `q=%26%23128512%3B%1B%24B${'Cf'.repeat(40)}%1B%28B%26%23233%3B%1B%24B${'F%7CK%5C'.repeat(30)}%1B%28B`,
    );
  });
  it('WPT url/resources/percent-encoding.json: U+000E then A in ISO-2022-JP is &#65533; then A', () => {
    // Encoding Standard §12.2.2: the ISO-2022-JP encoder reports ESC, SO and SI as U+FFFD.
    expect(percentEncode('\u000EA', whatwg.specialQuery, { encoder: jp })).toBe('%26%2365533%3BA');
  });
  it.each([
    ['shift_jis-2004', shiftJis2004],
    ['euc-jis-2004', eucJis2004],
  ])('%s: か and U+309A after an unencodable character are still one code', (_, codec) => {
    const encoder = (text: string): Uint8Array => codec.encode(text);
    const whole = percentEncode('abcか\u309a', whatwg.specialQuery, { encoder });
    expect(percentEncode('😀abcか\u309a', whatwg.specialQuery, { encoder })).toBe(
      `%26%23128512%3B${whole}`,
    );
    expect(codec.decode(percentDecodeBytes(whole))).toBe('abcか\u309a');
  });
  it('property: the output decodes to the text with each unencodable character as &#N;', () => {
    // Written from the standards: each scalar value (a lone surrogate as U+FFFD) that the encoder
    // cannot hold alone becomes its reference; the rest is the text itself.
    const expected = (text: string): string => {
      let out = '';
      for (const ch of text.replace(/[\ud800-\udfff]/gu, '\ufffd')) {
        try {
          jp(ch);
          out += ch;
        } catch {
          // ESC, SO and SI as U+FFFD (Encoding Standard §12.2.2)
          out += `&#${'\u000e\u000f\u001b'.includes(ch) ? 0xfffd : ch.codePointAt(0)};`;
        }
      }
      return out;
    };
    const unit = fc.constantFrom(
      ...['a', ' ', '~', '\\', '¥', '‾', 'か', 'ア', '中', '日本', '中中中中中', 'é', '😀'],
      ...['\ud800', '\udc00', '\u000e', '\u000f', '\u001b'],
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const text = units.join('');
        const out = percentEncode(text, whatwg.component, { encoder: jp });
        expect(readBack(out)).toBe(expected(text));
        // and to what the codec's own html mode writes
        const html = iso2022jp.encode(text.replace(/[\ud800-\udfff]/gu, '\ufffd'), {
          mode: 'html',
        });
        expect(readBack(out)).toBe(iso2022jp.decode(html));
        expect(readBack(serializeForm([['q', text]], { encoder: jp }))).toBe(
          `q=${expected(text).replace(/ /g, '+')}`,
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('an encoder that does not write a C0 control as its own byte gets each run in one call', () => {
  // The standard's state across an unencodable character comes from one call on the text with the
  // character replaced by a control the text lacks; an encoder that writes that control otherwise
  // (UTF-16, EBCDIC), or text that holds every control, falls back to one call per run.
  const runs: string[] = [];
  /** UTF-16LE of Latin-1 text; throws at the first character above U+00FF. */
  const utf16le = (text: string): Uint8Array => {
    runs.push(text);
    const out = new Uint8Array(2 * text.length);
    for (let i = 0; i < text.length; i++) {
      const u = text.charCodeAt(i);
      if (u > 0xff) throw Object.assign(new Error('unencodable'), { index: i });
      out[2 * i] = u;
    }
    return out;
  };
  it('UTF-16LE: each run between unencodable characters, then the references', () => {
    runs.length = 0;
    expect(percentEncode('ab€c😀', rfc3986.component, { encoder: utf16le })).toBe(
      'a%00b%00%26%238364%3Bc%00%26%23128512%3B',
    );
    expect(runs.slice(-3)).toEqual(['\u0001', 'ab', 'c']);
  });
  it('ISO-2022-JP on text that holds every control but SO, SI and ESC', () => {
    let controls = '';
    for (let c = 1; c < 32; c++)
      if (c !== 14 && c !== 15 && c !== 27) controls += String.fromCharCode(c);
    const jp = (text: string): Uint8Array => iso2022jp.encode(text);
    const out = percentEncode(`${controls}中é中`, rfc3986.component, { encoder: jp });
    // Each run in its own call: back to ASCII before the reference, as from JIS X 0208 anyway.
    expect(out).toBe(
      `${percentEncode(controls, rfc3986.component)}%1B%24BCf%1B%28B%26%23233%3B%1B%24BCf%1B%28B`,
    );
  });
  it('an encoder that throws on the joined text without an index: the runs stand', () => {
    let calls = 0;
    const odd = (text: string): Uint8Array => {
      calls++;
      const at = text.indexOf('€');
      if (at >= 0) throw Object.assign(new Error('unencodable'), { index: at });
      // The call on the text with a control in place of €: refused as a whole.
      if (text.length > 1 && /[\u0001-\u001f]/.test(text)) throw new Error('no controls here');
      return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    };
    expect(percentEncode('ab€cd', rfc3986.component, { encoder: odd })).toBe('ab%26%238364%3Bcd');
    expect(calls).toBeGreaterThan(3);
  });
});

describe('differential against a byte-by-byte encoder written from URL Standard §1.3', () => {
  // Sets where encodeURIComponent's output can be used (they encode all it encodes), sets where it
  // cannot, and sets built as tuples that encode letters and hex digits.
  const encodesLetters: [number, number, number, number] = [-1, -1, 0x7e, 0];
  const sets = [
    ...Object.values(rfc3986),
    ...Object.values(whatwg),
    encodeSet("-_.!~*'()"),
    encodeSet('-_.!~*'),
    encodeSet(''),
    Object.freeze(encodesLetters) as typeof encodesLetters,
    [-1, -1, -1, -1] as [number, number, number, number],
  ];
  const text = fc.string({
    unit: fc.oneof(
      fc.constantFrom(...' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~AF09az'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.constantFrom('\ud800', '\udc00', '😀', 'é', '%41', '%20'),
    ),
    maxLength: 24,
  });
  it.each(sets.map((set, i) => [i, set] as const))(
    'set %i, with and without spaceAsPlus',
    (_, set) => {
      fc.assert(
        fc.property(text, fc.boolean(), (s, plus) => {
          expect(percentEncode(s, set, { spaceAsPlus: plus })).toBe(pureEncode(s, set, plus));
        }),
        { numRuns: 300 },
      );
    },
  );
  it('every ASCII character alone, and text the built-in rejects (lone surrogates)', () => {
    for (const set of sets) {
      for (let c = 0; c < 128; c++) {
        const ch = String.fromCharCode(c);
        for (const plus of [false, true])
          expect(percentEncode(`${ch}é${ch}`, set, { spaceAsPlus: plus })).toBe(
            pureEncode(`${ch}é${ch}`, set, plus),
          );
      }
      expect(percentEncode('a\ud800 b', set)).toBe(pureEncode('a\ud800 b', set));
    }
  });
});

describe('encodeSet', () => {
  it('keeps letters, digits and the listed characters; ignores non-ASCII in the list', () => {
    const set = encodeSet('-é');
    expect(encodedBy(set)).toBe(
      ASCII.filter((ch) => !alnum(ch) && ch !== '-')
        .sort()
        .join(''),
    );
    expect(percentEncode('é', set)).toBe('%C3%A9');
    expect(Object.isFrozen(set)).toBe(true);
    expect(Object.isFrozen(rfc3986.path)).toBe(true);
  });
  it('can keep a control character when asked', () => {
    expect(percentEncode('\t', encodeSet('\t'))).toBe('\t');
  });
});

describe('a set the caller builds', () => {
  it('is read afresh when it is not frozen', () => {
    const set: [number, number, number, number] = [...rfc3986.component];
    expect(percentEncode('a-b', set)).toBe('a-b');
    set[1] = (set[1] as number) | (1 << ('-'.charCodeAt(0) & 31));
    expect(percentEncode('a-b', set)).toBe('a%2Db');
  });
});

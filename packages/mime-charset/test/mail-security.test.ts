// Attacks on the mail functions, each test named after the attack.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeEncodedWords,
  decodeMimePart,
  decodeParameters,
  HeaderSyntaxError,
  encodeEncodedWords,
  encodeQuotedPrintable,
  unfoldHeader,
} from '../src/index';

describe('mail attacks', () => {
  it('header injection: CR LF in a subject cannot end the header (encodeEncodedWords)', () => {
    // Refused at the CR: a word that decodes to one is not read back.
    expect(() =>
      encodeEncodedWords('Hi\r\nBcc: victim@example.org\r\n\r\nbody', { offset: 9 }),
    ).toThrow(expect.objectContaining({ index: 2, reason: 'CR, LF or NUL in a header value' }));
    // Nor can decoding hand them back from such words written otherwise: lenient drops them,
    // strict leaves such a word as written.
    const encoded = '=?UTF-8?Q?Hi=0D=0ABcc:_victim@example.org=0D=0A=0D=0Abody?=';
    const header = unfoldHeader(`Subject: ${encoded}`);
    expect(decodeEncodedWords(header, { strict: false }).text).toBe(
      'Subject: HiBcc: victim@example.orgbody',
    );
    expect(decodeEncodedWords(header).text).not.toMatch(/[\r\n]/);
  });

  it('body injection: a bare CR or an escaped line break stays data in binary quoted-printable', () => {
    const encoded = encodeQuotedPrintable(new TextEncoder().encode('a\r\n.\r\nQUIT\r'), {
      binary: true,
    });
    expect(encoded).not.toMatch(/[\r\n]/);
  });

  it('spoofing across words: a word left in a two-byte mode cannot turn the next word into other text', () => {
    // ESC $ B then "F|" (日) with no ESC ( B; the next word's ASCII must stay ASCII.
    const header = '=?ISO-2022-JP?B?GyRCRnw=?= =?ISO-2022-JP?Q?PayPal?=';
    expect(decodeEncodedWords(header).text).toBe('日PayPal');
  });

  it('spoofing across words: a dangling UTF-8 lead byte cannot swallow the next word', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?=F0?= =?UTF-8?Q?admin?=').text).toBe('\ufffdadmin');
  });

  it('charset confusion: a label the web replaces is not decoded as the replacement encoding', () => {
    const part = decodeMimePart({ contentType: 'text/plain; charset=iso-2022-kr', body: 'abc' });
    expect(part.text).toBe('abc');
    expect(part.charset).toBe('ISO-2022-KR');
  });

  it('a UTF-7 label cannot hide markup from a reader that scans for ASCII: decoded as declared, never sniffed', () => {
    const part = decodeMimePart({ contentType: 'text/plain', body: '+ADw-script+AD4-' });
    expect(part.text).toBe('+ADw-script+AD4-');
  });

  it('header injection: a CR, LF or NUL escape never comes back from an RFC 2231 value, not even one whose other bytes are invalid in its charset', () => {
    // The value failed to decode (U+FFFD for %FF) and there was no plain `filename=` to fall back
    // on: it was returned as decoded, its CR LF kept.
    const header = "attachment; filename*=UTF-8''evil%FF%0D%0ABcc:%20x";
    const lenient = decodeParameters(header, { strict: false });
    expect(lenient.parameters.get('filename')?.value).toBe('evil\uFFFDBcc: x');
    expect(lenient.issues).toContainEqual({ name: 'filename', reason: 'control', index: 22 });
    expect(lenient.issues).toContainEqual({ name: 'filename', reason: 'invalid-bytes' });
    expect(() => decodeParameters(header)).toThrow(HeaderSyntaxError);
    for (const [h, value] of [
      ["attachment; filename*=UTF-8''%0A%FF", '\uFFFD'],
      ["attachment; filename*0*=UTF-8''a%0D%0A; filename*1*=%FF", 'a\uFFFD'],
      ["attachment; filename*=shift_jis''%82%0D%0Ax", '\uFFFDx'],
      ["attachment; filename*=euc-kr''%B0%00", '\uFFFD'],
      ["attachment; filename*0*=utf-8''%E2%82; filename*1=%0A; filename*2*=%0A", '\uFFFD%0A'],
    ] as const) {
      const r = decodeParameters(h, { strict: false });
      expect(r.parameters.get('filename')?.value, h).toBe(value);
      expect(
        r.issues.map((x) => x.reason),
        h,
      ).toContain('control');
    }
    // A plain value to fall back on: it is returned, and nothing of the failed one is reported
    // as dropped.
    const fallback = decodeParameters("a; filename*=UTF-8''%0A%FF; filename=plain", {
      strict: false,
    });
    expect(fallback.parameters.get('filename')).toEqual({ value: 'plain' });
    expect(fallback.issues.map((x) => x.reason)).toEqual(['invalid-bytes']);
  });

  // Extended sections of random escapes: CR, LF, NUL, bytes invalid in the charset (a lone lead
  // byte, a stray continuation, %FF), and letters. In these charsets an ASCII byte is never part of
  // another character (WHATWG decoders give it back after a broken lead), so a value decodes to a
  // CR, LF or NUL exactly when an extended section holds %0D, %0A or %00.
  const CONTROL_ESCAPES = ['%0D', '%0A', '%00', '%0d', '%0a'];
  const piece = fc.constantFrom(
    ...CONTROL_ESCAPES,
    '%FF',
    '%80',
    '%C3',
    '%E2%82',
    '%82',
    '%B0',
    '%A4',
    '%81',
    '%C3%A9',
    'a',
    'Z',
    '.',
    '%20',
    '%41',
  );
  const charset = fc.constantFrom(
    'UTF-8',
    'utf-8',
    'Shift_JIS',
    'EUC-KR',
    'GBK',
    'Big5',
    'EUC-JP',
    'windows-1252',
    'KOI8-R',
    'us-ascii',
    '',
  );
  const sectionText = fc.array(piece, { minLength: 1, maxLength: 8 }).map((xs) => xs.join(''));
  const parameterArb = fc.record({
    name: fc.constantFrom('filename', 'name', 'title'),
    charset,
    sections: fc.array(fc.record({ extended: fc.boolean(), text: sectionText }), {
      minLength: 1,
      maxLength: 4,
    }),
    whole: fc.boolean(), // `name*=` rather than `name*0*=`, `name*1…`
  });

  it('header injection (property): no lenient RFC 2231 value holds a CR, LF or NUL; each one dropped is reported as control; strict throws', () => {
    fc.assert(
      fc.property(parameterArb, ({ name, charset: cs, sections, whole }) => {
        const first = sections[0]!;
        const parts = whole
          ? [`${name}*=${cs}''${first.text}`]
          : sections.map((x, k) =>
              k === 0
                ? `${name}*0*=${cs}''${x.text}`
                : x.extended
                  ? `${name}*${k}*=${x.text}`
                  : // A plain section is a token: `%` and its digits are text there.
                    `${name}*${k}=${x.text}`,
            );
        const header = `attachment; ${parts.join('; ')}`;
        const used = whole
          ? [first.text]
          : sections.filter((x, k) => k === 0 || x.extended).map((x) => x.text);
        const controls = used.some((t) => CONTROL_ESCAPES.some((e) => t.includes(e)));
        const lenient = decodeParameters(header, { strict: false });
        const value = lenient.parameters.get(name)?.value ?? '';
        expect(value).not.toMatch(/[\r\n\0]/);
        const reported = lenient.issues.some((x) => x.name === name && x.reason === 'control');
        expect(reported).toBe(controls);
        if (controls) expect(() => decodeParameters(header)).toThrow(HeaderSyntaxError);
        else {
          const strict = decodeParameters(header);
          expect(strict.parameters.get(name)?.value ?? '').not.toMatch(/[\r\n\0]/);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('header injection (property): several parameters, sections in any order, plain values beside them: no value holds a CR, LF or NUL in either mode', () => {
    const item = fc.oneof(
      parameterArb.map(({ name, charset: cs, sections }) =>
        sections.map((x, k) =>
          k === 0
            ? `${name}*0*=${cs}''${x.text}`
            : `${name}*${k}${x.extended ? '*' : ''}=${x.text}`,
        ),
      ),
      parameterArb.map(({ name, charset: cs, sections }) => [
        `${name}*=${cs}''${sections[0]!.text}`,
      ]),
      fc
        .tuple(fc.constantFrom('filename', 'name', 'title'), sectionText)
        .map(([name, t]) => [`${name}="${t}"`]),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), fc.nat(), (items, seed) => {
        const all = items.flat();
        // Any order: RFC 2231 §3 sections may come in any order.
        for (let k = all.length - 1; k > 0; k--) {
          const j = (seed + k * 7919) % (k + 1);
          [all[k], all[j]] = [all[j]!, all[k]!];
        }
        const header = ['attachment', ...all].join('; ');
        for (const { value } of decodeParameters(header, { strict: false }).parameters.values())
          expect(value).not.toMatch(/[\r\n\0]/);
        let strict: ReturnType<typeof decodeParameters> | undefined;
        try {
          strict = decodeParameters(header);
        } catch (e) {
          expect(e).toBeInstanceOf(HeaderSyntaxError);
        }
        for (const { value } of strict?.parameters.values() ?? [])
          expect(value).not.toMatch(/[\r\n\0]/);
        const part = decodeMimePart({ contentType: `text/plain; ${all.join('; ')}`, body: 'x' });
        expect(part.text).toBe('x');
      }),
      { numRuns: 2000 },
    );
  });
});

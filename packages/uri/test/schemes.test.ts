import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDataUri, formatDataUri } from '../src/data';
import { fileUriToPath, pathToFileUri } from '../src/file';
import { parseFtp } from '../src/ftp';
import { origin, requestTarget } from '../src/http';
import { UriSyntaxError, isUri } from '../src/index';
import { formatMailto, parseMailto } from '../src/mailto';

// RFC 5322 §3.4.1 addr-spec with RFC 6532 UTF-8: dot-atom or quoted-string "@" dot-atom or domain-literal
const atom = fc
  .array(fc.constantFrom(..."aZ09!#$%&'*+-/=?^_`{|}~é中".split(''), '\u{1f600}'), {
    minLength: 1,
    maxLength: 4,
  })
  .map((cs) => cs.join(''));
const dotAtom = fc.array(atom, { minLength: 1, maxLength: 3 }).map((as) => as.join('.'));
const quotedString = fc
  .array(fc.constantFrom('a', ',', ' ', '@', ';', '<', '>', '.', 'é', '\\"', '\\\\', '\\x'), {
    maxLength: 6,
  })
  .map((cs) => `"${cs.join('')}"`);
const domainLiteral = fc
  .array(fc.constantFrom('1', '.', ':', 'I', 'v', '6', 'é', '-'), { maxLength: 8 })
  .map((cs) => `[${cs.join('')}]`);
const addrSpec = fc
  .tuple(fc.oneof(dotAtom, quotedString), fc.oneof(dotAtom, domainLiteral))
  .map(([l, d]) => `${l}@${d}`);

describe('mailto (RFC 6068)', () => {
  it('TSDoc examples', () => {
    expect(
      parseMailto('mailto:chris@example.com?subject=Hi%20there&body=Line%201%0D%0ALine%202'),
    ).toEqual({
      to: ['chris@example.com'],
      headers: [['subject', 'Hi there']],
      body: 'Line 1\r\nLine 2',
    });
    expect(
      formatMailto({
        to: ['a@example.org'],
        headers: [['subject', 'Über & more']],
        body: undefined,
      }),
    ).toBe('mailto:a@example.org?subject=%C3%9Cber%20%26%20more');
  });
  it('RFC 6068 §6 examples', () => {
    expect(parseMailto('mailto:chris@example.com')).toEqual({
      to: ['chris@example.com'],
      headers: [],
      body: undefined,
    });
    expect(parseMailto('mailto:infobot@example.com?subject=current-issue').headers).toEqual([
      ['subject', 'current-issue'],
    ]);
    expect(parseMailto('mailto:infobot@example.com?body=send%20current-issue').body).toBe(
      'send current-issue',
    );
    expect(
      parseMailto('mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index').body,
    ).toBe('send current-issue\r\nsend index');
    expect(
      parseMailto('mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E').headers,
    ).toEqual([['in-reply-to', '<3469A91.D10AF4C@example.com>']]);
    expect(parseMailto('mailto:majordomo@example.com?body=subscribe%20bamboo-l').body).toBe(
      'subscribe bamboo-l',
    );
    expect(parseMailto('mailto:joe@example.com?cc=bob@example.com&body=hello')).toEqual({
      to: ['joe@example.com'],
      headers: [['cc', 'bob@example.com']],
      body: 'hello',
    });
    expect(parseMailto('mailto:?to=joe@example.com&cc=bob@example.com&body=hello').to).toEqual([
      'joe@example.com',
    ]);
    expect(parseMailto('mailto:gorby%25kremvax@example.com').to).toEqual([
      'gorby%kremvax@example.com',
    ]);
    expect(parseMailto('mailto:unlikely%3Faddress@example.com?blat=foop').to).toEqual([
      'unlikely?address@example.com',
    ]);
    expect(parseMailto('mailto:%22not%40me%22@example.org').to).toEqual(['"not@me"@example.org']);
    expect(parseMailto('mailto:user@example.org?subject=caf%C3%A9').headers).toEqual([
      ['subject', 'café'],
    ]);
    expect(parseMailto('mailto:a@x,b@y?to=c@z&&').to).toEqual(['a@x', 'b@y', 'c@z']);
    expect(parseMailto('mailto:')).toEqual({ to: [], headers: [], body: undefined });
    // §2: to = addr-spec *("," addr-spec): an empty entry is no address
    expect(parseMailto('mailto:a@example.com,').to).toEqual(['a@example.com']);
    expect(parseMailto('mailto:,a@x').to).toEqual(['a@x']);
    expect(parseMailto('mailto:a@x,,b@y?to=c@z,&to=').to).toEqual(['a@x', 'b@y', 'c@z']);
    expect(formatMailto({ to: ['', 'a@x', ''], headers: [], body: undefined })).toBe('mailto:a@x');
  });
  it('RFC 6068 §6.2 and §6.3 examples: quoted local-parts, UTF-8', () => {
    expect(parseMailto('mailto:%22oh%5C%5Cno%22@example.org').to).toEqual([
      '"oh\\\\no"@example.org',
    ]);
    expect(
      parseMailto("mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org").to,
    ).toEqual(['"\\\\\\"it\'s\\ ugly\\\\\\""@example.org']);
    expect(
      parseMailto('mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D').headers,
    ).toEqual([['subject', '=?utf-8?Q?caf=C3=A9?=']]);
    expect(parseMailto('mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9')).toEqual({
      to: ['user@example.org'],
      headers: [['subject', 'café']],
      body: 'café',
    });
    expect(
      parseMailto('mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO'),
    ).toEqual({
      to: ['user@納豆.example.org'],
      headers: [['subject', 'Test']],
      body: 'NATTO',
    });
  });
  it('a "," in a quoted local-part does not separate addresses (RFC 6068 §2, RFC 5322 §3.4.1)', () => {
    expect(parseMailto('mailto:%22a,b%22@c').to).toEqual(['"a,b"@c']);
    expect(parseMailto('mailto:%22a,b%22@c,d@e?to=%22x,y%22@z,w@v&cc=p@q,r@s')).toEqual({
      to: ['"a,b"@c', 'd@e', '"x,y"@z', 'w@v'],
      // cc is a header value, not split
      headers: [['cc', 'p@q,r@s']],
      body: undefined,
    });
    // a quoted-pair: %5C escapes the next character (an escaped quote does not close the string)
    expect(parseMailto('mailto:%22a%5C%22,b%22@c,d@e').to).toEqual(['"a\\",b"@c', 'd@e']);
    expect(parseMailto('mailto:%22a%5c%22,b%22@c').to).toEqual(['"a\\",b"@c']);
    expect(parseMailto('mailto:%22a%5C,b%22@c,d@e').to).toEqual(['"a\\,b"@c', 'd@e']);
    // ... and an escaped backslash does not escape the quote after it
    expect(parseMailto('mailto:%22a%5C%5C%22@d,b@c').to).toEqual(['"a\\\\"@d', 'b@c']);
    // an escaped comma never separates; in a quoted local part it is part of the address
    expect(parseMailto('mailto:%22a%2Cb%22@c').to).toEqual(['"a,b"@c']);
    // unquoted, it is no addr-spec (RFC 5322 §3.4.1), and a quote left open is none either
    for (const u of ['mailto:a%2Cb@c', 'mailto:%22a,b@c', 'mailto:%22a%5C@c']) {
      expect(() => parseMailto(u), u).toThrow(
        expect.objectContaining({ index: 7, reason: 'address is not local-part@domain' }),
      );
    }
    // error offsets still point into the URI
    expect(() => parseMailto('mailto:%22a,b%22@c,%FF')).toThrow(
      expect.objectContaining({ index: 'mailto:%22a,b%22@c,'.length }),
    );
    // formatMailto refuses an address that leaves a quote open, as parseMailto does
    expect(() => formatMailto({ to: ['"a@x', 'b@y'], headers: [], body: undefined })).toThrow(
      'address is not local-part@domain',
    );
    expect(formatMailto({ to: ['"a,b"@c', 'd@e'], headers: [], body: undefined })).toBe(
      'mailto:%22a%2Cb%22@c,d@e',
    );
  });
  it('property: quoted local-parts holding "," and \'"\' read back, written with raw or escaped commas', () => {
    const quoted = fc
      .array(fc.constantFrom('a', ',', '"', '\\', ' ', '@', 'é', '.'), { maxLength: 8 })
      .map(
        (cs) => `"${cs.map((c) => (c === '"' || c === '\\' ? `\\${c}` : c)).join('')}"@example.org`,
      );
    const plain = fc.stringMatching(/^[a-z0-9]{1,3}(\.[a-z0-9]{1,3})?@[a-z]{1,5}$/);
    fc.assert(
      fc.property(fc.array(fc.oneof(quoted, plain), { minLength: 1, maxLength: 4 }), (to) => {
        const m = { to, headers: [], body: undefined };
        expect(parseMailto(formatMailto(m))).toEqual(m);
        // the same addresses with their commas as written in RFC 6068 §2 (not escaped)
        const raw = `mailto:${to.map((a) => encodeURIComponent(a).replace(/%2C/g, ',')).join(',')}`;
        expect(isUri(raw)).toBe(true);
        expect(parseMailto(raw).to).toEqual(to);
      }),
      { numRuns: 500 },
    );
  });
  it('refuses an address that is not an RFC 5322 addr-spec, at the address (RFC 6068 §2, RFC 5322 §3.4.1, RFC 6532)', () => {
    const notAddress = 'address is not local-part@domain';
    for (const [uri, at] of <[string, number][]>[
      ['mailto:victim@x%2Cattacker@y', 7],
      ['mailto:Joe%20%3Cjoe@x%3E', 7],
      ['mailto:%3Cjoe@x%3E', 7],
      ['mailto:a@@b', 7],
      ['mailto:a@b%3Bc@d', 7],
      ['mailto:a@b%3Cc', 7],
      ['mailto:(c)a@b', 7],
      ['mailto:a.@b', 7],
      ['mailto:.a@b', 7],
      ['mailto:a..b@c', 7],
      ['mailto:a@b..c', 7],
      ['mailto:a@b.', 7],
      ['mailto:a%5Cb@c', 7],
      ['mailto:%22a%22b@c', 7],
      ['mailto:%22a%00%22@c', 7],
      ['mailto:a@%5B1.2.3.4', 7],
      ['mailto:a@%5Bx,y%5D', 7],
      ['mailto:a@%5Bx%22y%5D', 7],
      ['mailto:a@%5Bx%5Dy', 7],
      ['mailto:a@x,b@c%2Cd@e', 11],
      ['mailto:?to=a@b%2Cc@d', 11],
      ['mailto:a@x?to=%22x%22@y,b@c%20d', 24],
    ]) {
      expect(() => parseMailto(uri), uri).toThrow(
        expect.objectContaining({ index: at, reason: notAddress }),
      );
    }
    // addr-specs: dot-atoms with any atext, quoted strings with specials, UTF-8, domain literals
    expect(
      parseMailto(
        "mailto:a.b-c+d!%23$%25&'*=%3F%5E_%60%7B%7C%7D~@x.y,%22a%20b;%3C%3E@%22@c,%C3%BC@%C3%A9.de,u@%5B192.0.2.1%5D,v@%5BIPv6:2001:db8::1%5D",
      ).to,
    ).toEqual([
      "a.b-c+d!#$%&'*=?^_`{|}~@x.y",
      '"a b;<>@"@c',
      'ü@é.de',
      'u@[192.0.2.1]',
      'v@[IPv6:2001:db8::1]',
    ]);
    for (const a of ['a,b@c', 'Joe <joe@x>', 'a@b;c@d', 'x@[a,b]', 'a b@c']) {
      expect(() => formatMailto({ to: [a], headers: [], body: undefined }), a).toThrow(notAddress);
    }
  });
  it('property: every address parseMailto returns, written alone, parses back to exactly that one address', () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      '.',
      '@',
      ',',
      '%2C',
      '%22',
      '%5C',
      '%20',
      '%3C',
      '%3E',
      ';',
      '%3B',
      '%40',
      '%5B',
      '%5D',
      '%C3%BC',
      '(',
      ')',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        let to: string[];
        try {
          to = parseMailto(`mailto:${pieces.join('')}`).to;
        } catch (e) {
          expect(e).toBeInstanceOf(UriSyntaxError);
          return;
        }
        for (const a of to) {
          expect(parseMailto(formatMailto({ to: [a], headers: [], body: undefined })).to).toEqual([
            a,
          ]);
          // and as the one entry of a raw list: it opens no quote that swallows the next address
          expect(
            parseMailto(`${formatMailto({ to: [a], headers: [], body: undefined })},z@z`).to,
          ).toEqual([a, 'z@z']);
        }
      }),
      { numRuns: 3000 },
    );
  });
  it('refuses an address that is not local-part "@" domain and an empty header name (RFC 6068 §2; Ruby test_mailto.rb)', () => {
    const at = (uri: string): [number, string] | undefined => {
      try {
        parseMailto(uri);
      } catch (e) {
        return [(e as UriSyntaxError).index, (e as UriSyntaxError).reason];
      }
      return undefined;
    };
    const notAddress = 'address is not local-part@domain';
    // no "@", or nothing before it: at the start of the address
    expect(at('mailto:javascript:alert()')).toEqual([7, notAddress]);
    expect(at('mailto:/example.com/')).toEqual([7, notAddress]);
    expect(at('mailto:@invalid.email')).toEqual([7, notAddress]);
    expect(at('mailto:a@x,b')).toEqual([11, notAddress]);
    expect(at('mailto:a@x?to=c@z,%40y')).toEqual([18, notAddress]);
    // nothing after it: where the domain should be
    expect(at('mailto:a@')).toEqual([9, notAddress]);
    expect(at('mailto:a@x,b@?s=1')).toEqual([13, notAddress]);
    expect(at('mailto:?to=b@')).toEqual([13, notAddress]);
    // an empty header name names no header field: at the field
    expect(at('mailto:a@b?=x')).toEqual([11, 'header field without name']);
    expect(at('mailto:a@b?subject=s&=x')).toEqual([21, 'header field without name']);
    // a quoted local part may hold "@" (escaped, §2), and an escaped "@" separates as a literal one does
    expect(parseMailto('mailto:%22a@b%22@c').to).toEqual(['"a@b"@c']);
    expect(parseMailto('mailto:a%40c').to).toEqual(['a@c']);
    // formatMailto refuses what parseMailto would refuse
    expect(() =>
      formatMailto({ to: ['javascript:alert()'], headers: [], body: undefined }),
    ).toThrow(notAddress);
    expect(() => formatMailto({ to: ['a@'], headers: [], body: undefined })).toThrow(notAddress);
    expect(() => formatMailto({ to: [], headers: [['', 'x']], body: undefined })).toThrow(
      'header field without name',
    );
  });
  it('reads a raw "/", "?" or "=" in a header value as part of it (leniency: RFC 6068 §5 says escape them)', () => {
    // Ruby's URI refuses these two; a value ends only at "&", so they cannot be misread
    expect(parseMailto('mailto:joe@example.com?cc=bob@example.com?body=hello')).toEqual({
      to: ['joe@example.com'],
      headers: [['cc', 'bob@example.com?body=hello']],
      body: undefined,
    });
    expect(parseMailto('mailto:foo@example.jp?subject=1+1=2').headers).toEqual([
      ['subject', '1+1=2'],
    ]);
    // share links carry URLs in the body as written
    expect(parseMailto('mailto:?subject=Look&body=https://example.com/a/b?id=1').body).toBe(
      'https://example.com/a/b?id=1',
    );
    // formatMailto escapes them (§5)
    expect(
      formatMailto({ to: [], headers: [['subject', '1+1=2 / ?']], body: 'https://e.x/?q=1&r=#f' }),
    ).toBe('mailto:?subject=1+1%3D2%20%2F%20%3F&body=https:%2F%2Fe.x%2F%3Fq%3D1%26r%3D%23f');
  });
  it('property: header values with raw "/", "?", "=" read as written; formatMailto escapes them and reads back', () => {
    const value = fc
      .array(fc.constantFrom('/', '?', '=', 'a', 'Z', '1', '+', ',', '@', ':', '%20', '%26'), {
        maxLength: 10,
      })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(value, value, (v, b) => {
        const m = parseMailto(`mailto:a@x?subject=${v}&body=${b}`);
        const decode = (t: string) => decodeURIComponent(t);
        expect(m).toEqual({ to: ['a@x'], headers: [['subject', decode(v)]], body: decode(b) });
        const written = formatMailto(m);
        expect(written.slice(written.indexOf('?') + 1)).not.toMatch(/[/?]|=.*=.*=/);
        expect(parseMailto(written)).toEqual(m);
      }),
      { numRuns: 500 },
    );
  });
  it('refuses header injection through encoded CR/LF', () => {
    expect(() => parseMailto('mailto:a@x?subject=hi%0D%0ABcc:%20victim@y')).toThrow(
      'header injection',
    );
    expect(() => parseMailto('mailto:a@x?subject=hi%0ABcc:victim@y')).toThrow(UriSyntaxError);
    expect(() => parseMailto('mailto:a@x?x%0D%0Abcc=v@y')).toThrow('header injection');
    expect(() => parseMailto('mailto:a@x%0D%0Abcc:v@y')).toThrow('header injection');
    expect(() => parseMailto('mailto:?to=a@x%0Abcc:v@y')).toThrow('header injection');
    expect(() =>
      formatMailto({ to: ['a@x'], headers: [['subject', 'a\r\nBcc: v@y']], body: undefined }),
    ).toThrow('header injection');
    expect(() => formatMailto({ to: ['a@x\n'], headers: [], body: undefined })).toThrow(
      'header injection',
    );
    expect(() => formatMailto({ to: [], headers: [['a\nb', 'c']], body: undefined })).toThrow(
      'header injection',
    );
    expect(formatMailto({ to: [], headers: [], body: 'a\r\nb' })).toBe('mailto:?body=a%0D%0Ab');
  });
  it('refuses what is not mailto', () => {
    expect(() => parseMailto('http://a')).toThrow('not a mailto URI');
    expect(() => parseMailto('mailto://a')).toThrow('mailto URI with an authority');
    expect(() => parseMailto('mailto:a@x?subject')).toThrow('header field without "="');
    expect(() => parseMailto('mailto:a@x?subject=%FF')).toThrow('escapes are not UTF-8');
    expect(() => parseMailto('mailto:a b')).toThrow(UriSyntaxError);
    expect(() => parseMailto('mailto:a@x?subject=%zz')).toThrow(UriSyntaxError);
  });
  it('property: parseMailto(formatMailto(m)) === m', () => {
    const text = fc
      .string({ unit: 'grapheme', maxLength: 12 })
      .map((s) => s.replace(/[\r\n]/g, ''));
    fc.assert(
      fc.property(
        fc.array(addrSpec, { maxLength: 3 }),
        fc.array(
          fc.tuple(
            fc.stringMatching(/^[a-z][a-z-]{0,8}$/).filter((n) => n !== 'to' && n !== 'body'),
            text,
          ),
          { maxLength: 3 },
        ),
        fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
        (to, headers, body) => {
          const m = { to, headers, body };
          const uri = formatMailto(m);
          expect(isUri(uri)).toBe(true);
          expect(parseMailto(uri)).toEqual(m);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('data (RFC 2397)', () => {
  const text = (d: Uint8Array): string => new TextDecoder().decode(d);
  it('TSDoc examples', () => {
    const d = parseDataUri('data:text/plain;charset=utf-8;base64,SGk=');
    expect(d.mediaType).toBe('text/plain');
    expect(text(d.data)).toBe('Hi');
    expect(formatDataUri('a b')).toBe('data:text/plain;charset=UTF-8,a%20b');
    expect(formatDataUri(new Uint8Array([72, 105]))).toBe(
      'data:application/octet-stream;base64,SGk=',
    );
  });
  it('RFC 2397 §4 examples and defaults', () => {
    const a = parseDataUri('data:,A%20brief%20note');
    expect(a).toEqual({
      mediaType: 'text/plain',
      parameters: [],
      charset: 'US-ASCII',
      base64: false,
      data: new TextEncoder().encode('A brief note'),
    });
    const b = parseDataUri('data:text/plain;charset=iso-8859-7,%be%fg%be'.replace('%fg', '%FE'));
    expect(b.charset).toBe('iso-8859-7');
    expect([...b.data]).toEqual([0xbe, 0xfe, 0xbe]);
    const c = parseDataUri('data:image/GIF;base64,R0lGODdh');
    expect(c.mediaType).toBe('image/gif');
    expect(c.base64).toBe(true);
    expect(parseDataUri('data:;charset=utf-8,x').charset).toBe('utf-8');
    expect(parseDataUri('data:;base64,').charset).toBe('US-ASCII');
    expect(parseDataUri('data:text/html,a?b=c#frag').data).toEqual(
      new TextEncoder().encode('a?b=c'),
    );
    expect(parseDataUri('data:x/y;a=1;B=%32,').parameters).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });
  it('refuses malformed data URIs', () => {
    expect(() => parseDataUri('data:text/plain')).toThrow('without ","');
    expect(() => parseDataUri('http:,x')).toThrow('not a data URI');
    expect(() => parseDataUri('data:text,x')).toThrow('invalid media type');
    expect(() => parseDataUri('data:text/,x')).toThrow('invalid media type');
    expect(() => parseDataUri('data:a/b;c,x')).toThrow('without "="');
    expect(() => parseDataUri('data:;base64,abcde')).toThrow('lone character');
    expect(() => parseDataUri('data:;base64,ab!=')).toThrow(UriSyntaxError);
    expect(() => parseDataUri('data:;base64,ab*=')).toThrow('invalid base64 character');
    expect(() => parseDataUri('data:,a b')).toThrow(UriSyntaxError);
    // a literal space is no URI character (RFC 3986), and the URL parser keeps it: refused
    expect(() => parseDataUri('data:;base64,SG k=')).toThrow('invalid character in path');
  });
  it('base64 is decoded by the forgiving-base64 rules of Fetch and Infra', () => {
    const bytes = (data: string) => Array.from(parseDataUri(`data:;base64,${data}`).data);
    const refused = (data: string) => {
      try {
        parseDataUri(`data:;base64,${data}`);
      } catch (e) {
        expect(e).toBeInstanceOf(UriSyntaxError);
        return [(e as UriSyntaxError).index - 'data:;base64,'.length, (e as UriSyntaxError).reason];
      }
      return undefined;
    };
    // Infra's forgiving-base64 decode examples
    expect(bytes('ab')).toEqual([0x69]);
    expect(bytes('abc')).toEqual([0x69, 0xb7]);
    expect(bytes('abcd')).toEqual([0x69, 0xb7, 0x1d]);
    expect(refused('ab=')).toEqual([2, 'misplaced "=" in base64']);
    expect(bytes('ab==')).toEqual([0x69]);
    expect(bytes('abc=')).toEqual([0x69, 0xb7]);
    expect(refused('a')).toEqual([1, 'base64 data ends in a lone character']);
    expect(refused('ab===')).toEqual([2, 'misplaced "=" in base64']);
    expect(bytes('%20a%20b%20c%20d%20')).toEqual([0x69, 0xb7, 0x1d]);
    expect(bytes('ab%09cd')).toEqual([0x69, 0xb7, 0x1d]);
    // every ASCII whitespace character, escaped, between the "=" too; none at all is empty data
    expect(bytes('SG%0D%0Ak%0C=%20')).toEqual([72, 105]);
    expect(bytes('ab%20=%0A=%0D')).toEqual([0x69]);
    expect(bytes('%20%0A')).toEqual([]);
    // the bits that make no whole octet are dropped, zero or not (RFC 4648 §3.5 would refuse)
    expect(bytes('SGl=')).toEqual([72, 105]);
    // the line-broken PNG that Python's urllib reads
    expect(bytes('iVBOR%0AwKGgo%20')).toEqual(Array.from(Buffer.from('iVBORwKGgo', 'base64')));
    // other characters are refused where they stand in the URI, escaped ones too
    expect(refused('ab*=')).toEqual([2, 'invalid base64 character']);
    expect(refused('ab%2A')).toEqual([2, 'invalid base64 character']);
    expect(refused('%FF')).toEqual([0, 'invalid base64 character']);
    expect(refused('ab-_')).toEqual([2, 'invalid base64 character']);
    expect(refused('ab%00cd')).toEqual([2, 'invalid base64 character']);
    expect(refused('ab=cd')).toEqual([2, 'misplaced "=" in base64']);
    expect(refused('ab==cd==')).toEqual([2, 'misplaced "=" in base64']);
    expect(refused('====')).toEqual([0, 'misplaced "=" in base64']);
  });
  it('removes raw tabs and line breaks first, as the URL parser does; offsets stay in the input', () => {
    // Python's test_urllib image_url: base64 wrapped over lines in the URI itself
    const wrapped =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const lines = `${wrapped.slice(0, 40)}\n${wrapped.slice(40, 80)}\r\n\t${wrapped.slice(80)}`;
    expect(Array.from(parseDataUri(lines).data)).toEqual(Array.from(parseDataUri(wrapped).data));
    expect(parseDataUri('data:text/\nplain;charset=utf-8,a\tb').mediaType).toBe('text/plain');
    expect(new TextDecoder().decode(parseDataUri('data:,a\r\nb').data)).toBe('ab');
    const at = (uri: string): [number, string] => {
      try {
        parseDataUri(uri);
      } catch (e) {
        return [(e as UriSyntaxError).index, (e as UriSyntaxError).reason];
      }
      throw new Error('accepted');
    };
    // the "*" stands at 16 in the input (at 15 once the line break is out)
    expect(at('data:;base64,ab\n*=')).toEqual([16, 'invalid base64 character']);
    expect(at('\n\ndata:;base64,a')).toEqual([16, 'base64 data ends in a lone character']);
    expect(at('data:\ttext/plain')).toEqual([16, 'data URI without ","']);
    expect(at('data:;base64,ab\n cd')).toEqual([16, 'invalid character in path']);
  });
  it("differential: base64 data as Node's fetch reads a data: URL (Fetch's data: URL processor)", async () => {
    // mostly the alphabet and whitespace, now and then "=" or a character outside the alphabet
    const piece = fc.oneof(
      { arbitrary: fc.constantFrom('A', 'b', '0', '+', '/', '%2B', 'Q', 'z'), weight: 12 },
      { arbitrary: fc.constantFrom('%20', '%09', '%0A', '%0C', '%0D'), weight: 3 },
      { arbitrary: fc.constantFrom('=', '%3D'), weight: 2 },
      { arbitrary: fc.constantFrom('%0B', '*', '-', '%C3%A9', '%00'), weight: 1 },
      // raw tabs and line breaks, which the URL parser removes before anything else
      { arbitrary: fc.constantFrom('\n', '\t', '\r\n'), weight: 1 },
    );
    let valid = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 14 }), async (pieces) => {
        const uri = `data:application/octet-stream;base64,${pieces.join('')}`;
        let ours: number[] | undefined;
        try {
          ours = Array.from(parseDataUri(uri).data);
        } catch (e) {
          expect(e).toBeInstanceOf(UriSyntaxError);
        }
        let theirs: number[] | undefined;
        try {
          theirs = Array.from(new Uint8Array(await (await fetch(uri)).arrayBuffer()));
        } catch {}
        expect(ours).toEqual(theirs);
        // where it is valid, Buffer reads the data without its whitespace the same way
        if (ours !== undefined) {
          valid++;
          const text = decodeURIComponent(pieces.join('')).replace(/[\t\n\f\r ]/g, '');
          expect(ours).toEqual(Array.from(Buffer.from(text, 'base64')));
        }
      }),
      { numRuns: 400 },
    );
    // both outcomes were compared
    expect(valid).toBeGreaterThan(40);
    expect(valid).toBeLessThan(360);
  });
  it('property: round trip of bytes and text, both encodings', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.boolean(), (bytes, base64) => {
        const uri = formatDataUri(bytes, { base64 });
        expect(isUri(uri)).toBe(true);
        const d = parseDataUri(uri);
        expect(d.data).toEqual(bytes);
        expect(d.base64).toBe(base64);
        if (base64)
          expect(uri.slice(uri.indexOf(',') + 1)).toBe(Buffer.from(bytes).toString('base64'));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.boolean(), (s, base64) => {
        const d = parseDataUri(formatDataUri(s, { base64, mediaType: 'text/x-a+b;charset=UTF-8' }));
        expect(new TextDecoder().decode(d.data)).toBe(s);
        expect(d.mediaType).toBe('text/x-a+b');
        expect(d.charset).toBe('UTF-8');
      }),
      { numRuns: 300 },
    );
  });
});

describe('file (RFC 8089)', () => {
  it('TSDoc examples', () => {
    expect(fileUriToPath('file:///etc/motd')).toBe('/etc/motd');
    expect(fileUriToPath('file:///C:/Program%20Files/x', { windows: true })).toBe(
      'C:\\Program Files\\x',
    );
    expect(fileUriToPath('file://server/share/a.txt', { windows: true })).toBe(
      '\\\\server\\share\\a.txt',
    );
    expect(pathToFileUri('/tmp/a b#1')).toBe('file:///tmp/a%20b%231');
    expect(pathToFileUri('C:\\Users\\Zoë', { windows: true })).toBe('file:///C:/Users/Zo%C3%AB');
  });
  it('RFC 8089 Appendix B and E forms', () => {
    expect(fileUriToPath('file:/path/to/file')).toBe('/path/to/file');
    expect(fileUriToPath('file://localhost/path/to/file')).toBe('/path/to/file');
    expect(fileUriToPath('file:c:/path/to/file', { windows: true })).toBe('c:\\path\\to\\file');
    expect(fileUriToPath('file:///c:/path/to/file', { windows: true })).toBe('c:\\path\\to\\file');
    expect(fileUriToPath('file:/c:/path/to/file', { windows: true })).toBe('c:\\path\\to\\file');
    // Appendix B: the local file, and a file on another host (a UNC path on Windows; POSIX has no
    // way to reach it)
    expect(fileUriToPath('file:///path/to/file')).toBe('/path/to/file');
    expect(fileUriToPath('file://host.example.com/path/to/file', { windows: true })).toBe(
      '\\\\host.example.com\\path\\to\\file',
    );
    expect(() => fileUriToPath('file://host.example.com/path/to/file')).toThrow('remote host');
    // E.2.2: the vertical line of a drive letter, in the three forms the appendix lists, is read
    // as the drive's colon on Windows, though `|` is no URI character
    for (const uri of ['file:c|/path/to/file', 'file:/c|/path/to/file', 'file:///c|/path/to/file'])
      expect(fileUriToPath(uri, { windows: true })).toBe('c:\\path\\to\\file');
    expect(fileUriToPath('FILE:///D|', { windows: true })).toBe('D:\\');
    expect(() => fileUriToPath('file:///C|/a%2Fb', { windows: true })).toThrow(
      expect.objectContaining({ index: 'file:///C|/'.length }),
    );
    // only there: elsewhere, and on POSIX, a literal `|` is refused as no URI character
    expect(() => fileUriToPath('file:///c|/path/to/file')).toThrow(UriSyntaxError);
    expect(() => fileUriToPath('file:///c|x/y', { windows: true })).toThrow(UriSyntaxError);
    expect(() => fileUriToPath('file:///C:/a|b', { windows: true })).toThrow(UriSyntaxError);
    expect(() => fileUriToPath('file://c|/x', { windows: true })).toThrow(UriSyntaxError);
    // escaped, the line reads the same, and an error after it still points into the URI as written
    expect(fileUriToPath('file:///c%7C/path/to/file', { windows: true })).toBe(
      'c:\\path\\to\\file',
    );
    expect(fileUriToPath('file:C%7c/x', { windows: true })).toBe('C:\\x');
    expect(fileUriToPath('file:///D%7C', { windows: true })).toBe('D:\\');
    expect(() => fileUriToPath('file:///C%7C/a%2Fb', { windows: true })).toThrow(
      expect.objectContaining({ index: 'file:///C%7C/'.length }),
    );
    expect(() => fileUriToPath('file:///C%7Cx/y', { windows: true })).toThrow(
      'without drive letter',
    );
    // E.3.2: UNC paths with an empty authority, after two slashes or (as Firefox writes them) three
    expect(fileUriToPath('file:////host.example.com/Share/a.txt', { windows: true })).toBe(
      '\\\\host.example.com\\Share\\a.txt',
    );
    expect(fileUriToPath('file://///host.example.com/Share/a.txt', { windows: true })).toBe(
      '\\\\host.example.com\\Share\\a.txt',
    );
    expect(() => fileUriToPath('file://///host/Share/a%2Fb', { windows: true })).toThrow(
      expect.objectContaining({ index: 'file://///host/Share/'.length }),
    );
    expect(() => fileUriToPath('file://////Share', { windows: true })).toThrow('without server');
    expect(fileUriToPath('file:///C:', { windows: true })).toBe('C:\\');
    expect(fileUriToPath('file://host.example.com/Share/path/to/file.txt', { windows: true })).toBe(
      '\\\\host.example.com\\Share\\path\\to\\file.txt',
    );
    expect(fileUriToPath('file:///%C3%A9t%C3%A9')).toBe('/été');
  });
  it('refuses what would change the path', () => {
    expect(() => fileUriToPath('file:///a%2Fb')).toThrow('escaped separator');
    expect(() => fileUriToPath('file:///a%00b')).toThrow('escaped separator or NUL');
    expect(() => fileUriToPath('file:///C:/a%5Cb', { windows: true })).toThrow('escaped separator');
    expect(() => fileUriToPath('file://evil.example/etc/passwd')).toThrow('remote host');
    expect(() => fileUriToPath('file:///a?b')).toThrow('query');
    expect(() => fileUriToPath('file://u@host/a', { windows: true })).toThrow('userinfo or port');
    expect(() => fileUriToPath('file:relative')).toThrow('not absolute');
    expect(() => fileUriToPath('file:///no/drive', { windows: true })).toThrow(
      'without drive letter',
    );
    expect(() => fileUriToPath('http:///a')).toThrow('not a file URI');
    expect(() => pathToFileUri('relative/path')).toThrow('not absolute');
    expect(() => pathToFileUri('/a\0b')).toThrow('NUL');
    expect(() => pathToFileUri('relative\\path', { windows: true })).toThrow(
      'without drive letter',
    );
    expect(() => pathToFileUri('\\\\\\share', { windows: true })).toThrow('without server');
  });
  it('an escaped colon after a drive letter reads as the colon (Rust url "Percent-encoded drive letter")', () => {
    expect(fileUriToPath('file:///C%3A/foo/bar', { windows: true })).toBe('C:\\foo\\bar');
    expect(fileUriToPath('file:///c%3a/x', { windows: true })).toBe('c:\\x');
    expect(fileUriToPath('file:C%3A/x', { windows: true })).toBe('C:\\x');
    expect(fileUriToPath('file:/C%3A/x', { windows: true })).toBe('C:\\x');
    expect(fileUriToPath('file://localhost/C%3A/x', { windows: true })).toBe('C:\\x');
    expect(fileUriToPath('file:///D%3A', { windows: true })).toBe('D:\\');
    // offsets after it still point into the URI as written
    expect(() => fileUriToPath('file:///C%3A/a%2Fb', { windows: true })).toThrow(
      expect.objectContaining({ index: 'file:///C%3A/'.length }),
    );
    // only as a drive letter's colon: not after a longer name, nor after a server, nor on POSIX
    expect(() => fileUriToPath('file:///C%3Ax/y', { windows: true })).toThrow(
      'without drive letter',
    );
    expect(() => fileUriToPath('file:///CD%3A/y', { windows: true })).toThrow(
      'without drive letter',
    );
    expect(() => fileUriToPath('file://server/C%3A/x', { windows: true })).toThrow(
      'drive letter after a UNC server',
    );
    expect(() => fileUriToPath('file:////server/c%3a', { windows: true })).toThrow(
      'drive letter after a UNC server',
    );
    expect(fileUriToPath('file:///C%3A/x')).toBe('/C:/x');
  });
  it("differential against Node's fileURLToPath with { windows: true }: drive letters with ':' or an escaped colon", () => {
    const letter = fc.constantFrom('C', 'c', 'D', 'z');
    const colon = fc.constantFrom(':', '%3A', '%3a');
    // no dot segments: Node's URL parser removes them first, fileUriToPath reads the URI as written
    const seg = fc
      .stringMatching(/^([A-Za-z0-9._~!$&'()+,;=@ -]|%C3%A9|%20){0,6}$/)
      .filter((s) => s !== '.' && s !== '..');
    const uri = fc
      .tuple(
        fc.constantFrom('file:', 'file:/', 'file:///', 'file://localhost/'),
        letter,
        colon,
        fc.array(seg, { maxLength: 4 }),
      )
      .map(([start, l, c, segs]) => `${start}${l}${c}/${segs.join('/')}`.replace(/ /g, '%20'));
    fc.assert(
      fc.property(uri, (u) => {
        expect(fileUriToPath(u, { windows: true })).toBe(fileURLToPath(u, { windows: true }));
      }),
      { numRuns: 1000 },
    );
  });
  it('UNC and drive round trips', () => {
    expect(pathToFileUri('\\\\server\\share\\a b.txt', { windows: true })).toBe(
      'file://server/share/a%20b.txt',
    );
    expect(() => pathToFileUri('\\\\server', { windows: true })).toThrow('UNC path without share');
    expect(pathToFileUri('D:\\', { windows: true })).toBe('file:///D:/');
  });
  it('property: fileUriToPath(pathToFileUri(p)) === p', () => {
    const seg = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
      .filter((s) => !/[/\\\0]/.test(s));
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 4 }), (segs) => {
        const posix = `/${segs.join('/')}`;
        const uri = pathToFileUri(posix);
        expect(isUri(uri)).toBe(true);
        expect(fileUriToPath(uri)).toBe(posix);
        const win = `C:\\${segs.join('\\')}`;
        expect(fileUriToPath(pathToFileUri(win, { windows: true }), { windows: true })).toBe(win);
      }),
      { numRuns: 500 },
    );
  });
});

describe('http(s) origin and request target (RFC 9110, RFC 9112 §3.2)', () => {
  it('TSDoc examples', () => {
    expect(origin('HTTPS://User:pw@Example.COM:443/a?b#c')).toBe('https://example.com');
    expect(origin('http://[::1]:8080/')).toBe('http://[::1]:8080');
    expect(requestTarget('http://u:p@example.com/a%20b?q=1#frag')).toBe('/a%20b?q=1');
    expect(requestTarget('http://example.com?q', { form: 'absolute' })).toBe(
      'http://example.com/?q',
    );
    expect(requestTarget('https://example.com/x', { form: 'authority' })).toBe('example.com:443');
  });
  it('origin', () => {
    expect(origin('http://a:80')).toBe('http://a');
    expect(origin('http://a:/')).toBe('http://a');
    expect(origin('http://a:0080/')).toBe('http://a');
    expect(origin('wss://a:444/')).toBe('wss://a:444');
    expect(origin('ws://a:0443/')).toBe('ws://a:443');
    expect(origin('http://[2001:DB8:0::1]/')).toBe('http://[2001:db8::1]');
    expect(origin('http://[v1.X]/')).toBe('http://[v1.x]');
    expect(() => origin('ftp://a/')).toThrow('not an http');
    expect(() => origin('http:///a')).toThrow('without host');
    expect(() => origin('http:/a')).toThrow('without host');
    expect(() => origin('a/b')).toThrow('not an http');
    expect(() => origin(`http://a:${'9'.repeat(400)}/`)).toThrow('port out of range');
    expect(() => origin('http://a:65536/')).toThrow('port out of range');
    expect(origin('http://a:65535/')).toBe('http://a:65535');
    expect(origin('http://a:00000/')).toBe('http://a:0');
    expect(requestTarget('http://a:008080/', { form: 'authority' })).toBe('a:8080');
  });
  it('request target never carries the fragment or userinfo', () => {
    expect(requestTarget('http://example.com')).toBe('/');
    expect(requestTarget('http://example.com#f')).toBe('/');
    expect(requestTarget('http://example.com/?')).toBe('/?');
    expect(requestTarget('http://u:p@example.com:8080/p?q#f', { form: 'absolute' })).toBe(
      'http://example.com:8080/p?q',
    );
    expect(requestTarget('http://example.com:/p', { form: 'absolute' })).toBe(
      'http://example.com/p',
    );
    expect(requestTarget('http://example.com:8080/p', { form: 'authority' })).toBe(
      'example.com:8080',
    );
    expect(requestTarget('http://[::1]/p', { form: 'authority' })).toBe('[::1]:80');
  });
  it('request target path has no dot segments, %2E ones included, as a browser sends it', () => {
    // WPT url/resources/urltestdata.json pathname values; RFC 3986 §5.2.2 and §5.2.4
    expect(requestTarget('http://example.com/foo/bar/../%2E/ton?q')).toBe('/foo/ton?q');
    expect(requestTarget('http://example.com/foo/bar/../ton')).toBe('/foo/ton');
    expect(requestTarget('http://h/a/./b')).toBe('/a/b');
    expect(requestTarget('http://h/a/%2e%2E/b')).toBe('/b');
    expect(requestTarget('http://h/a/%2E./b')).toBe('/b');
    expect(requestTarget('http://h/a/.%2e/b')).toBe('/b');
    expect(requestTarget('http://h/..')).toBe('/');
    expect(requestTarget('http://h/a/..')).toBe('/');
    expect(requestTarget('http://h/a/.')).toBe('/a/');
    expect(requestTarget('http://h/a/%2e')).toBe('/a/');
    expect(requestTarget('http://h/a/b/../')).toBe('/a/');
    expect(requestTarget('http://h/a/../../../b')).toBe('/b');
    // not dot segments: kept as written, as are empty segments, other escapes and the query
    expect(requestTarget('http://h/a/%2e%2e%2e/..b/.c')).toBe('/a/%2e%2e%2e/..b/.c');
    expect(requestTarget('http://h/a%2F..%2Fb/c')).toBe('/a%2F..%2Fb/c');
    expect(requestTarget('http://h//x//y/../z')).toBe('//x//z');
    expect(requestTarget('http://h/p?x/../y')).toBe('/p?x/../y');
    expect(requestTarget('http://u@h:81/a/../b?q#f', { form: 'absolute' })).toBe('http://h:81/b?q');
  });
  it('request target path equals the pathname of the URL Standard (property)', () => {
    const segment = fc.constantFrom(
      'a',
      'b%20',
      '',
      '.',
      '..',
      '%2e',
      '%2E',
      '.%2e',
      '%2E.',
      '%2e%2E',
      '...',
      '.a',
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), fc.boolean(), (segs, query) => {
        const uri = `http://h/${segs.join('/')}${query ? '?../x' : ''}`;
        const u = new URL(uri);
        expect(requestTarget(uri)).toBe(u.pathname + u.search);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('ftp (RFC 1738 §3.2)', () => {
  it('TSDoc examples', () => {
    expect(parseFtp('ftp://myname@host.dom/%2Fetc/motd').segments).toEqual(['/etc', 'motd']);
    expect(parseFtp('ftp://host.dom/etc/motd;type=a').type).toBe('a');
  });
  it('user, password, port, segments and type', () => {
    expect(parseFtp('ftp://myname@host.dom/etc/motd')).toEqual({
      user: 'myname',
      password: undefined,
      host: 'host.dom',
      port: 21,
      segments: ['etc', 'motd'],
      type: undefined,
    });
    expect(parseFtp('ftp://a%40b:p%3Ass@h:2121/d/;type=D')).toEqual({
      user: 'a@b',
      password: 'p:ss',
      host: 'h',
      port: 2121,
      segments: ['d', ''],
      type: 'd',
    });
    expect(parseFtp('ftp://ftp.is.co.za/rfc/rfc1808.txt').segments).toEqual(['rfc', 'rfc1808.txt']);
    expect(parseFtp('ftp://h').segments).toEqual([]);
    expect(parseFtp('ftp://h:/x#f').port).toBe(21);
    expect(parseFtp('ftp://h/a;type=x/b').segments).toEqual(['a;type=x', 'b']);
    // %2F makes the path absolute: the two URLs name different files
    expect(parseFtp('ftp://myname@host.dom/%2Fetc/motd').segments).not.toEqual(
      parseFtp('ftp://myname@host.dom/etc/motd').segments,
    );
  });
  it('refuses malformed ftp URLs', () => {
    expect(() => parseFtp('http://h/')).toThrow('not an ftp URL');
    expect(() => parseFtp('ftp:/x')).toThrow('without host');
    expect(() => parseFtp('ftp://h/x?y')).toThrow('query');
    expect(() => parseFtp('ftp://h/x;type=q')).toThrow(';type=');
    expect(() => parseFtp('ftp://h/x%0D%0ADELE%20y')).toThrow('command injection');
    expect(() => parseFtp('ftp://h/%FF')).toThrow('not UTF-8');
    expect(() => parseFtp('ftp://h:99999/')).toThrow('port out of range');
  });
});

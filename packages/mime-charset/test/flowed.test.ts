// decodeFlowed (RFC 3676): empty quoted lines and the signature separator.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFlowed } from '../src/index';

describe('decodeFlowed: empty quoted lines', () => {
  it('an empty quoted line stays its > marks, with no space added', () => {
    expect(decodeFlowed('>\n> a\n')).toBe('>\n> a\n');
    expect(decodeFlowed('>>\r\n>> a\r\n>>\r\n')).toBe('>>\r\n>> a\r\n>>\r\n');
    // A flowed line joins the empty line after it (§4.2): the paragraph ends there.
    expect(decodeFlowed('> a \n>\n>\n')).toBe('> a \n>\n');
    // A space-stuffed empty quoted line (`> `) is empty too.
    expect(decodeFlowed('> \n> a\n')).toBe('>\n> a\n');
  });

  it('fixed quoted lines read back as written (property)', () => {
    const line = fc
      .tuple(
        fc.integer({ min: 0, max: 3 }),
        fc.stringMatching(/^(?:[a-z.,-](?:[a-z .,-]*[a-z.,-])?)?$/),
      )
      .filter(([, t]) => t !== '--')
      .map(([d, t]) => (d === 0 ? t : `${'>'.repeat(d)}${t === '' ? '' : ` ${t}`}`));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const text = `${lines.join('\n')}\n`;
        expect(decodeFlowed(text)).toBe(text);
      }),
    );
  });
});

describe('decodeFlowed: the signature separator ends a flowed paragraph (RFC 3676 §4.3)', () => {
  it('a flowed line before "-- " is not joined with it', () => {
    expect(decodeFlowed('a \n-- \nsig\n')).toBe('a \n-- \nsig\n');
    expect(decodeFlowed('a \r\nb \r\n-- \r\nsig\r\n')).toBe('a b \r\n-- \r\nsig\r\n');
    expect(decodeFlowed('a \n-- \nsig\n', { delSp: true })).toBe('a\n-- \nsig\n');
  });

  it('"-- " is never flowed: the line after it is not joined to it', () => {
    expect(decodeFlowed('-- \nsig \nmore\n')).toBe('-- \nsig more\n');
  });

  it('quoted and space-stuffed separators', () => {
    expect(decodeFlowed('> a \n> -- \n> sig\n')).toBe('> a \n> -- \n> sig\n');
    expect(decodeFlowed('>> a \n>>-- \n>> sig\n')).toBe('>> a \n>> -- \n>> sig\n');
    // Space-stuffed (§4.4): ` -- ` unstuffs to the separator.
    expect(decodeFlowed('a \n -- \nsig\n')).toBe('a \n-- \nsig\n');
    // `--` without its space, or with two, is text.
    expect(decodeFlowed('a \n--\n')).toBe('a --\n');
    expect(decodeFlowed('a \n--  \nb\n')).toBe('a --  b\n');
  });
});

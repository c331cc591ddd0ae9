// The mail functions in the lean entry, where only UTF-8 and US-ASCII are built in (this file imports
// neither src/index.ts nor anything that does).
import { describe, expect, it } from 'vitest';
import * as lean from '../src/lean';

describe('mail reading with the lean entry', () => {
  it('US-ASCII keeps its own codec when the windows-1252 superset is not loaded', () => {
    expect(lean.decodeEncodedWords('=?us-ascii?Q?a_b?=')).toEqual({
      text: 'a b',
      issues: [],
      languages: [],
    });
    expect(lean.decodeMimePart({ body: 'plain' })).toMatchObject({
      text: 'plain',
      charset: 'US-ASCII',
      reason: 'default',
    });
  });

  it('a charset whose codec is not loaded falls back and says so', () => {
    expect(
      lean.decodeMimePart({ contentType: 'text/plain; charset=koi8-r', body: 'abc' }),
    ).toMatchObject({ text: 'abc', reason: 'fallback', issues: ['codec-not-loaded'] });
    expect(lean.decodeEncodedWords('=?koi8-r?Q?a?=').issues[0]?.reason).toBe('codec-not-loaded');
  });
});

// The scheme helpers in a runtime without TextEncoder and TextDecoder (they are not ECMAScript):
// the UTF-8 work goes through @x/utf8, which has its own codec.
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('without TextEncoder and TextDecoder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });
  it('mailto, data and file decode and encode UTF-8 as with them', async () => {
    const run = async () => {
      const { parseMailto, formatMailto } = await import('../src/mailto');
      const { parseDataUri, formatDataUri } = await import('../src/data');
      const { fileUriToPath } = await import('../src/file');
      const mail = parseMailto('mailto:jos%C3%A9@example.org?subject=caf%C3%A9');
      let bad: unknown;
      try {
        parseMailto('mailto:a@example.org?subject=%FF');
      } catch (e) {
        bad = (e as { reason: string }).reason;
      }
      return [
        mail.to,
        mail.headers,
        formatMailto({ to: ['josé@example.org'], headers: [['subject', 'café ✓']], body: 'ü' }),
        Array.from(parseDataUri('data:,caf%C3%A9').data),
        formatDataUri('café ✓', { base64: true }),
        formatDataUri('café ✓'),
        fileUriToPath('file:///tmp/caf%C3%A9.txt'),
        bad,
      ];
    };
    const expected = await run();
    vi.stubGlobal('TextEncoder', undefined);
    vi.stubGlobal('TextDecoder', undefined);
    vi.resetModules();
    expect(await run()).toEqual(expected);
    expect(expected[0]).toEqual(['josé@example.org']);
    expect(expected[7]).toBe('escapes are not UTF-8');
    expect(expected[4]).toBe('data:text/plain;charset=UTF-8;base64,Y2Fmw6kg4pyT');
    expect(expected[5]).toBe('data:text/plain;charset=UTF-8,caf%C3%A9%20%E2%9C%93');
  });
});

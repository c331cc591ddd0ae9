// The static server the browser tests and `pnpm run serve` use: files, directories, and nothing outside.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serve } from '../scripts/serve.ts';

describe('serve', () => {
  it('serves files with their type, index.html for a directory, and refuses to leave the root', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'x-docs-serve-'));
    const root = join(dir, 'site');
    mkdirSync(join(root, 'guides'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<p>hi</p>');
    writeFileSync(join(root, 'guides', 'index.html'), '<p>guides</p>');
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    const { server, url } = await serve(root);
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const home = await fetch(url);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await home.text()).toBe('<p>hi</p>');
      expect(await (await fetch(`${url}guides/`)).text()).toBe('<p>guides</p>');
      expect((await fetch(`${url}missing.html`)).status).toBe(404);
      expect((await fetch(`${url}..%2fsecret.txt`)).status).toBe(403);
      expect((await fetch(`${url}%E0%A4%A`)).status).toBe(400);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

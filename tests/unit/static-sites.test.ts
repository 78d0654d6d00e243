import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveStaticFile } from '../../src/server/static-sites.ts';

describe('static file resolution', () => {
  let root: string;
  beforeAll(() => {
    const base = mkdtempSync(join(tmpdir(), 'static-'));
    root = join(base, 'site');
    mkdirSync(join(root, 'pages'), { recursive: true });
    for (const f of ['index.html', 'members.html', 'pages/terms.html', '_redirects']) writeFileSync(join(root, f), f);
    writeFileSync(join(base, 'secret.txt'), 'secret');
  });

  it('finds pages with and without .html', async () => {
    expect(await resolveStaticFile(root, '/')).toBe(join(root, 'index.html'));
    expect(await resolveStaticFile(root, '/pages/terms')).toBe(join(root, 'pages/terms.html'));
    expect(await resolveStaticFile(root, '/pages/terms.html')).toBe(join(root, 'pages/terms.html'));
  });
  it('answers members-area paths with the shell', async () => {
    expect(await resolveStaticFile(root, '/members/ab12cd')).toBe(join(root, 'members.html'));
    expect(await resolveStaticFile(root, '/chats')).toBe(join(root, 'members.html'));
  });
  it('never leaves the root or shows host configuration', async () => {
    expect(await resolveStaticFile(root, '/../secret.txt')).toBeNull();
    expect(await resolveStaticFile(root, '/%2e%2e/secret.txt')).toBeNull();
    expect(await resolveStaticFile(root, '/_redirects')).toBeNull();
    expect(await resolveStaticFile(root, '/%E0%A4%A')).toBeNull();
    expect(await resolveStaticFile(root, '/nope')).toBeNull();
  });
});

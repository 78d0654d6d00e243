import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveStaticFile } from '#src/server/static-sites.ts';

describe('static file resolution', () => {
  let root: string;
  beforeAll(() => {
    const base = mkdtempSync(join(tmpdir(), 'static-'));
    root = join(base, 'site');
    mkdirSync(join(root, 'pages'), { recursive: true });
    mkdirSync(join(root, 'landers/gallery'), { recursive: true });
    for (const f of [
      'index.html',
      'members.html',
      'pages/terms.html',
      '_redirects',
      'profile-landing2.html',
      'landers/gallery.html',
      'landers/gallery/she-eng.html',
    ])
      writeFileSync(join(root, f), f);
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
  it('answers profile landers and landers at campaign slugs with their page, files first', async () => {
    expect(await resolveStaticFile(root, '/members/ab12/landing2/any-slug')).toBe(join(root, 'profile-landing2.html'));
    expect(await resolveStaticFile(root, '/landers/gallery/she-eng')).toBe(join(root, 'landers/gallery/she-eng.html'));
    expect(await resolveStaticFile(root, '/landers/gallery/spring')).toBe(join(root, 'landers/gallery.html'));
    // A rewrite to a page that is not there is a 404, not another page.
    expect(await resolveStaticFile(root, '/members/ab12/landing')).toBeNull();
    expect(await resolveStaticFile(root, '/landers/nope/spring')).toBeNull();
  });
  it('never leaves the root or shows host configuration', async () => {
    expect(await resolveStaticFile(root, '/../secret.txt')).toBeNull();
    expect(await resolveStaticFile(root, '/%2e%2e/secret.txt')).toBeNull();
    expect(await resolveStaticFile(root, '/_redirects')).toBeNull();
    expect(await resolveStaticFile(root, '/%E0%A4%A')).toBeNull();
    expect(await resolveStaticFile(root, '/nope')).toBeNull();
  });
});

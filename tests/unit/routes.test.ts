import { describe, expect, it } from 'vitest';
import { isShellPath, NICHE_SLUG_PREFIX, pageRewrite } from '#src/lib/routes.ts';
import { normalizePhone, termsVersionDate } from '#src/lib/legal.ts';
import { landerPath, landerSlug } from '#src/landers/paths.ts';
import { sites } from '#sites-config';

describe('members shell paths', () => {
  it.each([
    '/members',
    '/members/abc123',
    '/chats/42',
    '/likes/m/7',
    '/credits/3/ideal',
    '/transactions',
    '/notifications',
  ])('%s is answered by the members shell', (path) => expect(isShellPath(path)).toBe(true));
  it.each(['/', '/pages/terms', '/pricing', '/members/1/landing', '/login', '/membersx', '/chats/1/2'])(
    '%s is a static page',
    (path) => expect(isShellPath(path)).toBe(false),
  );
});

describe('niche slug prefixes', () => {
  it('follows SPEC §1', () => {
    expect(Object.values(NICHE_SLUG_PREFIX)).toEqual(['', 'she-', 'bdsm-', 'bbw-', 'gilf-', 'milf-', 'gay-']);
  });
});

describe('lander slugs', () => {
  it('put the niche prefix before the locale, with eng for English (SPEC §1, §9)', () => {
    const slugs = sites.map((site) => landerSlug(site, 'en'));
    expect(slugs).toEqual(['eng', 'she-eng', 'bdsm-eng', 'bbw-eng', 'gilf-eng', 'milf-eng', 'gay-eng']);
    expect(landerSlug(sites[0]!, 'nl')).toBe('nl');
    expect(landerSlug(sites[2]!, 'de')).toBe('bdsm-de');
    expect(landerPath('gallery', sites[6]!, 'sv')).toBe('/landers/gallery/gay-sv');
  });
});

describe('page rewrites', () => {
  it.each([
    ['/members/ab12/landing', '/profile-landing.html'],
    ['/members/ab12/landing2', '/profile-landing2.html'],
    ['/members/ab12/landing2/she-eng', '/profile-landing2.html'],
    ['/members/ab12/landing3/anything/', '/profile-landing3.html'],
    ['/members/ab12/signup', '/profile-signup.html'],
    ['/landers/gallery/summer-campaign', '/landers/gallery.html'],
  ])('%s is answered by %s', (path, page) => expect(pageRewrite(path)).toBe(page));
  it.each([
    '/members/ab12',
    '/members/ab12/chat',
    '/members/ab12/landing4',
    '/landers/gallery',
    '/landers/../x/y',
    '/landers/a/b/c',
  ])('%s is not rewritten', (path) => expect(pageRewrite(path)).toBeNull());
});

describe('legal helpers', () => {
  it('dates the terms 2023-12-01 12:00 UTC unless the company was added later', () => {
    expect(termsVersionDate('2023-06-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2023-12-01T12:00:01Z').toISOString()).toBe('2023-12-01T12:00:01.000Z');
    expect(termsVersionDate('2023-12-01T11:59:59Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2025-03-01T10:00:00Z').toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });
  it('removes dashes and spaces from the support phone', () => {
    expect(normalizePhone('+31 20-123 4567')).toBe('+31201234567');
  });
});

import { describe, expect, it } from 'vitest';
import { isShellPath, NICHE_SLUG_PREFIX } from '../../src/lib/routes.ts';
import { normalizePhone, termsVersionDate } from '../../src/lib/legal.ts';

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

describe('legal helpers', () => {
  it('dates the terms 2023-12-01 12:00 UTC unless the company was added later', () => {
    expect(termsVersionDate('2023-06-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2025-03-01T10:00:00Z').toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });
  it('removes dashes and spaces from the support phone', () => {
    expect(normalizePhone('+31 20-123 4567')).toBe('+31201234567');
  });
});

/**
 * GET /lang-config returns to the page the language menu was opened on (SPEC §2.3): the
 * `return` path when it is a path of this site, else the page of a same-host Referer (the
 * members shell's menu names no path), else '/'. Anything that could lead off the site is
 * refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const targetOf = async (query: string, headers: Record<string, string> = {}) => {
  const response = await t.request(`/lang-config?${query}`, { headers });
  expect(response.status).toBe(302);
  return response.headers.get('location');
};

describe('GET /lang-config return path', () => {
  it('goes back to a static page or a members route in the new language', async () => {
    expect(await targetOf('locale=de&return=%2Fpricing')).toBe('/pricing');
    expect(await targetOf('locale=de&return=%2Fpages%2Ffaq')).toBe('/pages/faq');
    expect(await targetOf('locale=de&return=%2Flikes%3Ftab%3Dmine')).toBe('/likes?tab=mine');
  });

  it('takes the page from a same-host Referer when no return path is given', async () => {
    expect(await targetOf('locale=de', { referer: 'http://default.localhost/chats/42?x=1' })).toBe('/chats/42?x=1');
    expect(await targetOf('locale=de', { referer: 'https://evil.example/pricing' })).toBe('/');
    expect(await targetOf('locale=de')).toBe('/');
  });

  it('refuses return values that could leave the site', async () => {
    const refused = ['//evil.example/', '/\\evil.example', '\\\\evil.example', 'https://evil.example/', 'pricing'];
    for (const back of [...refused, '/pricing\r\nSet-Cookie: x=1', '/pri\tcing']) {
      expect(await targetOf(`locale=de&return=${encodeURIComponent(back)}`), back).toBe('/');
    }
  });
});

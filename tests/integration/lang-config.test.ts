/**
 * GET /lang-config returns to the page the language menu was opened on (SPEC §2.3): the
 * `return` path when it is a path of this site, else the page of a same-host Referer (the
 * members shell's menu names no path), else '/'. Anything that could lead off the site is
 * refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { langConfigRequest } from '#src/stores/account.ts';
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

describe('GET /lang-config never sends the browser to another origin', () => {
  // Every vector as it arrives in the query (already percent-encoded by the attacker).
  const vectors = [
    '/%5Cevil.example/login',
    '/%5C%5Cevil.example',
    '%2F%2Fevil.example',
    '/%09/evil.example',
    '/%0A/evil.example',
    '/%0D%0A/evil.example',
    '/%00/evil.example',
    '/%7F/evil.example',
    'https:%2F%2Fevil.example',
    'javascript:alert(1)',
    '%5C%5Cevil.example',
  ];

  it('answers a same-origin path for every hostile return value, on the server and in the client rule', async () => {
    for (const vector of vectors) {
      const location = await targetOf(`locale=de&return=${vector}`);
      expect(location, vector).toBe('/');
      const resolved = new URL(location ?? '', 'http://default.localhost/');
      expect(resolved.origin, vector).toBe('http://default.localhost');
      // The members shell applies the same rule on a static host.
      expect(langConfigRequest({ locale: 'de', return: decodeURIComponent(vector) }).target, vector).toBe('/');
    }
  });

  it('keeps ordinary paths, queries and fragments of the site', async () => {
    expect(await targetOf('locale=de&return=%2Fchats%2F42%3Fx%3D1%23end')).toBe('/chats/42?x=1#end');
    expect(langConfigRequest({ locale: 'de', return: '/likes?tab=mine' }).target).toBe('/likes?tab=mine');
  });
});

/**
 * The visitor's countries across the server (SPEC §2.3, §9): the static server writes the
 * geoip country from the trusted CDN header into the `country` cookie of HTML answers,
 * /lang-config?country=YY stores the selected one in `selected_country`, and settings.php
 * answers both as geoip_country and geoip_selected_country.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSettings } from '#src/contract/site.ts';
import { createTestApp, seedSiteData, type TestApp, answerOf } from './harness.ts';

let t: TestApp;
let proxied: TestApp;
let production: TestApp;
beforeAll(async () => {
  [t, proxied, production] = await Promise.all([
    createTestApp(),
    createTestApp({ deps: (d) => ({ ...d, config: { ...d.config, trustProxy: true } }) }),
    createTestApp({ env: 'production' }),
  ]);
  await Promise.all([t, proxied].map((app) => seedSiteData(app)));
  for (const app of [t, proxied]) {
    const root = join(app.config.sitesDir, 'default', 'en');
    await mkdir(root, { recursive: true });
    await writeFile(join(root, 'index.html'), '<!doctype html><title>Home</title>');
    await writeFile(join(root, 'robots.txt'), 'User-agent: *\n');
  }
});
afterAll(() => Promise.all([t, proxied, production].map((app) => app.close())));

const setCookies = (response: Response) => response.headers.getSetCookie();

const settingsOf = async (app: TestApp, init: Parameters<TestApp['request']>[1]) =>
  (await answerOf(getSettings, await app.request('/api/settings.php', { host: 'flirtmoment.com', ...init }))).settings;

describe('the country cookie of static pages', () => {
  it('carries the geoip country of a trusted CDN header on HTML answers', async () => {
    const response = await proxied.request('/', { headers: { 'cf-ipcountry': 'be' } });
    expect(response.status).toBe(200);
    expect(setCookies(response).find((c) => c.startsWith('country='))).toMatch(/^country=BE; Path=\/; SameSite=Lax$/);
  });

  it('is renewed only when the country changed, and not on other files', async () => {
    const same = await proxied.request('/', { headers: { 'x-country-code': 'BE' }, cookies: { country: 'BE' } });
    expect(setCookies(same).some((c) => c.startsWith('country='))).toBe(false);
    const moved = await proxied.request('/', { headers: { 'x-country-code': 'DE' }, cookies: { country: 'BE' } });
    expect(setCookies(moved).some((c) => c.startsWith('country=DE'))).toBe(true);
    const text = await proxied.request('/robots.txt', { headers: { 'cf-ipcountry': 'BE' } });
    expect(setCookies(text).some((c) => c.startsWith('country='))).toBe(false);
  });

  it('ignores the header when the proxy is not trusted, and countries the sites do not serve', async () => {
    const untrusted = await t.request('/', { headers: { 'cf-ipcountry': 'BE' } });
    expect(setCookies(untrusted).some((c) => c.startsWith('country='))).toBe(false);
    const unknown = await proxied.request('/', { headers: { 'cf-ipcountry': 'T1' } });
    expect(setCookies(unknown).some((c) => c.startsWith('country='))).toBe(false);
  });
});

describe('GET /lang-config', () => {
  it('stores the locale and the selected country, then returns to the page', async () => {
    const response = await t.request('/lang-config?locale=fr&country=be&return=/pricing');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/pricing');
    const cookies = setCookies(response);
    expect(cookies.some((c) => c.startsWith('locale=fr;'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('selected_country=BE;') && c.includes('Max-Age=31536000'))).toBe(true);
  });

  it('leaves the selected country alone when none or an unknown one is given', async () => {
    for (const query of ['locale=fr', 'locale=fr&country=XX', 'locale=fr&country=../BE']) {
      const response = await t.request(`/lang-config?${query}`);
      expect(
        setCookies(response).some((c) => c.startsWith('selected_country=')),
        query,
      ).toBe(false);
    }
  });

  it("in production repeats the switch on the locale's own domain, where its cookies live", async () => {
    const response = await production.request('/lang-config?locale=nl&country=BE&return=/pages/faq', {
      host: 'flirtmoment.com',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      'https://flirtmoment.nl/lang-config?locale=nl&country=BE&return=%2Fpages%2Ffaq',
    );
    const there = await production.request('/lang-config?locale=nl&country=BE&return=%2Fpages%2Ffaq', {
      host: 'flirtmoment.nl',
    });
    expect(there.headers.get('location')).toBe('/pages/faq');
    expect(setCookies(there).some((c) => c.startsWith('selected_country=BE;'))).toBe(true);
  });
});

describe('settings.php geoip fields', () => {
  it('reads the geoip country from the country cookie and the selected one from selected_country', async () => {
    expect(await settingsOf(t, { cookies: { country: 'NL' } })).toMatchObject({
      geoip_country: 'NL',
      geoip_selected_country: 'NL',
    });
    expect(await settingsOf(t, { cookies: { country: 'NL', selected_country: 'BE' } })).toMatchObject({
      geoip_country: 'NL',
      geoip_selected_country: 'BE',
    });
    expect(await settingsOf(t, { cookies: { selected_country: 'ZZ' } })).toMatchObject({
      geoip_country: null,
      geoip_selected_country: null,
    });
  });

  it('prefers the trusted header to the cookie', async () => {
    const s = await settingsOf(proxied, { headers: { 'cf-ipcountry': 'de' }, cookies: { country: 'NL' } });
    expect(s).toMatchObject({ geoip_country: 'DE', geoip_selected_country: 'DE' });
  });
});

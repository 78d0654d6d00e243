/** What a visitor's browser gets from settings.php, companyinfo.php, regions.php, interests.php. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyFor, sites } from '#sites-config';
import { catalogues } from '#src/i18n/index.ts';
import { INTERESTS } from '#src/lib/constants.ts';
import { companies, sites as sitesTable, regions as regionsTable } from '#src/server/db/schema.ts';
import { pushPublicKey } from '#src/server/features/push/vapid.ts';
import { siteData } from '#src/server/features/site/cache.ts';
import { seedRegions } from '#src/server/seed/index.ts';
import { getCompanyInfo, getInterests, getRegions, getSettings } from '#src/contract/site.ts';
import { createTestApp, seedSiteData, type TestApp, errorAnswerOf, answerOf } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(() => t.close());

/**
 * An operator's change in the database, resolved once the app has heard of it (the
 * database notifies at the commit; on PostgreSQL that arrives a few milliseconds later).
 */
async function operatorChange(write: () => Promise<unknown>): Promise<void> {
  const heard = siteData(t.database).nextChange();
  await write();
  await heard;
}

const settingsOf = async (host: string, init: Parameters<TestApp['request']>[1] = {}) => {
  const response = await t.request('/api/settings.php', { host, ...init });
  expect(response.status).toBe(200);
  return (await answerOf(getSettings, response)).settings;
};

describe('GET /api/settings.php', () => {
  it('answers the Dutch domain of the default site in Dutch', async () => {
    const s = await settingsOf('flirtmoment.nl');
    expect(s).toMatchObject({
      name: 'Flirtmoment',
      niche: 1,
      domain: 'flirtmoment.nl',
      domain_language: 'nl',
      company_id: 1,
    });
    expect(s.localeDomains).toMatchObject({ en: 'flirtmoment.com', de: 'flirtmoment.de', nb: 'flirtmoment.no' });
    expect(s.fictional_singular).toBe(catalogues.nl.fictional.singular);
    expect(s.fictional_plural).toBe(catalogues.nl.fictional.plural);
    expect(s.fictional_warning).toBe(catalogues.nl.fictional.warning);
    expect(s.minimum_message_costs['NL']).toEqual({ costs: 0.49, currency: 'EUR' });
    expect(s.minimum_message_costs['GB']).toEqual({ costs: 0.45, currency: 'GBP' });
    expect(s.minimum_message_costs['SE']).toEqual({ costs: 5.9, currency: 'SEK' });
    expect(Object.keys(s.minimum_message_costs).sort()).toEqual([...s.countries].sort());
  });

  it('answers another site on its German domain, with its own brand, niche and company', async () => {
    const s = await settingsOf('kinkbound.de');
    expect(s).toMatchObject({
      name: 'Kinkbound',
      niche: 3,
      domain: 'kinkbound.de',
      domain_language: 'de',
      company_id: 2,
    });
    expect(s.fictional_singular).toBe(catalogues.de.fictional.singular);
    expect(s.index_title).toContain('Kinkbound');
  });

  it('takes the site from _force_domain and the texts from the locale cookie', async () => {
    const s = await settingsOf('flirtmoment.nl', { cookies: { locale: 'fr' } });
    expect(s.domain_language).toBe('nl');
    expect(s.fictional_plural).toBe(catalogues.fr.fictional.plural);
    const forced = await t.request('/api/settings.php?_force_domain=manflirt.se', {
      host: 'localhost',
      cookies: { locale: 'fr' },
    });
    const settings = (await answerOf(getSettings, forced)).settings;
    expect(settings).toMatchObject({ name: 'ManFlirt', niche: 7, domain: 'manflirt.se', domain_language: 'sv' });
    expect(settings.fictional_plural).toBe(catalogues.fr.fictional.plural);
  });

  it('publishes one stable VAPID public key and never the private one', async () => {
    const first = await t.request('/api/settings.php', { host: 'flirtmoment.com' });
    const text = await first.text();
    const a = getSettings.response.parse(JSON.parse(text)).settings;
    const b = await settingsOf('sheflirts.it');
    expect(a.push_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(a.push_pub).toBe(a.push_public_key);
    expect(b.push_public_key).toBe(a.push_public_key);
    expect(await pushPublicKey(t.db)).toBe(a.push_public_key);
    expect(text).not.toMatch(/private/i);
  });

  it('keeps operator-edited settings over the config', async () => {
    const [row] = await t.db.select({ settings: sitesTable.settings }).from(sitesTable).where(eq(sitesTable.id, 'she'));
    await operatorChange(() =>
      t.db
        .update(sitesTable)
        .set({ settings: { ...row!.settings, message_credits: 12, signups: 'with_trafficsource' } })
        .where(eq(sitesTable.id, 'she')),
    );
    await seedSiteData(t); // a restart re-runs the reference seed
    const s = await settingsOf('sheflirts.com');
    expect(s.message_credits).toBe(12);
    expect(s.signups).toBe('with_trafficsource');
  });

  it('answers 404 unknown_site as JSON for a domain that is not ours', async () => {
    const response = await t.request('/api/settings.php', { host: 'example.org' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await errorAnswerOf(response);
    expect(body.error.code).toBe('unknown_site');
    expect(body.error.message).toBe(catalogues.en.api.unknown_site);
  });
});

describe('GET /api/companyinfo.php', () => {
  it.each(sites.map((s) => [s.id, s] as const))('answers the operating company of %s', async (_id, site) => {
    const response = await t.request('/api/companyinfo.php', { host: site.domains.en });
    expect(response.status).toBe(200);
    const { company } = await answerOf(getCompanyInfo, response);
    const expected = companyFor(site);
    expect(company).toEqual({
      name: expected.name,
      address: expected.address,
      kvk: expected.kvk,
      city: expected.city,
      country: expected.country,
      tradenames: expected.tradenames,
      vat_numbers: expected.vat_numbers,
      support_phone: expected.support_phone,
      delete_discount: expected.delete_discount,
      added: new Date(expected.added).toISOString(),
    });
  });

  it('covers all four company variants across the sites', () => {
    expect(new Set(sites.map((s) => s.companyVariant))).toEqual(new Set([0, 1, 2, 3]));
  });
});

describe('GET /api/regions.php', () => {
  it('lists the real regions of every country the site serves', async () => {
    const response = await t.request('/api/regions.php', { host: 'flirtmoment.com' });
    expect(response.status).toBe(200);
    const { regions } = await answerOf(getRegions, response);
    expect(Object.keys(regions).sort()).toEqual([...sites[0]!.settings.countries].sort());
    for (const [country, list] of Object.entries(regions)) expect(list.length, country).toBeGreaterThan(1);
    expect(regions['NL']!.map((r) => r.name)).toContain('Noord-Holland');
    expect(regions['DE']!.map((r) => r.name)).toContain('Bayern');
    expect(regions['CH']!.map((r) => r.name)).toContain('Genève');
    expect(regions['US']!.map((r) => r.name)).not.toContain('Armed Forces Pacific');
    for (const r of regions['NL']!) expect(Number.isInteger(r.id) && r.id > 0).toBe(true);
  });

  it('sorts names the way the request language does', async () => {
    const english = (await answerOf(getRegions, await t.request('/api/regions.php', { host: 'flirtmoment.com' })))
      .regions;
    const swedish = (await answerOf(getRegions, await t.request('/api/regions.php', { host: 'flirtmoment.se' })))
      .regions;
    const en = english['SE']!.map((r) => r.name);
    const sv = swedish['SE']!.map((r) => r.name);
    // Swedish sorts Ö after Z; English sorts it with O.
    expect(sv.at(-1)).toBe('Östergötland');
    expect(en.indexOf('Örebro')).toBeLessThan(en.indexOf('Skåne'));
    expect([...en].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(en);
  });

  it('keeps region ids when the regions are seeded again', async () => {
    const before = await t.db.select().from(regionsTable).orderBy(regionsTable.id);
    await seedRegions(t.db);
    const after = await t.db.select().from(regionsTable).orderBy(regionsTable.id);
    expect(after).toEqual(before);
    expect(before.find((r) => r.country === 'NL' && r.code === 'NH')?.id).toBe(528008);
  });

  it('follows the countries an operator set for the site', async () => {
    const [row] = await t.db
      .select({ settings: sitesTable.settings })
      .from(sitesTable)
      .where(eq(sitesTable.id, 'gilf'));
    await operatorChange(() =>
      t.db
        .update(sitesTable)
        .set({ settings: { ...row!.settings, countries: ['NL', 'BE'] } })
        .where(eq(sitesTable.id, 'gilf')),
    );
    const { regions } = await answerOf(getRegions, await t.request('/api/regions.php', { host: 'silverdesire.nl' }));
    expect(Object.keys(regions).sort()).toEqual(['BE', 'NL']);
  });
});

describe('GET /api/interests.php', () => {
  it('lists the 51 interests in order, each with an icon except gangbang', async () => {
    const response = await t.request('/api/interests.php', { host: 'flirtmoment.com' });
    expect(response.status).toBe(200);
    const { interests } = await answerOf(getInterests, response);
    expect(interests).toHaveLength(51);
    expect(interests.map((i) => i.key)).toEqual([...INTERESTS]);
    expect(interests.find((i) => i.key === 'gangbang')?.icon).toBeNull();
    expect(interests.filter((i) => i.icon === null).map((i) => i.key)).toEqual(['gangbang']);
    expect(interests.find((i) => i.key === 'kissing')?.name).toBe('Kissing');
  });

  it('names them in German on a German domain', async () => {
    const { interests } = await answerOf(
      getInterests,
      await t.request('/api/interests.php', { host: 'flirtmoment.de' }),
    );
    for (const interest of interests) {
      expect(interest.name).toBe(catalogues.de.interests[interest.key as keyof typeof catalogues.de.interests]);
    }
    expect(interests.find((i) => i.key === 'kissing')?.name).toBe('Küssen');
  });
});

describe('site reads kept in memory', () => {
  it('answer an ETag, and 304 without a body while nothing changed', async () => {
    for (const path of ['/api/settings.php', '/api/companyinfo.php', '/api/regions.php', '/api/interests.php']) {
      const first = await t.request(path, { host: 'flirtmoment.nl' });
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers.get('content-type')).toContain('application/json');
      const again = await t.request(path, { host: 'flirtmoment.nl', headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      // Another language is another answer where the texts are translated.
      if (path === '/api/companyinfo.php' || path === '/api/regions.php') continue;
      const french = await t.request(path, {
        host: 'flirtmoment.nl',
        cookies: { locale: 'fr' },
        headers: { 'if-none-match': etag! },
      });
      expect(french.status).toBe(200);
    }
  });

  it('send longer answers compressed to a browser that takes it, under a weak tag of the same answer', async () => {
    const plain = await t.request('/api/regions.php', { host: 'flirtmoment.nl' });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const etag = plain.headers.get('etag')!;
    const encodings = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const;
    for (const [accept, encoding, decode] of encodings) {
      const packed = await t.request('/api/regions.php', {
        host: 'flirtmoment.nl',
        headers: { 'accept-encoding': accept },
      });
      expect(packed.headers.get('content-encoding')).toBe(encoding);
      expect(packed.headers.get('etag')).toBe(`W/${etag}`);
      const bytes = Buffer.from(await packed.arrayBuffer());
      expect(bytes.length).toBeLessThan(text.length / 2);
      expect(decode(bytes).toString('utf8')).toBe(text);
      const again = await t.request('/api/regions.php', {
        host: 'flirtmoment.nl',
        headers: { 'accept-encoding': accept, 'if-none-match': `W/${etag}` },
      });
      expect(again.status).toBe(304);
    }
    // A short answer is not worth compressing.
    const company = await t.request('/api/companyinfo.php', {
      host: 'flirtmoment.nl',
      headers: { 'accept-encoding': 'br' },
    });
    expect(company.headers.get('content-encoding')).toBeNull();
    expect(company.headers.get('vary')).toBeNull();
  });

  it("show an operator's change in the database on the next request, under a new ETag", async () => {
    const before = await t.request('/api/companyinfo.php', { host: 'sheflirts.com' });
    const etag = before.headers.get('etag')!;
    const { company } = await answerOf(getCompanyInfo, before);
    await operatorChange(() =>
      t.db.update(companies).set({ supportPhone: '+31 20 000 0000' }).where(eq(companies.name, company.name)),
    );
    const after = await t.request('/api/companyinfo.php', {
      host: 'sheflirts.com',
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await answerOf(getCompanyInfo, after)).company.support_phone).toBe('+31 20 000 0000');
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404 in the request language', async () => {
    const response = await t.request('/api/nope.php', { host: 'flirtmoment.nl' });
    expect(response.status).toBe(404);
    const body = await errorAnswerOf(response);
    expect(body.error).toEqual({ code: 'not_found', message: catalogues.nl.api.not_found });
  });
});

/**
 * Lander experiments and the marketing funnel (docs/traffic.md "Lander experiments",
 * "Lander visits"; docs/staff.md "Marketing funnel"): the static server assigns a lander's
 * variant by cookie and serves its page, the visit counter counts per variant, network and
 * sub-id and keeps the lander in a cookie, the signup stores lander and variant with the
 * traffic source, the hourly roll-up sums it all per day (with the landers' bounces), and the funnel reads it: per
 * breakdown, with flags, significance notes and CSV, for marketing and admins only.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getStaffFunnel,
  getStaffFunnelCsv,
  postStaffFunnelRollup,
  type FunnelRow,
} from '#src/contract/staff-funnel.ts';
import { accounts, dailyFunnel, landerVisits, orders, trafficSources } from '#src/server/db/schema.ts';
import { rollUpFunnel } from '#src/server/features/staff-funnel/index.ts';
import { HOURLY_TASKS } from '#src/server/jobs/hourly.ts';
import { call, signupInput } from './accounts-helpers.ts';
import { answerOf, createTestApp, createTestMember, errorAnswerOf, seedSiteData, type TestApp } from './harness.ts';
import { STAFF_HOST, createTestStaff, staffLogin, staffRequest } from './staff-helpers.ts';

const HOST = 'default.localhost';
const CONTROL_PAGE = '<!doctype html><title>Gallery</title><h1>What’s your type?</h1>';
const VARIANT_PAGE = '<!doctype html><title>Gallery</title><h1>Who catches your eye tonight?</h1>';
const DAY = 86_400_000;

let t: TestApp;
let marketing: string;
let today: string;

/** The Set-Cookie value of `name` in an answer, or null. */
function cookieOf(response: Response, name: string): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(cookie);
    if (match?.[1] !== undefined) return decodeURIComponent(match[1]);
  }
  return null;
}

function lander(path: string, cookies: Record<string, string> = {}) {
  return t.request(path, { host: HOST, cookies });
}

function visit(query: string, referer?: string, cookies: Record<string, string> = {}) {
  return t.request(`/api/lander-visit.php?${query}`, {
    host: HOST,
    headers: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}`, ...(referer ? { referer } : {}) },
    cookies,
  });
}

async function funnel(query: string, cookie: string | null = marketing) {
  return staffRequest(t, `${getStaffFunnel.path}?${query}`, { cookie });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  marketing = await staffLogin(t, await createTestStaff(t, ['marketing']));
  today = t.clock.now.toISOString().slice(0, 10);
  // The built pages of the experiment on default/en (src/landers/experiments.ts): the control
  // at the lander's own path, variant b beside it; a lander without an experiment.
  const root = join(t.config.sitesDir, 'default', 'en');
  await mkdir(join(root, 'landers', 'gallery', 'variant'), { recursive: true });
  await writeFile(join(root, 'landers', 'gallery.html'), CONTROL_PAGE);
  await writeFile(join(root, 'landers', 'gallery', 'variant', 'b.html'), VARIANT_PAGE);
  await writeFile(join(root, 'landers', 'video.html'), '<!doctype html><title>Video</title>');
});
afterAll(() => t.close());

describe('lander variants on the static server', () => {
  it('assigns a variant on the first visit, keeps it in a cookie and serves its page for it', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const first = await lander('/landers/gallery/some-campaign');
      const assigned = cookieOf(first, 'lander_variants');
      expect(assigned).toMatch(/^gallery\.(control|b)$/);
      const variant = assigned!.split('.')[1]!;
      seen.add(variant);
      expect(await first.text()).toBe(variant === 'b' ? VARIANT_PAGE : CONTROL_PAGE);
      expect(first.headers.get('vary')).toContain('Cookie');

      const again = await lander('/landers/gallery', { lander_variants: assigned! });
      expect(cookieOf(again, 'lander_variants')).toBeNull();
      expect(await again.text()).toBe(variant === 'b' ? VARIANT_PAGE : CONTROL_PAGE);
    }
    // Both arms are drawn (each half of the time; 40 draws all alike: 2 in a trillion).
    expect(seen).toEqual(new Set(['control', 'b']));
  });

  it('pins the variant ?variant= names, redraws a cookie naming no variant, and leaves other landers alone', async () => {
    const pinned = await lander('/landers/gallery?variant=b', { lander_variants: 'gallery.control~video.x' });
    expect(await pinned.text()).toBe(VARIANT_PAGE);
    expect(cookieOf(pinned, 'lander_variants')).toBe('video.x~gallery.b');

    const stale = await lander('/landers/gallery', { lander_variants: 'gallery.gone' });
    expect(cookieOf(stale, 'lander_variants')).toMatch(/^gallery\.(control|b)$/);

    const unknownAsked = await lander('/landers/gallery?variant=zzz', { lander_variants: 'gallery.b' });
    expect(await unknownAsked.text()).toBe(VARIANT_PAGE);
    expect(cookieOf(unknownAsked, 'lander_variants')).toBeNull();

    const plain = await lander('/landers/video');
    expect(plain.status).toBe(200);
    expect(cookieOf(plain, 'lander_variants')).toBeNull();
  });
});

describe('the visit counter', () => {
  it('counts a visit per variant, network and sub-id from the Referer, and keeps the lander in a cookie', async () => {
    const page = `http://${HOST}/landers/gallery/eng?network=adnet&sub1=%7Bc7%7D&lb`;
    const first = await visit('lander=gallery&variant=b', page);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/gif');
    expect(cookieOf(first, 'lander')).toBe('gallery.b');
    await visit('lander=gallery&variant=b', page);
    await visit('lander=gallery&variant=control', `http://${HOST}/landers/gallery`);
    // Another host's page counts without its network; an unknown variant or lander not at all.
    await visit('lander=gallery&variant=control', 'https://elsewhere.example/?network=spoof');
    const unknown = await visit('lander=gallery&variant=zzz', page);
    expect(unknown.status).toBe(200);
    expect(cookieOf(unknown, 'lander')).toBeNull();
    await visit('lander=nosuchlander&variant=control', page);

    const rows = await t.db.select().from(landerVisits).where(eq(landerVisits.day, today));
    const counts = Object.fromEntries(
      rows.map((r) => [`${r.siteId}/${r.locale}/${r.lander}/${r.variant}/${r.network}/${r.sub1}`, r.count]),
    );
    expect(counts).toEqual({ 'default/en/gallery/b/adnet/c7': 2, 'default/en/gallery/control//': 2 });
  });

  it('answers 400 without its parameters', async () => {
    expect((await visit('lander=gallery')).status).toBe(400);
    expect((await visit('lander=Gallery!&variant=b')).status).toBe(400);
  });
});

describe('the signup records the lander and variant', () => {
  it('stores them with the traffic source; a cookie naming no variant of this site is ignored', async () => {
    const withLander = await call(t, '/api/signup.php', {
      method: 'POST',
      host: HOST,
      json: signupInput({ trafficsource: { network: 'adnet', sub1: 'c7' } }),
      cookies: { lander: 'gallery.b' },
    });
    expect(withLander.status).toBe(200);
    const id = Number(((await withLander.json()) as { user: { id: string } }).user.id);
    const [source] = await t.db.select().from(trafficSources).where(eq(trafficSources.accountId, id));
    expect(source).toMatchObject({ network: 'adnet', sub1: 'c7', lander: 'gallery', variant: 'b' });
    await t.db.update(accounts).set({ confirmedAt: t.clock.now }).where(eq(accounts.id, id));
    await t.db.insert(orders).values({
      publicId: 'funnel000001',
      accountId: id,
      siteId: 'default',
      packageKey: 'p1',
      credits: 50,
      country: 'NL',
      currency: 'EUR',
      listPriceMinor: 1995,
      amountMinor: 1995,
      method: 'card',
      kind: 'checkout',
      provider: 'sandbox',
      locale: 'en',
      returnUrl: '/',
      status: 'completed',
      completedAt: t.clock.now,
      createdAt: t.clock.now,
    });

    // Without a traffic source the lander alone is kept; a variant this site does not run is not.
    const landerOnly = await call(t, '/api/signup.php', {
      method: 'POST',
      host: HOST,
      json: signupInput(),
      cookies: { lander: 'gallery.control' },
    });
    const plainId = Number(((await landerOnly.json()) as { user: { id: string } }).user.id);
    const [plain] = await t.db.select().from(trafficSources).where(eq(trafficSources.accountId, plainId));
    expect(plain).toMatchObject({ network: null, lander: 'gallery', variant: 'control' });

    const forged = await call(t, '/api/signup.php', {
      method: 'POST',
      host: HOST,
      json: signupInput(),
      cookies: { lander: 'video.b' },
    });
    const forgedId = Number(((await forged.json()) as { user: { id: string } }).user.id);
    expect(await t.db.select().from(trafficSources).where(eq(trafficSources.accountId, forgedId))).toEqual([]);
  });
});

function rowOf(rows: FunnelRow[], keys: Partial<FunnelRow>): FunnelRow | undefined {
  return rows.find((row) => Object.entries(keys).every(([key, value]) => row[key as keyof FunnelRow] === value));
}

describe('the funnel roll-up and reads', () => {
  it('is an hourly task and counts per lander, variant, network and sub-id, the same when run again', async () => {
    expect(HOURLY_TASKS.map((task) => task.name)).toContain('daily-funnel');
    await rollUpFunnel(t.db, t.clock.now);
    const first = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=sub1`));
    await rollUpFunnel(t.db, t.clock.now);
    const byVariant = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=variant`));
    expect(rowOf(byVariant.rows, { site: 'default', locale: 'en', lander: 'gallery', variant: 'b' })).toMatchObject({
      visits: 2,
      signups: 1,
      activations: 1,
      first_purchases: 1,
      revenue: [{ currency: 'EUR', minor: 1995 }],
      signup_rate: 50,
      purchase_rate: 100,
      network: '',
    });
    expect(rowOf(byVariant.rows, { lander: 'gallery', variant: 'control' })).toMatchObject({ visits: 2, signups: 1 });
    // The member who came without a lander is not a variant row.
    expect(byVariant.rows.every((row) => row.lander !== '')).toBe(true);

    const bySub = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=sub1`));
    expect(bySub).toEqual(first);
    expect(rowOf(bySub.rows, { site: 'default', network: 'adnet', sub1: 'c7' })).toMatchObject({
      visits: 2,
      signups: 1,
      lander: '',
      variant: '',
    });
    const bySite = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=site&site=default`));
    expect(rowOf(bySite.rows, { site: 'default', locale: 'en' })).toMatchObject({ visits: 4, signups: 3 });
  });

  it('shows a recorded bounce in its lander row beside the visits, per locale and variant, the same when run again', async () => {
    // A visitor shown variant b leaves the lander (the landing script's beacon, `lb` in the address).
    const bounced = await t.request('/api/page-hidden.php', {
      method: 'POST',
      host: HOST,
      headers: {
        'content-type': 'application/json',
        referer: `http://${HOST}/landers/gallery/eng?network=adnet&lb`,
        'x-forwarded-for': '198.51.100.7',
      },
      cookies: { lander_variants: 'gallery.b' },
      body: '{}',
    });
    expect(bounced.status).toBe(204);
    await rollUpFunnel(t.db, t.clock.now);
    await rollUpFunnel(t.db, t.clock.now);

    const byVariant = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=variant`));
    expect(rowOf(byVariant.rows, { lander: 'gallery', variant: 'b' })).toMatchObject({
      visits: 2,
      bounces: 1,
      bounce_rate: 50,
    });
    expect(rowOf(byVariant.rows, { lander: 'gallery', variant: 'control' })).toMatchObject({ bounces: 0 });
    const byLander = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=lander`));
    expect(rowOf(byLander.rows, { site: 'default', locale: 'en', lander: 'gallery' })).toMatchObject({
      visits: 4,
      bounces: 1,
      bounce_rate: 25,
      flagged: false,
    });
    const byNetwork = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=network`));
    expect(rowOf(byNetwork.rows, { site: 'default', network: 'adnet' })).toMatchObject({ bounces: 1 });
    // Another locale's funnel does not get it; the sub-id breakdown does not know bounces.
    const german = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=lander&locale=de`));
    expect(german.rows.reduce((sum, row) => sum + (row.bounces ?? 0), 0)).toBe(0);
    const bySub = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=sub1`));
    expect(bySub.rows.every((row) => row.bounces === null && row.bounce_rate === null)).toBe(true);
  });

  it('compares each variant with its control in words, and says when there is not enough data yet', async () => {
    const early = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=variant`));
    expect(early.experiments).toEqual([
      expect.objectContaining({ site: 'default', locale: 'en', lander: 'gallery', verdict: 'not_enough_data' }),
    ]);
    expect(early.experiments[0]?.note).toContain('not enough data yet');

    // Ten days ago: control 50 of 1000 visits signed up, b 80 of 1000 (p ≈ 0.0065).
    const day = new Date(t.clock.now.getTime() - 10 * DAY).toISOString().slice(0, 10);
    const base = { day, siteId: 'bdsm', locale: 'de', lander: 'gallery', network: '', sub1: '', currency: '' };
    await t.db.insert(dailyFunnel).values([
      { ...base, variant: 'control', visits: 1000, signups: 50, computedAt: t.clock.now },
      { ...base, variant: 'b', visits: 1000, signups: 80, computedAt: t.clock.now },
    ]);
    const { experiments } = await answerOf(getStaffFunnel, await funnel(`from=${day}&to=${day}&by=variant`));
    expect(experiments).toHaveLength(1);
    expect(experiments[0]).toMatchObject({
      site: 'bdsm',
      locale: 'de',
      verdict: 'likely_difference',
      variants: [
        { variant: 'control', visits: 1000, signups: 50, signup_rate: 5, p_value: null },
        { variant: 'b', visits: 1000, signups: 80, signup_rate: 8, p_value: 0.0065 },
      ],
    });
    expect(experiments[0]?.note).toBe(
      'b signs up 8% of visits, control 5%: a difference this large would turn up by chance fewer than 1 time in 100 (p = 0.007), so b is likely better than control.',
    );
  });

  it("flags landers converting at most half their site's median", async () => {
    const day = new Date(t.clock.now.getTime() - 20 * DAY).toISOString().slice(0, 10);
    const base = { day, siteId: 'she', locale: 'en', variant: 'control', network: '', sub1: '', currency: '' };
    await t.db.insert(dailyFunnel).values([
      { ...base, lander: 'gallery', visits: 400, signups: 40, computedAt: t.clock.now },
      { ...base, lander: 'video', visits: 300, signups: 27, computedAt: t.clock.now },
      { ...base, lander: 'swipe', visits: 500, signups: 20, computedAt: t.clock.now },
      // Too few visits to be judged, or to count towards the median.
      { ...base, lander: 'maplanding', visits: 20, signups: 0, computedAt: t.clock.now },
    ]);
    const { rows } = await answerOf(getStaffFunnel, await funnel(`from=${day}&to=${day}&by=lander&site=she`));
    expect(rows.filter((row) => row.flagged).map((row) => row.lander)).toEqual(['swipe']);
    expect(rowOf(rows, { lander: 'swipe' })).toMatchObject({ signup_rate: 4 });
    // Other breakdowns flag nothing.
    const byNetwork = await answerOf(getStaffFunnel, await funnel(`from=${day}&to=${day}&by=network&site=she`));
    expect(byNetwork.rows.some((row) => row.flagged)).toBe(false);
  });

  it('answers the rows as CSV and refuses bad ranges and breakdowns with 400', async () => {
    const csv = await staffRequest(t, `${getStaffFunnelCsv.path}?from=${today}&to=${today}&by=variant`, {
      cookie: marketing,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'site,locale,lander,variant,network,sub1,visits,bounces,bounce_rate,signups,activations,first_purchases,revenue,signup_rate,purchase_rate,flagged',
    );
    expect(lines).toContain(
      '"default","en","gallery","b","","","2","1","50","1","1","1","EUR 19.95","50","100","false"',
    );
    for (const query of [
      `from=${today}&to=2020-01-01&by=lander`,
      'from=2020-01-01&to=2026-01-01&by=lander',
      `from=${today}&to=${today}&by=everything`,
      `from=${today}&to=${today}&by=lander&site=nosuchsite`,
      `from=${today}&to=${today}`,
    ]) {
      const response = await funnel(query);
      expect(response.status, query).toBe(400);
      expect((await errorAnswerOf(response)).error.code).toBe('invalid_input');
    }
  });

  it('rolls up now when marketing asks', async () => {
    await t.db.delete(dailyFunnel).where(eq(dailyFunnel.day, today));
    const response = await staffRequest(t, postStaffFunnelRollup.path, { method: 'POST', cookie: marketing });
    expect(await answerOf(postStaffFunnelRollup, response)).toEqual({ computed_at: t.clock.now.toISOString() });
    const { rows } = await answerOf(getStaffFunnel, await funnel(`from=${today}&to=${today}&by=variant`));
    expect(rowOf(rows, { lander: 'gallery', variant: 'b' })).toMatchObject({ visits: 2, signups: 1 });
  });
});

describe('who reads the funnel', () => {
  it('answers marketing and admins; refuses the other roles, members and visitors', async () => {
    const admin = await staffLogin(t, await createTestStaff(t, ['admin']));
    expect((await funnel(`from=${today}&to=${today}&by=lander`, admin)).status).toBe(200);
    for (const role of ['moderator', 'finance', 'operator'] as const) {
      const cookie = await staffLogin(t, await createTestStaff(t, [role]));
      for (const response of [
        await funnel(`from=${today}&to=${today}&by=lander`, cookie),
        await staffRequest(t, postStaffFunnelRollup.path, { method: 'POST', cookie }),
      ]) {
        expect(response.status, role).toBe(403);
        expect((await errorAnswerOf(response)).error.code).toBe('forbidden');
      }
    }
    const none = await funnel(`from=${today}&to=${today}&by=lander`, null);
    expect([401, 403]).toContain(none.status);
    const member = await t.login((await createTestMember(t)).accountId);
    const asMember = await t.request(`${getStaffFunnel.path}?from=${today}&to=${today}&by=lander`, {
      host: STAFF_HOST,
      session: member,
    });
    expect([401, 403]).toContain(asMember.status);
    const onSite = await t.request(`${getStaffFunnel.path}?from=${today}&to=${today}&by=lander`, {
      host: HOST,
      session: member,
    });
    expect([401, 403, 404]).toContain(onSite.status);
    expect(await onSite.text()).not.toContain('gallery');
  });
});

/**
 * Webcam and reseller content (SPEC §3 'Webcam result', §6 'Webcam eligibility',
 * §7): who gets cams (paid members, members of less than 4 days — with the test clock —,
 * sites without 'cams'), the demo feed's filter and snapshots, and the redirects to the
 * configured partners.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { camRedirectUrl, resellPartnerUrl, type CamEntry, getCamSearch } from '#src/contract/cams.ts';
import { WEBCAM_ELIGIBILITY_MS } from '#src/lib/constants.ts';
import { accounts } from '#src/server/db/schema.ts';
import { CAM_SEARCH_LIMIT } from '#src/server/features/cams/service.ts';
import { DEMO_CAMS, createDemoCamProvider, type CamProvider } from '#src/server/providers/cams/index.ts';
import {
  FIXED_NOW,
  createTestApp,
  createTestMember,
  seedSiteData,
  type TestApp,
  errorAnswerOf,
  answerOf,
} from './harness.ts';
import { setSiteSettings } from './accounts-helpers.ts';

const DAY = 86_400_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});

afterAll(async () => {
  await t.close();
});

afterEach(() => {
  t.clock.now = new Date(FIXED_NOW);
});

interface MemberInit {
  site?: string;
  paid?: boolean;
  /** Days between signup and the test clock (default 5: eligible). */
  signedUpDaysAgo?: number;
}

async function member(app: TestApp, init: MemberInit = {}) {
  const site = init.site ?? 'default';
  const created = await createTestMember(app, {
    siteId: site,
    now: new Date(app.clock.now.getTime() - (init.signedUpDaysAgo ?? 5) * DAY),
  });
  if (init.paid) await app.db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, created.accountId));
  return { ...created, session: await app.login(created.accountId), host: `${site}.localhost` };
}

type Member = Awaited<ReturnType<typeof member>>;

function get(app: TestApp, viewer: Member | null, path: string) {
  return app.request(path, viewer ? { session: viewer.session, host: viewer.host } : {});
}

async function camsFor(app: TestApp, viewer: Member, query = ''): Promise<Record<string, CamEntry>> {
  const response = await get(app, viewer, `/api/livecams/search.php${query}`);
  expect(response.status).toBe(200);
  return (await answerOf(getCamSearch, response)).cams;
}

async function setMemberResell(siteId: string, memberResell: string[]) {
  await setSiteSettings(t, siteId, { member_resell: memberResell });
}

describe('GET /api/livecams/search.php', () => {
  it('answers live cams by account to an eligible member', async () => {
    const viewer = await member(t);
    const cams = await camsFor(t, viewer);
    const list = Object.values(cams);
    expect(list).toHaveLength(Math.min(CAM_SEARCH_LIMIT, DEMO_CAMS.length));
    for (const [account, cam] of Object.entries(cams)) {
      expect(cam.account).toBe(account);
      expect(Object.keys(cam).sort()).toEqual(['account', 'age', 'name', 'snapshot']);
      expect(cam.snapshot).toBe(`/api/livecams/snapshot.php?account=${account}`);
    }
    expect(list[0]).toEqual({
      account: 'SunnyAnna',
      name: 'Anna',
      age: 24,
      snapshot: '/api/livecams/snapshot.php?account=SunnyAnna',
    });
  });

  it('filters by gender and age range', async () => {
    const viewer = await member(t);
    const men = Object.values(await camsFor(t, viewer, '?gender=male'));
    const demoMen = DEMO_CAMS.filter((c) => c.gender === 'male');
    expect(men.map((c) => c.account)).toEqual(demoMen.map((c) => c.account));

    const women = Object.values(await camsFor(t, viewer, '?gender=female&min_age=36&max_age=45'));
    const expected = DEMO_CAMS.filter((c) => c.gender === 'female' && c.age >= 36 && c.age <= 45);
    expect(expected.length).toBeGreaterThan(0);
    expect(women.map((c) => c.account)).toEqual(expected.map((c) => c.account));

    // The search form's "65+" sends only a lower bound, "all ages" nothing (empty values too).
    const older = Object.values(await camsFor(t, viewer, '?gender=&min_age=56&max_age='));
    expect(older.map((c) => c.age)).toEqual(DEMO_CAMS.filter((c) => c.age >= 56).map((c) => c.age));
    expect(await camsFor(t, viewer, '?min_age=90')).toEqual({});
  });

  it('answers no cams to a paid member', async () => {
    const paid = await member(t, { paid: true });
    expect(await camsFor(t, paid)).toEqual({});
  });

  it('answers cams only once the signup is more than 4 days old', async () => {
    const fresh = await member(t, { signedUpDaysAgo: 0 });
    expect(await camsFor(t, fresh)).toEqual({});
    t.clock.now = new Date(FIXED_NOW.getTime() + WEBCAM_ELIGIBILITY_MS);
    expect(await camsFor(t, fresh)).toEqual({});
    t.clock.now = new Date(FIXED_NOW.getTime() + WEBCAM_ELIGIBILITY_MS + 1000);
    expect(Object.keys(await camsFor(t, fresh)).length).toBeGreaterThan(0);
  });

  it("answers no cams on a site whose member_resell lacks 'cams'", async () => {
    await setMemberResell('she', ['camads']);
    const viewer = await member(t, { site: 'she' });
    expect(await camsFor(t, viewer)).toEqual({});
    await setMemberResell('she', []);
    expect(await camsFor(t, viewer)).toEqual({});
    await setMemberResell('she', ['cams']);
    expect(Object.keys(await camsFor(t, viewer)).length).toBeGreaterThan(0);
  });

  it('is for logged-in members only and checks the filter', async () => {
    const visitor = await get(t, null, '/api/livecams/search.php');
    expect(visitor.status).toBe(403);
    expect((await errorAnswerOf(visitor)).error.code).toBe('authentication_required');
    const viewer = await member(t);
    expect((await get(t, viewer, '/api/livecams/search.php?gender=other')).status).toBe(400);
  });

  it('answers no cams, without failing, when the provider fails', async () => {
    const failing: CamProvider = {
      ...createDemoCamProvider({ redirectUrl: 'https://cams.partner.example/{account}' }),
      search: () => Promise.reject(new Error('feed down')),
    };
    const broken = await createTestApp({ deps: (d) => ({ ...d, cams: failing }) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await seedSiteData(broken);
      const viewer = await member(broken);
      expect(await camsFor(broken, viewer)).toEqual({});
      expect(logged).toHaveBeenCalledWith('[cams] the demo provider failed:', 'feed down');
    } finally {
      logged.mockRestore();
      await broken.close();
    }
  });
});

describe('GET /api/livecams/snapshot.php', () => {
  it('serves the demo snapshot of a known account as a cacheable JPEG', async () => {
    const response = await get(t, null, '/api/livecams/snapshot.php?account=VelvetMia');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    expect(bytes.length).toBeGreaterThan(2000);
    // Drawn once: the same bytes again; another account looks different.
    const again = new Uint8Array(
      await (await get(t, null, '/api/livecams/snapshot.php?account=VelvetMia')).arrayBuffer(),
    );
    expect(again).toEqual(bytes);
    const other = new Uint8Array(
      await (await get(t, null, '/api/livecams/snapshot.php?account=MaxLive')).arrayBuffer(),
    );
    expect(other).not.toEqual(bytes);
  });

  it('is 404 for an unknown account', async () => {
    expect((await get(t, null, '/api/livecams/snapshot.php?account=nobody')).status).toBe(404);
  });
});

describe('GET /api/livecams/redirect.php', () => {
  it("sends an eligible member to the provider's page of the account", async () => {
    const viewer = await member(t);
    const response = await get(t, viewer, camRedirectUrl('SunnyAnna'));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://cams.partner.example/room/SunnyAnna');
  });

  it('is 404 for an unknown account, 403 for paid members and visitors', async () => {
    const viewer = await member(t);
    expect((await get(t, viewer, camRedirectUrl('nobody'))).status).toBe(404);
    const paid = await get(t, await member(t, { paid: true }), camRedirectUrl('SunnyAnna'));
    expect(paid.status).toBe(403);
    expect((await errorAnswerOf(paid)).error.code).toBe('forbidden');
    const visitor = await get(t, null, camRedirectUrl('SunnyAnna'));
    expect(visitor.status).toBe(403);
    expect((await errorAnswerOf(visitor)).error.code).toBe('authentication_required');
  });
});

describe('GET /api/resellpartner.php', () => {
  it('sends an eligible member to the reseller partner with the flow and the site', async () => {
    const viewer = await member(t);
    const response = await get(t, viewer, resellPartnerUrl());
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://reseller.partner.example/?flow=profile-search&site=default');
  });

  it("needs 'camads' on the site and a member who may see ads", async () => {
    await setMemberResell('bdsm', ['cams']);
    const viewer = await member(t, { site: 'bdsm' });
    expect((await get(t, viewer, resellPartnerUrl())).status).toBe(403);
    await setMemberResell('bdsm', ['camads']);
    expect((await get(t, viewer, resellPartnerUrl())).status).toBe(302);
    // camads alone: ads yes, cam redirects no.
    expect((await get(t, viewer, camRedirectUrl('SunnyAnna'))).status).toBe(403);
    expect((await get(t, await member(t, { paid: true }), resellPartnerUrl())).status).toBe(403);
    expect((await get(t, null, resellPartnerUrl())).status).toBe(403);
    expect((await get(t, viewer, '/api/resellpartner.php?flow=../../x&redirect=1')).status).toBe(400);
  });

  it('uses the configured partner URLs, keeping their own query', async () => {
    const configured = await createTestApp({
      deps: (d) => ({
        ...d,
        config: { ...d.config, resellPartnerUrl: 'https://partner.test/go?ref=flirt' },
        cams: createDemoCamProvider({ redirectUrl: 'https://cams.test/live/{account}?aff=42' }),
      }),
    });
    try {
      await seedSiteData(configured);
      const viewer = await member(configured);
      const ad = await get(configured, viewer, resellPartnerUrl());
      expect(ad.headers.get('location')).toBe('https://partner.test/go?ref=flirt&flow=profile-search&site=default');
      const cam = await get(configured, viewer, camRedirectUrl('LeoOnline'));
      expect(cam.headers.get('location')).toBe('https://cams.test/live/LeoOnline?aff=42');
    } finally {
      await configured.close();
    }
  });
});

/**
 * The back office's sites section store (src/staff/sites/): the overview loaded with the
 * first site chosen, only changed settings sent (the audit entry names just those), and the
 * overview forgotten at logout.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { EditableSiteSettings } from '#src/contract/staff-sites.ts';
import { $me, $stage, logout } from '#src/staff/session-store.ts';
import { $overview, $siteId, changedSettings, listOf, loadForm, settingsForm } from '#src/staff/sites/sites-store.ts';
import { scriptedApi, type Handler } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

const SETTINGS: EditableSiteSettings = {
  signups: 'all',
  logged_out_search: 'all',
  logged_out_search_trafficsource: 'all',
  member_resell: ['cams'],
  enable_site_entry_popup: 'no',
  site_entry_countries: [],
  fictional_icon: 'masks',
  refund_days: 14,
  message_credits: 1,
  photo_credits: 2,
  gift_credits: 5,
  signup_credits: 0,
  support_email: 'support@example.com',
  support_phone: '+31 20 000 0000',
  premium_claim: true,
};
const SITE = {
  id: 'default',
  brand: 'Flirtmoment',
  company_id: 1,
  settings: SETTINGS,
  updated_at: '2026-01-01T00:00:00Z',
};
const OVERVIEW = { sites: [SITE], companies: [], message_costs: [] };

function api(handler: Handler) {
  const scripted = scriptedApi(handler);
  testEnvironment({ api: scripted.api });
  return scripted.requests;
}

beforeEach(() => {
  $overview.set(null);
  $siteId.set(null);
});

describe('sites store', () => {
  it('loads the overview and chooses the first site', async () => {
    api(() => ({ status: 200, body: OVERVIEW }));
    await loadForm.submit();
    expect($overview.get()?.sites).toHaveLength(1);
    expect($siteId.get()).toBe('default');
  });

  it('sends only the settings that changed, with the reason, then reloads', async () => {
    const requests = api(({ path }) =>
      path === '/api/staff/sites/settings' ? { status: 200, body: { site: SITE } } : { status: 200, body: OVERVIEW },
    );
    await settingsForm.submit(SITE, { ...SETTINGS, signups: 'invite_only', refund_days: 14 }, 1, 'Paused');
    expect(settingsForm.$error.get()).toBeNull();
    const sent = requests.find((request) => request.path === '/api/staff/sites/settings');
    expect(sent?.body).toEqual({ site: 'default', settings: { signups: 'invite_only' }, reason: 'Paused' });
    expect(requests.at(-1)?.path).toBe('/api/staff/sites');
  });

  it('compares lists by value and splits typed lists', () => {
    expect(changedSettings(SETTINGS, { ...SETTINGS, member_resell: ['cams'] })).toEqual({});
    expect(changedSettings(SETTINGS, { ...SETTINGS, site_entry_countries: ['DE'] })).toEqual({
      site_entry_countries: ['DE'],
    });
    expect(listOf(' de, at  nl,', true)).toEqual(['DE', 'AT', 'NL']);
  });

  it('forgets the overview at logout', async () => {
    $overview.set(OVERVIEW);
    $me.set({ id: 1, email: 'a@staff.test', name: 'A', roles: ['admin'], second_factor_at: null });
    $stage.set({ name: 'console' });
    api(() => ({ status: 200, body: { ok: true } }));
    await logout();
    expect($overview.get()).toBeNull();
  });
});

/**
 * The site settings load (SPEC §7 GET /api/settings.php): the current route query plus
 * _force_domain naming the host, once per page, and tried again after a failure.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '#src/client/api.ts';
import type { Endpoint } from '#src/contract/define.ts';
import { loadSiteSettings, resetSiteData } from '#src/stores/site-data.ts';
import { siteSettings } from './profile-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

function recording(fail = false) {
  const queries: unknown[] = [];
  const api = {
    call(endpoint: Endpoint, input?: { query?: unknown }) {
      queries.push({ path: endpoint.path, query: input?.query });
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve({ settings: siteSettings() });
    },
  } as unknown as ApiClient;
  return { api, queries };
}

afterEach(() => resetSiteData());

describe('GET /api/settings.php', () => {
  it('sends the current route query with _force_domain, once per page', async () => {
    const { api, queries } = recording();
    testEnvironment({
      api,
      location: () => new URL('http://flirt.localhost:4321/members?network=partner7&lb&gender=female'),
    });
    await loadSiteSettings();
    await loadSiteSettings();
    expect(queries).toEqual([
      {
        path: '/api/settings.php',
        query: { network: 'partner7', lb: '', gender: 'female', _force_domain: 'flirt.localhost:4321' },
      },
    ]);
  });

  it('names the host in _force_domain even when the query has its own', async () => {
    const { api, queries } = recording();
    testEnvironment({ api, location: () => new URL('http://flirt.localhost/chats?_force_domain=evil.example') });
    await loadSiteSettings();
    expect(queries).toEqual([{ path: '/api/settings.php', query: { _force_domain: 'flirt.localhost' } }]);
  });

  it('tries again after a failed load', async () => {
    const failing = recording(true);
    testEnvironment({ api: failing.api, location: () => new URL('http://flirt.localhost/members') });
    await expect(loadSiteSettings()).rejects.toThrow('offline');
    const { api, queries } = recording();
    testEnvironment({ api, location: () => new URL('http://flirt.localhost/members') });
    await expect(loadSiteSettings()).resolves.toMatchObject({ name: siteSettings().name });
    expect(queries).toHaveLength(1);
  });
});

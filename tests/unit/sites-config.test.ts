import { describe, expect, it } from 'vitest';
import { companyFor, parseSites, rawSites, sites } from '#sites-config';
import { resolveHost, resolveLocale, hostnameOf } from '#src/server/http/site-resolver.ts';

describe('sites.config.ts', () => {
  it('describes the seven sites with niches 1 to 7 first (any added by npm run new-site follow), a company each', () => {
    expect(sites.slice(0, 7).map((s) => s.niche)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sites.slice(0, 7).map((s) => s.id)).toEqual(['default', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay']);
    for (const site of sites) expect(companyFor(site).name).toMatch(/Moonlit Media/);
  });

  it("preselects the signup's gender and 'looking for' from the niche", () => {
    const defaults = Object.fromEntries(sites.map((s) => [s.id, s.signupDefaults]));
    expect(defaults['gay']).toEqual({ gender: 'male', seeking: 'male' });
    for (const id of ['default', 'she', 'bdsm', 'bbw', 'gilf', 'milf'])
      expect(defaults[id], id).toEqual({ gender: 'male', seeking: 'female' });
    const broken = rawSites.map((s, i) => (i === 0 ? { ...(s as object), signupDefaults: { gender: 'x' } } : s));
    expect(() => parseSites(broken)).toThrow(/signupDefaults/);
  });

  it('names the field of a wrong entry', () => {
    const broken = rawSites.map((s, i) =>
      i === 2 ? { ...(s as object), theme: { ...(s as { theme: object }).theme, primary: 'purple' } } : s,
    );
    expect(() => parseSites(broken)).toThrow(/site bdsm → theme\.primary: must be a #rrggbb colour/);
  });

  it('refuses a domain used twice', () => {
    const first = rawSites[0] as { domains: Record<string, string> };
    const broken = rawSites.map((s, i) => (i === 1 ? { ...(s as object), domains: { ...first.domains } } : s));
    expect(() => parseSites(broken)).toThrow(/domains\.\w+: flirtmoment\.\w+ is also used by default/);
  });
});

describe('host resolution', () => {
  it('finds the site and language of a locale domain', () => {
    const match = resolveHost(sites, 'www.kinkbound.de:443');
    expect(match?.site.id).toBe('bdsm');
    expect(match?.domainLocale).toBe('de');
  });
  it('serves <site>.localhost in the default locale and <locale>.<site>.localhost in that locale', () => {
    expect(resolveHost(sites, 'gay.localhost:4321')?.domainLocale).toBe('en');
    const nl = resolveHost(sites, 'nl.milf.localhost');
    expect([nl?.site.id, nl?.domainLocale]).toEqual(['milf', 'nl']);
  });
  it('knows no other host', () => {
    expect(resolveHost(sites, 'localhost:4321')).toBeNull();
    expect(resolveHost(sites, 'evil.example')).toBeNull();
    expect(resolveHost(sites, 'xx.default.localhost')).toBeNull();
    expect(hostnameOf('[::1]:4321')).toBe('[::1]');
  });
  it('prefers the locale cookie over the domain language', () => {
    expect(resolveLocale('fi', 'nl')).toEqual({ locale: 'fi', fromCookie: true });
    expect(resolveLocale('xx', 'nl')).toEqual({ locale: 'nl', fromCookie: false });
  });
});

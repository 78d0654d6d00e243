// @vitest-environment jsdom
/**
 * The language menu rule of SPEC §2.3 as static pages apply it: the visitor-hints script runs
 * on cookies in a real DOM (jsdom), the menu entries carry the attributes LanguageMenu.astro
 * renders, and the generated CSS selectors decide what is hidden. For every combination
 * of login, geoip and selected country and every current locale, the entries left visible
 * must be exactly `menuLocales` plus the current locale.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, LOCALES, menuLocales, type Locale } from '#src/lib/locales.ts';
import { VISITOR_HINTS_SCRIPT, languageMenuCss } from '#src/lib/visitor-hints.ts';
import { langConfigHref, langConfigTarget, servedPath } from '#src/lib/lang-config.ts';
import { langConfigRequest } from '#src/stores/account.ts';

/** The menu markup as LanguageMenu.astro writes it (the attributes the CSS reads). */
function menuHtml(current: Locale): string {
  const items = LOCALES.map((l) => {
    const currentMark = l === current ? ' aria-current="true"' : '';
    return `<li><a href="/lang-config?locale=${l}" hreflang="${l}" lang="${l}"${currentMark}>${l}</a></li>`;
  });
  return `<ul id="menu">${items.join('')}</ul>`;
}

interface Visit {
  cookies: string[];
  current?: Locale;
  standalone?: boolean;
}

// The test environment's document: cookies and the <html> data attributes are cleared
// before each visit.
const selector = languageMenuCss().replace(/\{display:none\}$/, '');

function clear(): void {
  for (const name of document.cookie.split('; ').map((c) => c.split('=')[0])) {
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  const html = document.documentElement;
  for (const { name } of [...html.attributes]) if (name.startsWith('data-')) html.removeAttribute(name);
}

/** Runs the inline script as the browser does (an inline <script>), with the given cookies. */
function runHints(cookies: string[], standalone = false): Record<string, string | undefined> {
  clear();
  for (const cookie of cookies) document.cookie = `${cookie}; path=/`;
  // Inline scripts run in the JSDOM instance's own window (vitest exposes it as `jsdom`),
  // which has no matchMedia.
  Object.assign((globalThis as unknown as { jsdom: { window: object } }).jsdom.window, {
    matchMedia: () => ({ matches: standalone }),
  });
  const script = document.createElement('script');
  script.textContent = VISITOR_HINTS_SCRIPT;
  document.head.append(script);
  script.remove();
  return Object.fromEntries(Object.entries(document.documentElement.dataset));
}

/** The locales the menu leaves visible under the current <html> hints. */
function visibleEntries(current: Locale): string[] {
  document.body.innerHTML = menuHtml(current);
  const links = [...document.querySelectorAll<HTMLAnchorElement>('#menu a')];
  return links.filter((a) => !a.matches(selector)).map((a) => a.hreflang);
}

function visit({ cookies, current = 'en', standalone = false }: Visit) {
  const dataset = runHints(cookies, standalone);
  return { dataset, visible: visibleEntries(current) };
}

const cookieSets = (loggedIn: boolean, geoip: string | null, selected: string | null) => [
  ...(loggedIn ? ['auth.loggedIn=1'] : []),
  ...(geoip ? [`country=${geoip}`] : []),
  ...(selected ? [`selected_country=${selected}`] : []),
  'locale=en',
];

describe('visitor hints', () => {
  it('marks members, the installed app and the geoip country', () => {
    expect(visit({ cookies: ['auth.loggedIn=1', 'country=NL'], standalone: true }).dataset).toMatchObject({
      member: '1',
      app: '1',
      country: 'NL',
    });
    const guest = visit({ cookies: ['locale=nl'] }).dataset;
    expect(guest).not.toHaveProperty('member');
    expect(guest).not.toHaveProperty('app');
    expect(guest).not.toHaveProperty('country');
  });

  it('does not take a cookie that only ends in the name for the one it reads', () => {
    const { dataset } = visit({ cookies: ['oauth.state=1', 'selected_country=BE', 'xcountry=DE'] });
    expect(dataset).not.toHaveProperty('member');
    expect(dataset).not.toHaveProperty('country');
  });

  it("names the selected country when it is the geoip one, else the menu's all-locales value", () => {
    expect(visit({ cookies: ['country=BE', 'selected_country=BE'] }).dataset['menu']).toBe('BE');
    expect(visit({ cookies: ['country=BE'] }).dataset['menu']).toBe('BE');
    expect(COUNTRIES).not.toContain(visit({ cookies: ['country=DE', 'selected_country=BE'] }).dataset['menu']);
    expect(visit({ cookies: ['auth.loggedIn=1', 'country=DE', 'selected_country=BE'] }).dataset['menu']).toBe('BE');
  });

  it('fits the inline-script budget next to the site-entry warning', () => {
    // 600 bytes per page minus the site-entry warning's script with the NL/DE list (329).
    expect(VISITOR_HINTS_SCRIPT.length).toBeLessThanOrEqual(271);
  });
});

describe('language menu on static pages', () => {
  const countries = [null, 'BE', 'NL', 'CH', 'FI', 'BR'];

  it('offers exactly the locales of menuLocales, and always the current one', () => {
    const mismatches: string[] = [];
    for (const loggedIn of [false, true]) {
      for (const geoip of countries) {
        for (const selected of countries) {
          const expected = menuLocales({ loggedIn, geoipCountry: geoip, selectedCountry: selected });
          runHints(cookieSets(loggedIn, geoip, selected));
          for (const current of LOCALES) {
            const visible = visibleEntries(current);
            const want = LOCALES.filter((l) => l === current || expected.includes(l));
            if (visible.join() !== want.join())
              mismatches.push(`${loggedIn}/${geoip}/${selected}/${current}: ${visible.join()} ≠ ${want.join()}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // 792 renders in jsdom: a guard against a hang, not a speed check (slow on a busy machine).
  }, 90_000);

  it('shows a Belgian visitor in Belgium Dutch, French and German, plus the page language', () => {
    expect(visit({ cookies: ['country=BE'], current: 'en' }).visible).toEqual(['de', 'en', 'fr', 'nl']);
  });

  it('finds the entries of LanguageMenu.astro by the attributes it renders', () => {
    const source = readFileSync(join(import.meta.dirname, '../../src/components/LanguageMenu.astro'), 'utf8');
    for (const attribute of ['hreflang={l}', 'lang={l}', "aria-current={l === locale ? 'true' : undefined}"])
      expect(source).toContain(attribute);
  });

  it('writes one rule per country of the spec, valid CSS', () => {
    const style = document.createElement('style');
    style.textContent = languageMenuCss();
    document.head.append(style);
    const rules = [...(style.sheet?.cssRules ?? [])] as CSSStyleRule[];
    style.remove();
    expect(rules).toHaveLength(1);
    expect(rules[0]?.style.display).toBe('none');
    expect(rules[0]?.selectorText.match(/\[data-menu=/g)).toHaveLength(COUNTRIES.length);
  });
});

describe('the return path of the menu entries (src/lib/lang-config.ts)', () => {
  it('names the page the menu is on, as it is served', () => {
    expect(servedPath('/default/en/pricing', 'default', 'en')).toBe('/pricing');
    expect(servedPath('/gay/de/pages/faq.html', 'gay', 'de')).toBe('/pages/faq');
    expect(servedPath('/default/en/', 'default', 'en')).toBe('/');
    expect(servedPath('/default/en/index.html', 'default', 'en')).toBe('/');
    expect(langConfigHref('de', '/pricing')).toBe('/lang-config?locale=de&return=/pricing');
    expect(langConfigHref('nl', '/pages/faq')).toBe('/lang-config?locale=nl&return=/pages/faq');
  });

  it('leaves the path to the Referer on pages served at many paths', () => {
    expect(langConfigHref('de', '/members')).toBe('/lang-config?locale=de');
    expect(langConfigHref('de', '/profile-landing2')).toBe('/lang-config?locale=de');
  });

  it('goes back only to a path of this site', () => {
    expect(langConfigTarget('/pages/faq')).toBe('/pages/faq');
    for (const back of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'x', '/a\u0000b', '/a\nb'])
      expect(langConfigTarget(back), back).toBe('/');
    expect(langConfigTarget(undefined, { url: 'http://a.localhost/likes?x=1', host: 'a.localhost' })).toBe(
      '/likes?x=1',
    );
    expect(langConfigTarget(undefined, { url: 'http://b.localhost/likes', host: 'a.localhost' })).toBe('/');
    expect(langConfigTarget(undefined, { url: 'not a url', host: 'a.localhost' })).toBe('/');
    expect(langConfigRequest({ locale: 'de', return: '/\\evil.example' })).toEqual({ locale: 'de', target: '/' });
    expect(langConfigRequest({ locale: 'de', return: '/pricing' })).toEqual({ locale: 'de', target: '/pricing' });
  });
});

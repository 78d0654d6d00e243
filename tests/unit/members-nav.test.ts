import { describe, expect, it, vi } from 'vitest';
import { badgeText, creditsBadge, creditsLink } from '#src/features/members-shell/nav-badges.ts';
import { BADGE_CAP, CREDITS_BADGE_THRESHOLD } from '#src/lib/constants.ts';
import {
  applyLangConfig,
  changeLanguage,
  langConfigRequest,
  languageForm,
  logout,
  logoutForm,
} from '#src/stores/account.ts';
import { $session } from '#src/stores/session.ts';
import { member, scriptedApi } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

describe('nav badges (SPEC §2.3)', () => {
  it('shows no badge at 0 and caps at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(BADGE_CAP)).toBe('99');
    expect(badgeText(BADGE_CAP + 1)).toBe('99+');
    expect(badgeText(2500)).toBe('99+');
  });

  it('shows the credits badge at 10 credits or fewer: warning above 0, danger at 0', () => {
    expect(creditsBadge(CREDITS_BADGE_THRESHOLD + 1)).toBeNull();
    expect(creditsBadge(CREDITS_BADGE_THRESHOLD)).toEqual({ text: '10', tone: 'warning' });
    expect(creditsBadge(1)).toEqual({ text: '1', tone: 'warning' });
    expect(creditsBadge(0)).toEqual({ text: '0', tone: 'danger' });
  });

  it('leads paid users to repeat their order and others to premium', () => {
    expect(creditsLink(true)).toEqual({ route: 'credits-repeat-order', path: '/credits/repeat-order' });
    expect(creditsLink(false)).toEqual({ route: 'premium', path: '/premium' });
  });
});

/** The page's navigation, reload and cookies, recorded, with this API. */
const env = (api = scriptedApi(() => ({ status: 500, body: {} })).api) => {
  const page = { go: vi.fn<(url: string) => void>(), reload: vi.fn(), setCookie: vi.fn<(c: string) => void>() };
  testEnvironment({ api, navigate: page.go, reload: page.reload, setCookie: page.setCookie });
  return page;
};

describe('account actions of the nav', () => {
  const user = member();

  it('logs out through POST /api/logout.php, then goes home', async () => {
    const { api, requests } = scriptedApi(() => ({ status: 200, body: { ok: true } }));
    $session.set({ status: 'member', user });
    const page = env(api);
    await logout();
    expect(requests).toEqual([{ method: 'POST', path: '/api/logout.php', body: undefined }]);
    expect($session.get()).toEqual({ status: 'guest' });
    expect(page.go).toHaveBeenCalledWith('/');
  });

  it('saves a new language, stores it in the locale cookie for a year and reloads', async () => {
    const { api, requests } = scriptedApi(() => ({ status: 200, body: { user: { ...user, language: 'de' } } }));
    const page = env(api);
    await changeLanguage('de');
    expect(requests).toEqual([{ method: 'PUT', path: '/api/user.php', body: { language: 'de' } }]);
    expect(page.setCookie).toHaveBeenCalledWith(`locale=de; path=/; max-age=${365 * 24 * 3600}; samesite=lax`);
    expect(page.reload).toHaveBeenCalledOnce();
  });

  it('keeps the page when the language cannot be saved', async () => {
    const { api } = scriptedApi(() => ({ status: 400, body: { error: { code: 'bad_request', message: 'x' } } }));
    const page = env(api);
    await expect(changeLanguage('de')).rejects.toThrow();
    expect(page.setCookie).not.toHaveBeenCalled();
    expect(page.reload).not.toHaveBeenCalled();
  });
});

describe("the nav's logout and language forms", () => {
  it('shows why a logout failed and stays on the page, then logs out on the next press', async () => {
    let refuse = true;
    const { api, requests } = scriptedApi(() =>
      refuse
        ? { status: 429, body: { error: { code: 'rate_limited', message: 'Slow down' } } }
        : { status: 200, body: { ok: true } },
    );
    $session.set({ status: 'member', user: member() });
    const page = env(api);
    logoutForm.reset();
    await logoutForm.submit();
    expect(logoutForm.$error.get()).toBe('Slow down');
    expect(logoutForm.$busy.get()).toBe(false);
    expect(page.go).not.toHaveBeenCalled();
    refuse = false;
    await logoutForm.submit();
    expect(logoutForm.$error.get()).toBeNull();
    expect(requests).toHaveLength(2);
    expect(page.go).toHaveBeenCalledWith('/');
  });

  it('ignores a second language while the first is being saved, and shows a refusal', async () => {
    const { api, requests } = scriptedApi(() => ({
      status: 400,
      body: { error: { code: 'bad_request', message: 'Not this one' } },
    }));
    const page = env(api);
    languageForm.reset();
    const first = languageForm.submit('de');
    await languageForm.submit('nl');
    await first;
    expect(requests).toEqual([{ method: 'PUT', path: '/api/user.php', body: { language: 'de' } }]);
    expect(languageForm.$error.get()).toBe('Not this one');
    expect(page.reload).not.toHaveBeenCalled();
  });
});

describe('/lang-config answered by the members shell (static hosts)', () => {
  it('returns to same-site paths only', () => {
    expect(langConfigRequest({ locale: 'nl', return: '/pages/faq' })).toEqual({ locale: 'nl', target: '/pages/faq' });
    expect(langConfigRequest({ locale: 'nl', return: '//evil.example/' })).toEqual({ locale: 'nl', target: '/' });
    expect(langConfigRequest({ locale: 'nl', return: 'https://evil.example/' }).target).toBe('/');
    expect(langConfigRequest({ locale: 'xx' })).toEqual({ locale: null, target: '/' });
  });

  it("sets the cookie, saves a member's language and goes back", async () => {
    const { api, requests } = scriptedApi(() => ({ status: 200, body: { user: member({ language: 'nl' }) } }));
    const page = env(api);
    $session.set({ status: 'member', user: member() });
    await applyLangConfig({ locale: 'nl', return: '/members' });
    expect(page.setCookie).toHaveBeenCalledWith(expect.stringMatching(/^locale=nl; path=\//));
    expect(requests).toEqual([{ method: 'PUT', path: '/api/user.php', body: { language: 'nl' } }]);
    expect(page.go).toHaveBeenCalledWith('/members');
  });

  it('stores the country the visitor picked, and ignores an unknown one', async () => {
    const page = env();
    $session.set({ status: 'guest' });
    await applyLangConfig({ locale: 'fr', country: 'BE', return: '/' });
    expect(page.setCookie).toHaveBeenCalledWith(expect.stringMatching(/^selected_country=BE; path=\//));
    const other = env();
    await applyLangConfig({ locale: 'fr', country: 'XX', return: '/' });
    expect(other.setCookie).not.toHaveBeenCalledWith(expect.stringMatching(/selected_country/));
  });

  it('goes back without saving for a visitor, and without a cookie for an unknown locale', async () => {
    const page = env();
    $session.set({ status: 'guest' });
    await applyLangConfig({ locale: 'xx', return: '/pricing' });
    expect(page.setCookie).not.toHaveBeenCalled();
    expect(page.go).toHaveBeenCalledWith('/pricing');
  });
});

/**
 * The settings screen's e-mail notification preferences, the disabled-notifications
 * explanation, the location from geolocation and the language list of the member's country
 * (src/features/settings; SPEC §2.3, §2.7, §3, §8).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { EMAIL_PREFERENCES, EMAIL_PREFERENCE_DEFAULTS } from '#src/contract/notifications.ts';
import SettingsScreen from '#src/features/settings/SettingsScreen.tsx';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { resetGeolocation } from '#src/stores/geolocation.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { member, scriptedApi, type Answer } from '../fixtures/members.ts';
import { MemoryStorage, testEnvironment } from './test-environment.ts';
import { ownProfile } from './profile-fixtures.ts';

const en = catalogues.en;
const labels = en.settings.email_notifications.preferences;

const REGIONS = {
  DE: [{ id: 276010, name: 'Nordrhein-Westfalen' }],
  NL: [{ id: 528008, name: 'Noord-Holland' }],
};

interface ServerOptions {
  disabled?: string[];
  refuse?: boolean;
  geocode?: { country: string | null; countryregion: number; region_code: string | null };
}

/** The API as settings calls it: notifications.php keeps its preferences; profile.php its location. */
function server(options: ServerOptions = {}) {
  const email = { ...EMAIL_PREFERENCE_DEFAULTS };
  let location = { country: 'DE', countryregion: 276010, city: 'Köln' };
  const settings = () => ({ settings: { email, notifications_disabled: options.disabled ?? [] } });
  const { api, requests } = scriptedApi(({ method, path, body }): Answer => {
    if (path === '/api/notifications.php' && method === 'GET') return { status: 200, body: settings() };
    if (path === '/api/notifications.php' && method === 'PUT') {
      if (options.refuse) return { status: 403, body: { error: { code: 'forbidden', message: 'Not now, sorry.' } } };
      Object.assign(email, body);
      return { status: 200, body: settings() };
    }
    if (path === '/api/profile.php' && method === 'GET')
      return { status: 200, body: { profile: ownProfile(location) } };
    if (path === '/api/profile.php' && method === 'PUT') {
      location = { ...location, ...(body as typeof location) };
      return { status: 200, body: { ok: true, profile: ownProfile(location) } };
    }
    if (path === '/api/regions.php') return { status: 200, body: { regions: REGIONS } };
    if (path === '/api/geocode.php' && options.geocode) return { status: 200, body: options.geocode };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
  });
  const geolocation = {
    getCurrentPosition(success: PositionCallback) {
      success({ coords: { latitude: 52.37, longitude: 4.9 } } as unknown as GeolocationPosition);
    },
  } as unknown as Geolocation;
  testEnvironment({
    api,
    geolocation: { geolocation, permissions: undefined, storage: new MemoryStorage(), now: () => 1_000_000 },
  });
  return requests;
}

function renderSettings(user: CurrentUser = member()) {
  render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <SettingsScreen user={user} locale="en" />
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  resetSiteData();
  resetGeolocation();
});

describe('settings: e-mail notifications', () => {
  it('shows the eight preferences as saved and saves each switch on its own', async () => {
    const requests = server();
    renderSettings();
    const section = screen.getByRole('region', { name: en.settings.email_notifications.title });
    for (const preference of EMAIL_PREFERENCES) {
      const toggle = await within(section).findByRole('switch', { name: labels[preference] });
      expect((toggle as HTMLInputElement).checked).toBe(EMAIL_PREFERENCE_DEFAULTS[preference]);
    }
    const messages = within(section).getByRole('switch', { name: labels.new_messages });
    fireEvent.click(messages);
    await expect.poll(() => (messages as HTMLInputElement).disabled).toBe(false);
    const news = within(section).getByRole('switch', { name: labels.news });
    fireEvent.click(news);
    await expect.poll(() => (news as HTMLInputElement).disabled).toBe(false);

    expect(requests.filter((r) => r.method === 'PUT' && r.path === '/api/notifications.php')).toEqual([
      { method: 'PUT', path: '/api/notifications.php', body: { new_messages: false } },
      { method: 'PUT', path: '/api/notifications.php', body: { news: true } },
    ]);
    expect((messages as HTMLInputElement).checked).toBe(false);
    expect((news as HTMLInputElement).checked).toBe(true);
  });

  it("puts the switch back and shows the server's text when saving fails", async () => {
    server({ refuse: true });
    renderSettings();
    const section = screen.getByRole('region', { name: en.settings.email_notifications.title });
    const like = await within(section).findByRole('switch', { name: labels.like });
    fireEvent.click(like);
    expect((await within(section).findByRole('alert')).textContent).toBe('Not now, sorry.');
    expect((like as HTMLInputElement).checked).toBe(true);
  });

  it('explains why no e-mails are sent, by reason, with the way out', async () => {
    server({ disabled: ['bounce'] });
    renderSettings();
    const box = await screen.findByTestId('notifications-disabled');
    expect(box.textContent).toContain(en.banners.notifications_disabled.bounce);
    expect(
      within(box).getByRole('link', { name: en.banners.notifications_disabled.change_email }).getAttribute('href'),
    ).toBe('#account-email');
  });
});

describe('settings: location', () => {
  it('shows where the profile says the member is and moves it to the geolocated region', async () => {
    const requests = server({ geocode: { country: 'NL', countryregion: 528008, region_code: 'NL-NH' } });
    renderSettings();
    const section = screen.getByRole('region', { name: en.settings.location.title });
    expect(await within(section).findByText('Your location: Köln, Nordrhein-Westfalen, Germany')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: en.settings.location.button }));
    expect((await within(section).findByRole('status')).textContent).toBe(
      'Your location is now Noord-Holland, Netherlands.',
    );
    expect(requests.find((r) => r.method === 'PUT' && r.path === '/api/profile.php')?.body).toEqual({
      country: 'NL',
      countryregion: 528008,
      city: '',
    });
  });

  it('says so when the position is in a country the site does not serve, and changes nothing', async () => {
    const requests = server({ geocode: { country: 'JP', countryregion: 0, region_code: null } });
    renderSettings();
    const section = screen.getByRole('region', { name: en.settings.location.title });
    fireEvent.click(await within(section).findByRole('button', { name: en.settings.location.button }));
    expect((await within(section).findByRole('alert')).textContent).toBe(en.settings.location.outside);
    expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/profile.php')).toBe(false);
  });
});

describe('settings: language', () => {
  function offered() {
    const select = screen.getByRole('combobox', { name: en.settings.language.label });
    return within(select)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
  }

  it("offers the locales of the member's country (SPEC §9), keeping the current one", () => {
    server();
    renderSettings(member({}, { country: 'BE' }));
    expect(offered()).toEqual(['en', 'nl', 'fr', 'de']);
    cleanup();
    renderSettings(member({}, { country: 'CH' }));
    expect(offered()).toEqual(['de', 'it', 'fr', 'en']);
  });
});

/**
 * 'My profile' as a member meets it (SPEC §2.7): photo states and the photo-limit alert,
 * the username checks and a refused date of birth next to their fields with the typing
 * kept, attributes with 'Average'/'Overweight' and only chosen values sent, the location
 * choices with the country's region label, and interests as text chips.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import ProfileScreen from '#src/features/profile/ProfileScreen.tsx';
import { MEMBERS_NAMESPACES } from '#src/islands/MembersApp.tsx';
import { createApiClient } from '#src/client/api.ts';
import type { OwnProfile } from '#src/contract/profile.ts';
import { catalogues, createI18n, pickNamespaces } from '#src/i18n/index.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { member } from '../fixtures/members.ts';
import { ownPhoto, ownProfile, refused, siteSettings } from './profile-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

const en = catalogues.en;
type Answer = { status: number; body: unknown };
type Route = (method: string, path: string, body: unknown) => Answer | undefined;

const regions = {
  DE: [
    { id: 1, name: 'Bayern' },
    { id: 2, name: 'Berlin' },
  ],
  AT: [{ id: 10, name: 'Tirol' }],
  CH: [{ id: 20, name: 'Zürich' }],
};
const interests = [
  { key: 'hiking', name: 'Hiking', icon: '🥾' },
  { key: 'gangbang', name: 'Gangbang', icon: null },
  { key: 'beach', name: 'Beach', icon: '🏖️' },
];

/** Serves the screen's calls: the profile, the site's data, and `route` for the rest. */
function serve(profile: OwnProfile, route: Route = () => undefined) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path: url.pathname, body });
      const fixed: Record<string, unknown> = {
        '/api/profile.php': { profile },
        '/api/settings.php': { settings: siteSettings() },
        '/api/regions.php': { regions },
        '/api/interests.php': { interests },
        '/api/user.php': { user: member() },
      };
      const answer =
        route(method, url.pathname, body) ??
        (method === 'GET' && url.pathname in fixed ? { status: 200, body: fixed[url.pathname] } : undefined) ??
        refused(404, 'not_found', 'Not found');
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return requests;
}

function renderScreen(locale: 'en' | 'de' = 'en') {
  render(
    <I18nextProvider i18n={createI18n(locale, pickNamespaces(catalogues[locale], MEMBERS_NAMESPACES))}>
      <ProfileScreen user={member({ email: 'birgit@example.com' })} locale={locale} />
    </I18nextProvider>,
  );
}

async function section(name: string) {
  return within(await screen.findByRole('region', { name }));
}

const puts = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((r) => r.method === 'PUT' && r.path === '/api/profile.php').map((r) => r.body);

beforeEach(() => {
  // The screen's error texts come from the environment's translator (MembersApp sets it).
  testEnvironment({ api: createApiClient({ delay: () => 0 }) });
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSiteData();
});

describe('my profile: photos', () => {
  it('shows each photo state and, for a free member at 3 photos, the photo-limit alert instead of the add tile', async () => {
    serve(
      ownProfile({
        photos: [
          ownPhoto('a', { is_main: true }),
          ownPhoto('b', { status: 'being_inspected' }),
          ownPhoto('c'),
          ownPhoto('d', { status: 'rejected', reject_reason: 'no_face' }),
        ],
      }),
    );
    renderScreen();
    const photos = await section(en.photos.manager.title);
    expect(photos.getByText(en.photos.manager.main)).toBeTruthy();
    expect(photos.getByText(en.photos.manager.being_inspected)).toBeTruthy();
    expect(photos.getByText(en.photos.manager.rejected)).toBeTruthy();
    expect(photos.getByText('Your face must be clearly visible on your profile photo.')).toBeTruthy();
    // Neither the profile image nor the rejected photo offers 'Set as profile image'.
    expect(photos.getAllByRole('button', { name: en.photos.manager.set_main })).toHaveLength(2);
    expect(photos.getByText('You can add up to 3 photos. Premium members can add up to 25.')).toBeTruthy();
    expect(photos.getByText('This feature is only available for premium members.')).toBeTruthy();
    expect(photos.getByRole('link', { name: en.nav.get_premium }).getAttribute('href')).toBe('/premium');
    expect(photos.queryByRole('button', { name: /Add a photo/ })).toBeNull();
  });

  it('lets a premium member below 25 add photos, without the alert', async () => {
    serve(ownProfile({ photos: [ownPhoto('a', { is_main: true }), ownPhoto('b'), ownPhoto('c')], photo_limit: 25 }));
    renderScreen();
    const photos = await section(en.photos.manager.title);
    expect(photos.getByRole('button', { name: /Add a photo/ })).toBeTruthy();
    expect(photos.getByTestId('photo-input').getAttribute('accept')).toContain('image/heic');
    expect(photos.queryByRole('link', { name: en.nav.get_premium })).toBeNull();
  });

  it('lets the German labels of the photo buttons wrap inside the half-width tiles of a 320 px phone', async () => {
    const de = catalogues.de;
    serve(ownProfile({ photos: [ownPhoto('a', { is_main: true }), ownPhoto('b')], photo_limit: 25 }));
    renderScreen('de');
    const photos = await section(de.photos.manager.title);
    const labelled = [
      photos.getByRole('button', { name: de.photos.manager.set_main }),
      ...photos.getAllByRole('button', { name: de.photos.manager.delete }),
      photos.getByRole('button', { name: new RegExp(de.photos.manager.add) }),
      photos.getByRole('switch', { name: de.photos.manager.premium_only }).closest('label')!,
    ];
    for (const element of labelled) {
      expect(element.className).not.toContain('whitespace-nowrap');
      expect(element.className).toContain('[overflow-wrap:anywhere]');
    }
    fireEvent.click(photos.getAllByRole('button', { name: de.photos.manager.delete })[1]!);
    for (const name of [de.photos.manager.delete_confirm, de.common.cancel])
      expect(photos.getByRole('button', { name }).className).toContain('[overflow-wrap:anywhere]');
  });

  it('deletes a photo only after the confirm', async () => {
    const requests = serve(ownProfile({ photos: [ownPhoto('a', { is_main: true }), ownPhoto('b')] }), (method) =>
      method === 'DELETE' ? { status: 200, body: { photos: [ownPhoto('a', { is_main: true })], limit: 3 } } : undefined,
    );
    renderScreen();
    const photos = await section(en.photos.manager.title);
    fireEvent.click(photos.getAllByRole('button', { name: en.photos.manager.delete })[1]!);
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(photos.getByRole('button', { name: en.photos.manager.delete_confirm }));
    expect(await photos.findByText('1 of 3 photos')).toBeTruthy();
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ photo: 'b' });
  });
});

describe('my profile: basics', () => {
  it('checks the username before sending and shows a refused date of birth next to it, keeping the input', async () => {
    const requests = serve(ownProfile(), (method) =>
      method === 'PUT'
        ? refused(400, 'date_of_birth_too_young', 'Enter your date of birth (18+)', 'date_of_birth')
        : undefined,
    );
    renderScreen();
    const basics = await section(en.profile.basics.title);
    const name = basics.getByLabelText(en.profile.basics.name);
    fireEvent.change(name, { target: { value: '@bibi' } });
    fireEvent.click(basics.getByRole('button', { name: en.profile.save }));
    expect(await basics.findByText('Username may not start with @')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(puts(requests)).toEqual([]);

    fireEvent.change(name, { target: { value: 'Bibi' } });
    fireEvent.click(basics.getByRole('button', { name: en.profile.save }));
    expect(await basics.findByText('Enter your date of birth (18+)')).toBeTruthy();
    expect(basics.getByLabelText<HTMLInputElement>(en.profile.basics.name).value).toBe('Bibi');
    expect(puts(requests)).toEqual([{ name: 'Bibi', gender: 'female', date_of_birth: '1990-04-12' }]);
  });
});

describe('my profile: personal info', () => {
  it('shows body types as Average and Overweight and sends only chosen attributes', async () => {
    const requests = serve(ownProfile(), (method) =>
      method === 'PUT' ? { status: 200, body: { ok: true, profile: ownProfile({ body_type: 'fat' }) } } : undefined,
    );
    renderScreen();
    const personal = await section(en.profile.personal.title);
    const bodyType = personal.getByLabelText<HTMLSelectElement>(en.attributes.body_type.label);
    expect([...bodyType.options].map((o) => o.text)).toEqual(['Choose…', 'Slim', 'Average', 'Overweight']);
    fireEvent.change(bodyType, { target: { value: 'fat' } });
    fireEvent.click(personal.getByRole('button', { name: en.profile.save }));
    expect(await personal.findByText(en.profile.saved)).toBeTruthy();
    expect(puts(requests)).toEqual([{ hair_color: 'red', body_type: 'fat', signup_reason: '', about_me: '' }]);
    // Once chosen, the attribute has no 'Choose…' any more: the profile cannot unset it.
    expect([...bodyType.options].map((o) => o.text)).toEqual(['Slim', 'Average', 'Overweight']);
  });

  it('counts the characters of about me', async () => {
    serve(ownProfile({ about_me: 'Hello' }));
    renderScreen();
    const personal = await section(en.profile.personal.title);
    expect(personal.getByText('5 of 2000 characters')).toBeTruthy();
  });
});

describe('my profile: location', () => {
  it("offers the site's countries by name and the country's regions under its own label", async () => {
    serve(ownProfile({ country: 'DE', countryregion: 2 }));
    renderScreen();
    const location = await section(en.profile.location.title);
    const country = location.getByLabelText<HTMLSelectElement>(en.profile.location.country);
    await location.findByRole('option', { name: 'Switzerland' });
    expect([...country.options].map((o) => o.text)).toEqual(['Austria', 'Germany', 'Switzerland']);
    const region = await location.findByLabelText<HTMLSelectElement>('State');
    await location.findByRole('option', { name: 'Berlin' });
    expect([...region.options].map((o) => o.text)).toEqual(['State: not specified', 'Bayern', 'Berlin']);
    expect(region.value).toBe('2');

    fireEvent.change(country, { target: { value: 'CH' } });
    const canton = location.getByLabelText<HTMLSelectElement>('Canton');
    expect(canton.value).toBe('0');
    expect([...canton.options].map((o) => o.text)).toEqual(['Canton: not specified', 'Zürich']);
  });
});

describe('my profile: interests', () => {
  it('shows interests as text chips, without the emoji the server sends, and saves the whole set', async () => {
    const requests = serve(ownProfile({ interests: ['hiking'] }), (method, _path, body) =>
      method === 'PUT'
        ? { status: 200, body: { ok: true, profile: ownProfile(body as Partial<OwnProfile>) } }
        : undefined,
    );
    renderScreen();
    const picker = await section(en.profile.interests.title);
    const hiking = await picker.findByRole('checkbox', { name: /Hiking/ });
    expect((hiking as HTMLInputElement).checked).toBe(true);
    expect(
      picker.getAllByRole('checkbox').map((box) => [box.getAttribute('value'), box.closest('label')?.textContent]),
    ).toEqual([
      ['hiking', 'Hiking'],
      ['gangbang', 'Gangbang'],
      ['beach', 'Beach'],
    ]);
    fireEvent.click(picker.getByRole('checkbox', { name: /Beach/ }));
    fireEvent.click(picker.getByRole('button', { name: en.profile.save }));
    expect(await picker.findByText(en.profile.saved)).toBeTruthy();
    expect(puts(requests)).toEqual([{ interests: ['hiking', 'beach'] }]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import ProfileCard from '#src/features/profile-card/ProfileCard.tsx';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { loadRegions, resetSiteData } from '#src/stores/site-data.ts';
import type { ProfileCard as ProfileCardDto } from '#src/contract/members.ts';
import { scriptedApi } from '../fixtures/members.ts';
import { profileCard } from './member-profile-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

const en = catalogues.en;

function renderCard(card: ProfileCardDto, locale = 'en', options: { title?: string; messageButton?: boolean } = {}) {
  render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <ProfileCard card={card} locale={locale} {...options} />
    </I18nextProvider>,
  );
  return screen.getByRole('article');
}

afterEach(() => {
  cleanup();
  resetSiteData();
});

describe('profile card', () => {
  it('links the thumbnail and name to the profile, with the image size set', () => {
    const card = renderCard(profileCard());
    const image = within(card).getByRole('img', { name: 'Photo of Sanne' });
    expect(image.getAttribute('src')).toBe('/api/photo.php?id=ph1&v=thumb');
    expect(image.getAttribute('width')).toBe('240');
    expect(image.getAttribute('height')).toBe('320');
    expect(image.closest('a')?.getAttribute('href')).toBe('/members/k3x9q');
    expect(within(card).getByRole('heading', { name: 'Sanne, 34' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Send Sanne a message' }).getAttribute('href')).toBe(
      '/members/k3x9q/chat',
    );
  });

  it('shows a placeholder without a photo, and the optional title', () => {
    const card = renderCard(profileCard({ main_image: null }), 'en', { title: 'Near you', messageButton: false });
    expect(within(card).getByRole('img', { name: en.member_profile.card.no_photo })).toBeTruthy();
    expect(within(card).getByText('Near you')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Send Sanne a message' })).toBeNull();
  });

  it('shows the language badge only for another language or a multilingual country (SPEC §5)', () => {
    renderCard(profileCard({ language: 'en', country: 'GB' }));
    expect(screen.queryByText('Speaks English')).toBeNull();
    cleanup();
    renderCard(profileCard({ language: 'nl', country: 'NL' }));
    expect(screen.getByText('Speaks Dutch')).toBeTruthy();
    cleanup();
    renderCard(profileCard({ language: 'en', country: 'CA' }));
    expect(screen.getByText('Speaks English')).toBeTruthy();
  });

  it('shows the new-like badge, the like icon and the fictional warning', () => {
    const card = renderCard(profileCard({ like_new: true, liked_by_profile: true, type: 'fictional' }));
    expect(within(card).getByText(en.member_profile.badges.new_like)).toBeTruthy();
    expect(within(card).getByText('Sanne likes you')).toBeTruthy();
    expect(within(card).getByText(en.fictional.warning)).toBeTruthy();
    cleanup();
    const plain = renderCard(profileCard());
    expect(within(plain).queryByText(en.member_profile.badges.new_like)).toBeNull();
    expect(within(plain).queryByText(en.fictional.warning)).toBeNull();
    expect(plain.querySelector('[data-like]')).toBeNull();
  });

  it('names the member and age in one text that wraps, without a space before the comma', () => {
    const card = renderCard(profileCard({ name: 'Valentina-Alessandra' }));
    const heading = within(card).getByRole('heading', { name: 'Valentina-Alessandra, 34' });
    // One text node: no separate name box to cut to a letter, nothing between name and comma.
    expect(heading.childNodes).toHaveLength(1);
    expect(heading.textContent).toBe('Valentina-Alessandra, 34');
    expect(heading.className).not.toMatch(/truncate|nowrap/);
  });

  it('keeps the language badge and the chat-pal mask in one wrapping row, so they stack', () => {
    const card = renderCard(profileCard({ language: 'nl', country: 'NL', type: 'fictional' }));
    const row = within(card).getByText('Speaks Dutch').closest('.flex-wrap');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText(en.fictional.warning)).toBeTruthy();
    // The row spans the photo: neither side is pinned on its own over the other.
    expect(row?.className).toContain('inset-x-2');
  });

  it('shows only the location fields it carries, country and region by name', async () => {
    const { api } = scriptedApi(() => ({
      status: 200,
      body: { regions: { NL: [{ id: 7, name: 'Utrecht (province)' }] } },
    }));
    testEnvironment({ api });
    await loadRegions();
    const card = renderCard(profileCard({ city: 'Zeist', countryregion: 7, country: 'NL' }));
    expect(within(card).getByText('Zeist, Utrecht (province), Netherlands')).toBeTruthy();
    cleanup();
    const cityOnly = renderCard(profileCard({ city: 'Zeist' }));
    expect(within(cityOnly).getByText('Zeist')).toBeTruthy();
    expect(within(cityOnly).queryByText(/Netherlands/)).toBeNull();
  });
});

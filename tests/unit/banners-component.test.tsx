/**
 * The banners as the member sees them (SPEC §2.4): (b) links to the profile, (c) subscribes
 * from its button, (d) gives advice by reason; each dismissed for good with a timestamp in
 * localStorage, and none of them on the routes the SPEC excludes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import Banners from '#src/features/banners/Banners.tsx';
import { DISMISSED_KEYS } from '#src/features/banners/banners-store.ts';
import { resetPushBanner } from '#src/features/banners/push-banner.ts';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { $push, resetPush } from '#src/stores/push.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { member } from '../fixtures/members.ts';
import { fakePushApi, fakePushBrowser } from '../fixtures/fake-push.ts';
import { MemoryStorage, testEnvironment } from './test-environment.ts';

const en = catalogues.en;
const withPhoto = { main_image: { filename: 'a.jpg', thumb_filename: 'a_t.jpg', status: 'active' as const } };

function show(user: CurrentUser, route: string, search: Record<string, string> = {}) {
  return render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <Banners user={user} route={route} search={search} />
    </I18nextProvider>,
  );
}

const region = (name: string) => screen.getByRole('region', { name });

let storage: MemoryStorage;
const { api, posted } = fakePushApi();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  storage = new MemoryStorage();
  posted.length = 0;
  testEnvironment({ api, storage, now: () => Date.now() });
});

let uninstall: (() => void) | undefined;
afterEach(() => {
  cleanup();
  uninstall?.();
  uninstall = undefined;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetPush();
  resetPushBanner();
  resetSiteData();
});

describe('(b) add a profile photo', () => {
  it('links to the profile and stays away once dismissed', () => {
    const view = show(member(), 'members');
    const banner = region(en.banners.photo.title);
    expect(within(banner).getByRole('link', { name: en.banners.photo.add }).getAttribute('href')).toBe('/profile');
    fireEvent.click(within(banner).getByRole('button', { name: en.common.dismiss }));
    expect(screen.queryByText(en.banners.photo.title)).toBeNull();
    expect(storage.getItem(DISMISSED_KEYS.photo)).toBe(String(Date.parse('2026-03-01T10:00:00Z')));
    view.unmount();
    // Next page view, a week later: still dismissed.
    vi.setSystemTime(new Date('2026-03-08T10:00:00Z'));
    show(member(), 'chats');
    expect(screen.queryByText(en.banners.photo.title)).toBeNull();
  });

  it('is not on the profile editor, nor for a member with a photo', () => {
    show(member(), 'profile');
    expect(screen.queryByText(en.banners.photo.title)).toBeNull();
    cleanup();
    show(member({}, withPhoto), 'members');
    expect(screen.queryByText(en.banners.photo.title)).toBeNull();
  });
});

describe('(c) enable push notifications', () => {
  it('subscribes from its button and then goes', async () => {
    const fake = fakePushBrowser('default', 'granted');
    uninstall = fake.install();
    show(member({}, withPhoto), 'members');
    const banner = await screen.findByRole('region', { name: en.banners.push.title });
    fireEvent.click(within(banner).getByRole('button', { name: en.banners.push.enable }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: en.banners.push.title })).toBeNull());
    expect(fake.state.registered).toEqual(['/sw-push.js?v=2']);
    expect(posted).toEqual([{ subscription: JSON.stringify(fake.state.subscription) }]);
  });

  it('says so when the browser refuses, until dismissed for good', async () => {
    uninstall = fakePushBrowser('default', 'denied').install();
    show(member({}, withPhoto), 'chats');
    const banner = await screen.findByRole('region', { name: en.banners.push.title });
    fireEvent.click(within(banner).getByRole('button', { name: en.banners.push.enable }));
    expect(await within(banner).findByText(en.banners.push.refused)).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(within(banner).getByRole('button', { name: en.common.dismiss }));
    expect(screen.queryByRole('region', { name: en.banners.push.title })).toBeNull();
    expect(storage.getItem(DISMISSED_KEYS.push)).toBe(String(Date.now()));
  });

  it('is not offered where notifications were refused before, nor on premium', async () => {
    uninstall = fakePushBrowser('default').install();
    show(member({}, withPhoto), 'members');
    expect(await screen.findByRole('region', { name: en.banners.push.title })).toBeTruthy();
    cleanup();
    show(member({}, withPhoto), 'premium');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: en.banners.push.title })).toBeNull();
    cleanup();

    resetPush();
    uninstall();
    uninstall = fakePushBrowser('denied').install();
    show(member({}, withPhoto), 'members');
    await vi.waitFor(() => expect($push.get().subscription).toBe('denied'));
    expect(screen.queryByRole('region', { name: en.banners.push.title })).toBeNull();
  });
});

describe('(d) notifications disabled', () => {
  it.each([
    ['fbl', en.banners.notifications_disabled.contact_support, '/pages/service'],
    ['listunsubscribe', en.banners.notifications_disabled.contact_support, '/pages/service'],
    ['bounce', en.banners.notifications_disabled.change_email, '/notifications#account-email'],
  ] as const)('explains %s with its advice', (reason, advice, href) => {
    show(member({ notifications_disabled: [reason] }, withPhoto), 'members');
    const banner = region(en.banners.notifications_disabled.title);
    expect(within(banner).getByText(en.banners.notifications_disabled[reason])).toBeTruthy();
    expect(within(banner).getByRole('link', { name: advice }).getAttribute('href')).toBe(href);
  });

  it('is not on settings, and stays away once dismissed', () => {
    show(member({ notifications_disabled: ['fbl'] }, withPhoto), 'notifications');
    expect(screen.queryByText(en.banners.notifications_disabled.title)).toBeNull();
    cleanup();
    show(member({ notifications_disabled: ['fbl'] }, withPhoto), 'members');
    fireEvent.click(
      within(region(en.banners.notifications_disabled.title)).getByRole('button', { name: en.common.dismiss }),
    );
    expect(screen.queryByText(en.banners.notifications_disabled.title)).toBeNull();
    cleanup();
    show(member({ notifications_disabled: ['fbl'] }, withPhoto), 'members');
    expect(screen.queryByText(en.banners.notifications_disabled.title)).toBeNull();
  });
});

it('renders nothing when no banner applies', () => {
  const { container } = show(member({}, withPhoto), 'members');
  expect(container.textContent).toBe('');
});

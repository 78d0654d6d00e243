/**
 * The banners of the members layout (SPEC §2.4): the visibility rules of (a)–(d) for each
 * route, the dismissal timestamps of (b), (c) and (d) on a fake clock, the activation e-mail
 * of (a) and the subscribing button of (c).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NO_NOTIFICATIONS_DISABLED,
  NO_PHOTO_ALERT,
  NO_PUSH_BANNER,
  activationReminder,
  notificationsDisabledBanner,
  photoAlert,
  pushBanner,
  pushBannerPossible,
} from '#src/features/banners/rules.ts';
import {
  DISMISSED_KEYS,
  NOTIFICATIONS_DISABLED_DISMISSED_KEY,
  createBannersStore,
} from '#src/features/banners/banners-store.ts';
import { $pushBannerAction, enablePush, readPushState, resetPushBanner } from '#src/features/banners/push-banner.ts';
import { MEMBERS_ROUTES } from '#src/stores/router.ts';
import { $push, PUSH_WORKER_URL, resetPush } from '#src/stores/push.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { member, scriptedApi } from '../fixtures/members.ts';
import { fakePushApi, fakePushBrowser } from '../fixtures/fake-push.ts';
import { MemoryStorage, testEnvironment } from './test-environment.ts';

const notConfirmed = member({ status: 'not_confirmed' }, { status: 'disabled' });
const withPhoto = member({}, { main_image: { filename: 'a.jpg', thumb_filename: 'a_t.jpg', status: 'active' } });
const noPhoto = member();
/** Every route name of the members area, plus the ones SPEC §2.4 names outside it. */
const ROUTES = [...Object.keys(MEMBERS_ROUTES), 'signup', 'activate-done'];

describe('(a) activation reminder (SPEC §2.4)', () => {
  it('shows as an alert to a not-confirmed member with a disabled profile', () => {
    expect(activationReminder(notConfirmed, 'members')).toBe('alert');
    expect(activationReminder(notConfirmed, null)).toBe('alert');
  });

  it('shows as a modal right after signup', () => {
    expect(activationReminder(notConfirmed, 'members', { api_signup_complete: '1' })).toBe('modal');
    expect(activationReminder(notConfirmed, 'members', { api_signup_complete: '' })).toBe('modal');
  });

  it.each(['signup', 'settings', 'notifications'])('is not shown on %s', (route) => {
    expect(activationReminder(notConfirmed, route)).toBeNull();
  });

  it('needs both the not-confirmed user and the disabled profile, and no disabled notifications', () => {
    expect(activationReminder(member({ status: 'not_confirmed' }, { status: 'active' }), 'members')).toBeNull();
    expect(activationReminder(member({ status: 'confirmed' }, { status: 'disabled' }), 'members')).toBeNull();
    expect(activationReminder({ ...notConfirmed, notifications_disabled: ['bounce'] }, 'members')).toBeNull();
  });
});

describe('(b) add a profile photo (SPEC §2.4)', () => {
  it('is shown to a member without a main image, and not with one', () => {
    expect(photoAlert(noPhoto, 'members', {}, null)).toBe(true);
    expect(photoAlert(noPhoto, 'chats-id', {}, null)).toBe(true);
    expect(photoAlert(withPhoto, 'members', {}, null)).toBe(false);
    // A photo still being inspected is a main image: the member has added one.
    const inspected = member(
      {},
      { main_image: { filename: 'b.jpg', thumb_filename: 'b_t.jpg', status: 'being_inspected' } },
    );
    expect(photoAlert(inspected, 'members', {}, null)).toBe(false);
  });

  it('is shown only where (a) is not', () => {
    expect(photoAlert(notConfirmed, 'members', {}, null)).toBe(false);
    expect(photoAlert(notConfirmed, 'members', { api_signup_complete: '1' }, null)).toBe(false);
    // (a) gives way to disabled notifications, and then (b) may show.
    expect(photoAlert({ ...notConfirmed, notifications_disabled: ['fbl'] }, 'members', {}, null)).toBe(true);
  });

  it('is hidden on exactly profile, signup, activate-done, premium, notifications, directdebit and settings', () => {
    expect(ROUTES.filter((route) => !photoAlert(noPhoto, route, {}, null)).sort()).toEqual(
      ['activate-done', 'directdebit', 'notifications', 'premium', 'profile', 'settings', 'signup'].sort(),
    );
    expect([...NO_PHOTO_ALERT].sort()).toEqual(
      ['activate-done', 'directdebit', 'notifications', 'premium', 'profile', 'settings', 'signup'].sort(),
    );
  });

  it('is not shown again once dismissed', () => {
    expect(photoAlert(noPhoto, 'members', {}, 1_700_000_000_000)).toBe(false);
  });
});

describe('(c) enable push notifications (SPEC §2.4)', () => {
  const open = { isCapable: true, isSubscribed: false, subscription: false as const };

  it('is shown in a browser that can subscribe and is not subscribed', () => {
    expect(pushBanner(open, 'members', null)).toBe(true);
    expect(pushBanner({ ...open, isCapable: false }, 'members', null)).toBe(false);
    expect(pushBanner({ ...open, isSubscribed: true, subscription: '{"endpoint":"x"}' }, 'members', null)).toBe(false);
    expect(pushBanner({ ...open, subscription: 'denied' }, 'members', null)).toBe(false);
    expect(pushBanner(null, 'members', null)).toBe(false);
  });

  it('is hidden on exactly signup, notifications, activate-done, directdebit and premium', () => {
    const hidden = ROUTES.filter((route) => !pushBanner(open, route, null)).sort();
    expect(hidden).toEqual(['activate-done', 'directdebit', 'notifications', 'premium', 'signup']);
    expect([...NO_PUSH_BANNER].sort()).toEqual(hidden);
    // On profile and settings, where (b) is hidden, (c) still shows.
    expect(pushBanner(open, 'profile', null)).toBe(true);
    expect(pushBanner(open, 'settings', null)).toBe(true);
    expect(ROUTES.filter((route) => !pushBannerPossible(route, null)).sort()).toEqual(hidden);
  });

  it('is not shown again once dismissed', () => {
    expect(pushBanner(open, 'members', 1)).toBe(false);
    expect(pushBannerPossible('members', 1)).toBe(false);
  });
});

describe('(d) notifications disabled (SPEC §2.4, §8)', () => {
  const withReasons = (...reasons: ('fbl' | 'bounce' | 'listunsubscribe')[]) =>
    member({ notifications_disabled: reasons });

  it('is shown with the reason when notifications are disabled', () => {
    expect(notificationsDisabledBanner(withReasons('fbl'), 'members', null)).toBe('fbl');
    expect(notificationsDisabledBanner(withReasons('listunsubscribe'), 'chats', null)).toBe('listunsubscribe');
    expect(notificationsDisabledBanner(withReasons('bounce'), 'profile', null)).toBe('bounce');
    expect(notificationsDisabledBanner(withReasons(), 'members', null)).toBeNull();
  });

  it('puts the address problem first when there are several reasons', () => {
    expect(notificationsDisabledBanner(withReasons('fbl', 'bounce'), 'members', null)).toBe('bounce');
  });

  it('is hidden on exactly settings and notifications', () => {
    expect(ROUTES.filter((route) => !notificationsDisabledBanner(withReasons('fbl'), route, null)).sort()).toEqual([
      'notifications',
      'settings',
    ]);
    expect([...NO_NOTIFICATIONS_DISABLED].sort()).toEqual(['notifications', 'settings']);
  });

  it('is not shown again once dismissed', () => {
    expect(notificationsDisabledBanner(withReasons('fbl'), 'members', 1_700_000_000_000)).toBeNull();
  });
});

describe('banners store: dismissals on a fake clock', () => {
  const noApi = scriptedApi(() => ({ status: 500, body: {} })).api;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores each dismissal as the time it happened, and a new page view reads it back', () => {
    const storage = new MemoryStorage();
    testEnvironment({ api: noApi, storage, now: () => Date.now() });
    const store = createBannersStore();
    expect(store.$dismissed.get()).toEqual({ photo: null, push: null, notifications_disabled: null });

    store.dismiss('photo');
    expect(store.$dismissed.get().photo).toBe(Date.parse('2026-03-01T10:00:00Z'));
    vi.advanceTimersByTime(90_000);
    store.dismiss('push');
    vi.advanceTimersByTime(86_400_000);
    store.dismiss('notifications_disabled');

    expect(storage.getItem(DISMISSED_KEYS.photo)).toBe(String(Date.parse('2026-03-01T10:00:00Z')));
    expect(storage.getItem(DISMISSED_KEYS.push)).toBe(String(Date.parse('2026-03-01T10:01:30Z')));
    expect(storage.getItem(NOTIFICATIONS_DISABLED_DISMISSED_KEY)).toBe(String(Date.parse('2026-03-02T10:01:30Z')));

    // Much later, on another page view: they stay dismissed.
    vi.advanceTimersByTime(365 * 86_400_000);
    expect(createBannersStore().$dismissed.get()).toEqual({
      photo: Date.parse('2026-03-01T10:00:00Z'),
      push: Date.parse('2026-03-01T10:01:30Z'),
      notifications_disabled: Date.parse('2026-03-02T10:01:30Z'),
    });
  });

  it('keeps the existing key of (d) and ignores a stored value that is no time', () => {
    const storage = new MemoryStorage();
    storage.setItem('banners.notifications_disabled.dismissed_at', '1234');
    storage.setItem(DISMISSED_KEYS.photo, 'yes');
    testEnvironment({ api: noApi, storage });
    expect(createBannersStore().$dismissed.get()).toEqual({ photo: null, push: null, notifications_disabled: 1234 });
  });

  it('survives a storage that throws: dismissed for this page view', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    testEnvironment({ api: noApi, storage: broken as unknown as Storage, now: () => Date.now() });
    const store = createBannersStore();
    expect(store.$dismissed.get().photo).toBeNull();
    store.dismiss('photo');
    expect(store.$dismissed.get().photo).toBe(Date.now());
  });
});

describe('(a) the new confirmation e-mail', () => {
  it('sends a new confirmation e-mail', async () => {
    const { api, requests } = scriptedApi(() => ({ status: 200, body: { sent: true } }));
    testEnvironment({ api, storage: undefined });
    const store = createBannersStore();
    await store.sendActivationMail();
    expect(requests).toEqual([{ method: 'POST', path: '/api/activation-mail.php', body: {} }]);
    expect(store.$activationMail.get()).toEqual({ status: 'sent' });
  });

  it('says so when the address is already confirmed, and shows other errors', async () => {
    const already = scriptedApi(() => ({
      status: 409,
      body: { error: { code: 'already_confirmed', message: 'Already confirmed.' } },
    }));
    testEnvironment({ api: already.api, storage: undefined });
    const a = createBannersStore();
    await a.sendActivationMail();
    expect(a.$activationMail.get()).toEqual({ status: 'already' });

    const limited = scriptedApi(() => ({
      status: 400,
      body: { error: { code: 'rate_limited', message: 'Please wait a moment.' } },
    }));
    testEnvironment({ api: limited.api, storage: undefined });
    const b = createBannersStore();
    await b.sendActivationMail();
    expect(b.$activationMail.get()).toEqual({ status: 'error', message: 'Please wait a moment.' });
  });
});

describe("(c)'s button subscribes through the push store", () => {
  afterEach(() => {
    resetPush();
    resetPushBanner();
    resetSiteData();
  });

  it('reads the browser: a capable, unsubscribed browser gets the banner', async () => {
    testEnvironment();
    await readPushState(fakePushBrowser('default').browser);
    expect(pushBanner($push.get(), 'members', null)).toBe(true);
    await readPushState({ serviceWorker: undefined, notification: undefined, hasPushManager: false });
    expect(pushBanner($push.get(), 'members', null)).toBe(false);
  });

  it('allowed: registers the push worker, sends the subscription, and the banner goes', async () => {
    const { api, posted } = fakePushApi();
    testEnvironment({ api });
    const fake = fakePushBrowser('default', 'granted');
    await readPushState(fake.browser);
    await enablePush(fake.browser);
    expect(fake.notification.requestPermission).toHaveBeenCalledOnce();
    expect(fake.state.registered).toEqual([PUSH_WORKER_URL]);
    expect(posted).toEqual([{ subscription: JSON.stringify(fake.state.subscription) }]);
    expect($pushBannerAction.get()).toBe('idle');
    expect(pushBanner($push.get(), 'members', null)).toBe(false);
  });

  it('refused in the browser: nothing is sent, and the banner says so', async () => {
    const { api, posted } = fakePushApi();
    testEnvironment({ api });
    const fake = fakePushBrowser('default', 'denied');
    await enablePush(fake.browser);
    expect(posted).toEqual([]);
    expect($pushBannerAction.get()).toBe('refused');
    expect($push.get().subscription).toBe('denied');
  });

  it('a failure (server or push service) offers the button again', async () => {
    const { api } = fakePushApi('fails');
    testEnvironment({ api });
    const fake = fakePushBrowser('default', 'granted');
    await enablePush(fake.browser);
    expect($pushBannerAction.get()).toBe('failed');
    expect($push.get().isSubscribed).toBe(false);

    resetPushBanner();
    const again = fakePushBrowser('granted');
    again.state.failSubscribe = true;
    testEnvironment({ api: fakePushApi().api });
    await enablePush(again.browser);
    expect($pushBannerAction.get()).toBe('failed');
  });
});

import { describe, expect, it } from 'vitest';
import { activationReminder, notificationsDisabledBanner } from '#src/features/banners/rules.ts';
import { NOTIFICATIONS_DISABLED_DISMISSED_KEY, createBannersStore } from '#src/features/banners/banners-store.ts';
import { member, scriptedApi } from '../fixtures/members.ts';
import { MemoryStorage, testEnvironment } from './test-environment.ts';

const notConfirmed = member({ status: 'not_confirmed' }, { status: 'disabled' });

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

describe('(d) notifications disabled (SPEC §2.4, §8)', () => {
  const withReasons = (...reasons: ('fbl' | 'bounce' | 'listunsubscribe')[]) =>
    member({ notifications_disabled: reasons });

  it('is shown with the reason when notifications are disabled', () => {
    expect(notificationsDisabledBanner(withReasons('fbl'), 'members', null)).toBe('fbl');
    expect(notificationsDisabledBanner(withReasons('listunsubscribe'), 'chats', null)).toBe('listunsubscribe');
    expect(notificationsDisabledBanner(withReasons(), 'members', null)).toBeNull();
  });

  it('puts the address problem first when there are several reasons', () => {
    expect(notificationsDisabledBanner(withReasons('fbl', 'bounce'), 'members', null)).toBe('bounce');
  });

  it.each(['settings', 'notifications'])('is not shown on %s', (route) => {
    expect(notificationsDisabledBanner(withReasons('fbl'), route, null)).toBeNull();
  });

  it('is not shown again once dismissed', () => {
    expect(notificationsDisabledBanner(withReasons('fbl'), 'members', 1_700_000_000_000)).toBeNull();
  });
});

describe('banners store', () => {
  const noApi = scriptedApi(() => ({ status: 500, body: {} })).api;

  it('stores the dismissal of (d) as a timestamp and reads it back', () => {
    const storage = new MemoryStorage();
    testEnvironment({ api: noApi, storage });
    const store = createBannersStore();
    expect(store.$notificationsDisabledDismissedAt.get()).toBeNull();
    store.dismissNotificationsDisabled(1234);
    expect(store.$notificationsDisabledDismissedAt.get()).toBe(1234);
    expect(storage.getItem(NOTIFICATIONS_DISABLED_DISMISSED_KEY)).toBe('1234');
    expect(createBannersStore().$notificationsDisabledDismissedAt.get()).toBe(1234);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    testEnvironment({ api: noApi, storage: broken as unknown as Storage });
    const store = createBannersStore();
    expect(store.$notificationsDisabledDismissedAt.get()).toBeNull();
    store.dismissNotificationsDisabled(5);
    expect(store.$notificationsDisabledDismissedAt.get()).toBe(5);
  });

  it('sends a new confirmation e-mail', async () => {
    const { api, requests } = scriptedApi(() => ({ status: 200, body: { sent: true } }));
    testEnvironment({ api, storage: undefined });
    const store = createBannersStore();
    await store.sendActivationMail();
    expect(requests).toEqual([{ method: 'POST', path: '/api/activation-mail.php', body: {} }]);
    expect(store.$activationMail.get()).toEqual({ status: 'sent' });
  });

  it('says so when the address is already confirmed, and shows other errors as sent', async () => {
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

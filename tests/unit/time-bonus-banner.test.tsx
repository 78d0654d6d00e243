/**
 * The time bonus as the member sees it (SPEC §2.4 (e), §2.6 'Time-bonus modal', §2.7
 * 'Premium'): the top banner with the ticking countdown and its link to credits, the modal
 * 40 s after entering with its texts, closed for good; the premium page with the welcome
 * discount, the advantages and the claim only where the site shows it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ApiClient } from '#src/client/api.ts';
import { getDiscountCode, getWelcomeDiscount, type DiscountCode } from '#src/contract/discounts.ts';
import { getSettings } from '#src/contract/site.ts';
import TimeBonus from '#src/features/time-bonus/TimeBonus.tsx';
import { TIME_BONUS_MODAL_DISMISSED_KEY } from '#src/features/time-bonus/time-bonus-modal-store.ts';
import PremiumScreen from '#src/features/premium/PremiumScreen.tsx';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { TIME_BONUS_MODAL_DELAY_MS } from '#src/lib/constants.ts';
import { $session } from '#src/stores/session.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { member } from '../fixtures/members.ts';
import { siteSettings } from './profile-fixtures.ts';
import { testEnvironment, type TestEnvironment } from './test-environment.ts';

const en = catalogues.en;
const NOW = Date.UTC(2026, 0, 15, 12);

function code(overrides: Partial<DiscountCode>): DiscountCode {
  return {
    code: 'TIMEBONUS25',
    kind: 'time_bonus',
    country: null,
    user_id: null,
    expires: null,
    expires_in: 3_725,
    value_percentage: '25.0',
    percentage: '25.0',
    currency: null,
    minimum_order_value: null,
    minimum: null,
    status: 'active',
    validity: 'once-per-user',
    expired: false,
    paymentmethods: [],
    ...overrides,
  };
}

function api(options: { premiumClaim?: boolean; bonus?: boolean } = {}): ApiClient {
  const call = (endpoint: unknown) => {
    if (endpoint === getDiscountCode)
      return options.bonus === false ? Promise.reject(new Error('refused')) : Promise.resolve({ discount: code({}) });
    if (endpoint === getWelcomeDiscount)
      return Promise.resolve({ discount: code({ code: 'WELCOME25', kind: 'welcome', expires_in: null }) });
    if (endpoint === getSettings)
      return Promise.resolve({ settings: siteSettings({ premium_claim: options.premiumClaim ?? true }) });
    return Promise.reject(new Error('unexpected call'));
  };
  return { call } as unknown as ApiClient;
}

const newMember = (overrides: Parameters<typeof member>[0] = {}) =>
  member({ signup_date: new Date(NOW - 60_000).toISOString(), credits: 0, ...overrides });

let env: TestEnvironment;

async function show(ui: React.ReactElement, options: Parameters<typeof api>[0] = {}, user = newMember()) {
  env = testEnvironment({ api: api(options) });
  $session.set({ status: 'member', user });
  render(<I18nextProvider i18n={createI18n('en', en)}>{ui}</I18nextProvider>);
  await act(() => vi.advanceTimersByTimeAsync(0));
}

async function advance(ms: number) {
  env.advance(ms);
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  vi.useFakeTimers();
  resetSiteData();
});
afterEach(() => {
  cleanup();
  $session.set({ status: 'loading' });
  vi.advanceTimersByTime(5_000);
  vi.useRealTimers();
});

describe('TimeBonus', () => {
  it('shows the top banner with a ticking countdown and a link to credits', async () => {
    await show(<TimeBonus />);
    expect(screen.getByText('25% welcome bonus on your first credit bundle')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('01:02:05');
    expect(screen.getByRole('link', { name: en.time_bonus.banner_cta }).getAttribute('href')).toBe('/credits');
    await advance(1_000);
    expect(screen.getByRole('timer').textContent).toBe('01:02:04');
  });

  it('shows nothing without a time bonus', async () => {
    await show(<TimeBonus />, { bonus: false });
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('opens the modal after 40 s; closing it keeps it away', async () => {
    await show(<TimeBonus />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(TIME_BONUS_MODAL_DELAY_MS);
    const dialog = screen.getByRole('dialog', { name: en.time_bonus.title });
    expect(dialog.textContent).toContain('Act fast: this offer is only valid for 4 hours after signing up.');
    expect(dialog.textContent).toContain(en.time_bonus.offer_valid);
    expect(dialog.textContent).toContain(en.time_bonus.instant_recieve);
    expect(screen.getByRole('link', { name: 'Unlock my 25% discount' }).getAttribute('href')).toBe('/credits');
    fireEvent.click(screen.getByRole('button', { name: en.common.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(env.storage?.getItem(TIME_BONUS_MODAL_DISMISSED_KEY)).toBe(String(env.now()));
  });
});

describe('PremiumScreen', () => {
  it('lists the advantages, the claim and the discount on offer with its time left', async () => {
    await show(<PremiumScreen user={newMember()} />);
    expect(screen.getByRole('heading', { name: en.premium.title })).toBeTruthy();
    expect(screen.getByText('Upload up to 25 photos')).toBeTruthy();
    expect(screen.getByText(en.premium.claim)).toBeTruthy();
    expect(screen.getByText('Discount code TIMEBONUS25')).toBeTruthy();
    expect(screen.getByText('Still 1 hour left')).toBeTruthy();
    expect(screen.getByRole('link', { name: en.premium.cta }).getAttribute('href')).toBe('/credits');
  });

  it('leaves the claim out where the site turned it off, and offers the welcome code without a bonus', async () => {
    await show(<PremiumScreen user={newMember()} />, { premiumClaim: false, bonus: false });
    expect(screen.queryByText(en.premium.claim)).toBeNull();
    expect(screen.getByText('Discount code WELCOME25')).toBeTruthy();
  });

  it('tells a paid user they are premium already', async () => {
    const paid = newMember({ paid_user: true });
    await show(<PremiumScreen user={paid} />, {}, paid);
    expect(screen.getByRole('heading', { name: en.premium.paid_title })).toBeTruthy();
    expect(screen.queryByText(en.premium.claim)).toBeNull();
  });
});

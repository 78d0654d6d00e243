/**
 * The Money section's prices store (src/staff/money/prices-store.ts): the form's texts become
 * minor units (a text that is no number is sent as such and refused by the API at its bundle),
 * a save replaces the country's row and closes the editor, a staff_reauth_required refusal
 * opens the re-authentication instead of an error, a refusal naming a bundle lands at its
 * field, and everything is forgotten at logout. The bundles' credits: whole numbers only, a
 * save replaces the bundles and closes its form, one editor open at a time.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffPrices } from '#src/contract/staff-prices.ts';
import {
  $creditsSaved,
  $editing,
  $editingCredits,
  $prices,
  $saved,
  creditsOf,
  editCountry,
  editCredits,
  perCredit,
  priceText,
  pricesForm,
  pricesOf,
  saveCreditsForm,
  savePricesForm,
} from '#src/staff/money/prices-store.ts';
import { $me, $reauthNeeded, $stage, logout } from '#src/staff/session-store.ts';
import { scriptedApi, type Handler } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

const NL = {
  country: 'NL',
  currency: 'EUR',
  prices: { p0: 499, p1: 1999, p2: 3999, p3: 7999 },
  updated_at: '2026-01-01T00:00:00.000Z',
};
const PRICES: StaffPrices = {
  bundles: [
    { key: 'p0', credits: 50, updated_at: '2026-01-01T00:00:00.000Z' },
    { key: 'p1', credits: 250, updated_at: '2026-01-01T00:00:00.000Z' },
    { key: 'p2', credits: 600, updated_at: '2026-01-01T00:00:00.000Z' },
    { key: 'p3', credits: 1600, updated_at: '2026-01-01T00:00:00.000Z' },
  ],
  countries: [NL],
};

function api(handler: Handler) {
  const scripted = scriptedApi(handler);
  testEnvironment({ api: scripted.api });
  return scripted.requests;
}

beforeEach(() => {
  $prices.set(null);
  $editing.set(null);
  $saved.set(null);
  $reauthNeeded.set(false);
});

describe('prices store', () => {
  it('reads the form’s texts as minor units and shows prices to edit', () => {
    expect(pricesOf({ p0: '4.99', p1: '19,99', p2: ' 40 ', p3: '79.99' }, 'EUR')).toEqual({
      p0: 499,
      p1: 1999,
      p2: 4000,
      p3: 7999,
    });
    expect(pricesOf({ p0: 'abc', p1: '', p2: '1', p3: '2' }, 'EUR').p0).toBeNaN();
    expect(priceText(4000, 'EUR')).toBe('40.00');
    expect(perCredit(NL, PRICES.bundles)).toEqual([9.98, 7.996, 6.665, 4.999375]);
  });

  it('loads the prices, saves a country and closes the editor', async () => {
    const saved = { ...NL, prices: { ...NL.prices, p1: 2099 } };
    const requests = api(({ method }) =>
      method === 'POST' ? { status: 200, body: { country: saved } } : { status: 200, body: PRICES },
    );
    await pricesForm.submit();
    editCountry('NL');
    await savePricesForm.submit('NL', saved.prices, 'Spring prices');
    expect(requests.at(-1)?.body).toEqual({ country: 'NL', prices: saved.prices, reason: 'Spring prices' });
    expect($prices.get()?.countries[0]?.prices.p1).toBe(2099);
    expect($editing.get()).toBeNull();
    expect($saved.get()).toBe('NL');
  });

  it('asks for a fresh second factor instead of showing an error', async () => {
    api(() => ({ status: 403, body: { error: { code: 'staff_reauth_required', message: 'Confirm' } } }));
    editCountry('NL');
    await savePricesForm.submit('NL', NL.prices, 'Spring prices');
    expect($reauthNeeded.get()).toBe(true);
    expect(savePricesForm.$error.get()).toBeNull();
    expect($editing.get()).toBe('NL');
  });

  it('puts a refusal at the bundle it names', async () => {
    api(() => ({
      status: 400,
      body: { error: { code: 'invalid_input', message: 'Please check the field “prices.p2”.', field: 'prices.p2' } },
    }));
    await savePricesForm.submit('NL', { ...NL.prices, p2: 5999 }, 'Spring prices');
    expect(savePricesForm.$errorField.get()).toBe('prices.p2');
    expect(savePricesForm.$error.get()).toContain('prices.p2');
  });

  it('reads whole credits, saves them and closes the credits form; one editor at a time', async () => {
    expect(creditsOf({ p0: '50', p1: ' 280 ', p2: '600', p3: '1600' })).toEqual({ p0: 50, p1: 280, p2: 600, p3: 1600 });
    expect(creditsOf({ p0: '50.5', p1: '', p2: '-1', p3: '1e3' })).toEqual({
      p0: Number.NaN,
      p1: Number.NaN,
      p2: Number.NaN,
      p3: Number.NaN,
    });
    const bundles = PRICES.bundles.map((bundle) => (bundle.key === 'p1' ? { ...bundle, credits: 280 } : bundle));
    const requests = api(({ method }) =>
      method === 'POST' ? { status: 200, body: { bundles } } : { status: 200, body: PRICES },
    );
    await pricesForm.submit();
    editCountry('NL');
    editCredits();
    expect($editing.get()).toBeNull();
    expect($editingCredits.get()).toBe(true);
    const credits = { p0: 50, p1: 280, p2: 600, p3: 1600 };
    await saveCreditsForm.submit(credits, 'More credits');
    expect(requests.at(-1)?.body).toEqual({ credits, reason: 'More credits' });
    expect($prices.get()?.bundles[1]?.credits).toBe(280);
    expect($editingCredits.get()).toBe(false);
    expect($creditsSaved.get()).toBe(true);
    editCountry('NL');
    expect($creditsSaved.get()).toBe(false);
  });

  it('forgets the prices at logout', async () => {
    $prices.set(PRICES);
    $editing.set('NL');
    $me.set({ id: 1, email: 'f@staff.test', name: 'F', roles: ['finance'], second_factor_at: null });
    $stage.set({ name: 'console' });
    api(() => ({ status: 200, body: { ok: true } }));
    await logout();
    expect($prices.get()).toBeNull();
    expect($editing.get()).toBeNull();
  });
});

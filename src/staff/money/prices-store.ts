/**
 * The bundle prices' state in the Money section (docs/staff.md "Prices"): every payment
 * country's four prices and the bundles' credits, what is being edited (a country's prices or
 * the credits, one at a time), and finance's change behind a fresh second factor (a
 * `staff_reauth_required` refusal opens the confirmation, then the change is sent again).
 * Forgotten at logout.
 */
import { atom } from 'nanostores';
import { PACKAGE_KEYS, type PackageKey } from '#src/contract/billing.ts';
import {
  getStaffPrices,
  postStaffBundleCredits,
  postStaffPrices,
  type BundleCreditSet,
  type BundlePriceSet,
  type StaffCountryPrices,
  type StaffPrices,
} from '#src/contract/staff-prices.ts';
import { minorDigits, toMajor, toMinor } from '#src/lib/money.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { askForReauth, onSessionEnd } from '../session-store.ts';

export const $prices = atom<StaffPrices | null>(null);
/** The country whose prices are being edited, or null. */
export const $editing = atom<string | null>(null);
/** The country whose prices were saved last (the saved note), or null. */
export const $saved = atom<string | null>(null);
/** Whether the bundles' credits are being edited. */
export const $editingCredits = atom(false);
/** Whether the credits were saved last (the saved note). */
export const $creditsSaved = atom(false);

onSessionEnd(() => {
  $prices.set(null);
  $editing.set(null);
  $saved.set(null);
  $editingCredits.set(false);
  $creditsSaved.set(false);
});

export const pricesForm = createForm(
  async () => {
    $prices.set(await environment().api.call(getStaffPrices));
  },
  { repeatable: true },
);

function clearNotes(): void {
  savePricesForm.reset();
  saveCreditsForm.reset();
  $saved.set(null);
  $creditsSaved.set(false);
}

export function editCountry(country: string): void {
  clearNotes();
  $editingCredits.set(false);
  $editing.set(country);
}

export function editCredits(): void {
  clearNotes();
  $editing.set(null);
  $editingCredits.set(true);
}

export function closeEditor(): void {
  savePricesForm.reset();
  saveCreditsForm.reset();
  $editing.set(null);
  $editingCredits.set(false);
}

function replaceCountry(saved: StaffCountryPrices): void {
  const current = $prices.get();
  if (!current) return;
  $prices.set({
    ...current,
    countries: current.countries.map((row) => (row.country === saved.country ? saved : row)),
  });
}

export const savePricesForm = createForm(
  async (country: string, prices: BundlePriceSet, reason: string) => {
    const { country: saved } = await environment().api.call(postStaffPrices, { body: { country, prices, reason } });
    replaceCountry(saved);
    $editing.set(null);
    $saved.set(saved.country);
  },
  { repeatable: true, handle: askForReauth },
);

export const saveCreditsForm = createForm(
  async (credits: BundleCreditSet, reason: string) => {
    const { bundles } = await environment().api.call(postStaffBundleCredits, { body: { credits, reason } });
    const current = $prices.get();
    if (current) $prices.set({ ...current, bundles });
    $editingCredits.set(false);
    $creditsSaved.set(true);
  },
  { repeatable: true, handle: askForReauth },
);

/** The four credits of the form's texts ("1600" → 1600); a text that is not a whole number stays NaN. */
export function creditsOf(texts: Readonly<Record<PackageKey, string>>): BundleCreditSet {
  const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
  return { p0: whole(texts.p0), p1: whole(texts.p1), p2: whole(texts.p2), p3: whole(texts.p3) };
}

/**
 * The four prices of the form's texts in minor units ("4.99" or "4,99" in EUR → 499). A text
 * that is not a number stays NaN, which the API refuses naming the bundle.
 */
export function pricesOf(texts: Readonly<Record<PackageKey, string>>, currency: string): BundlePriceSet {
  const minor = (text: string) => {
    const value = Number(text.trim().replace(',', '.'));
    return text.trim() && Number.isFinite(value) ? toMinor(value, currency) : Number.NaN;
  };
  return { p0: minor(texts.p0), p1: minor(texts.p1), p2: minor(texts.p2), p3: minor(texts.p3) };
}

/** A price as the form shows it to edit (499 EUR → "4.99"). */
export function priceText(minor: number, currency: string): string {
  return toMajor(minor, currency).toFixed(minorDigits(currency));
}

/** Each bundle's price per credit, in minor units (fractions kept). */
export function perCredit(row: StaffCountryPrices, bundles: StaffPrices['bundles']): number[] {
  return PACKAGE_KEYS.map((key) => {
    const credits = bundles.find((bundle) => bundle.key === key)?.credits ?? 1;
    return row.prices[key] / credits;
  });
}

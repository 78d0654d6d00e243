/**
 * The bundle prices' state in the Money section (docs/staff.md "Prices"): every payment
 * country's four prices, the country being edited, and finance's change behind a fresh second
 * factor (a `staff_reauth_required` refusal opens the confirmation, then the change is sent
 * again). Forgotten at logout.
 */
import { atom } from 'nanostores';
import { PACKAGE_KEYS, type PackageKey } from '#src/contract/billing.ts';
import {
  getStaffPrices,
  postStaffPrices,
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

onSessionEnd(() => {
  $prices.set(null);
  $editing.set(null);
  $saved.set(null);
});

export const pricesForm = createForm(
  async () => {
    $prices.set(await environment().api.call(getStaffPrices));
  },
  { repeatable: true },
);

export function editCountry(country: string): void {
  savePricesForm.reset();
  $saved.set(null);
  $editing.set(country);
}

export function closeEditor(): void {
  savePricesForm.reset();
  $editing.set(null);
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

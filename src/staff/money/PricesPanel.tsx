/**
 * The Money section's bundle prices (docs/staff.md "Prices"): the bundles' credits and a table
 * of every payment country's four prices and their prices per credit; finance edits the
 * credits or a country's row in a form (with a reason for the audit log, behind a fresh second
 * factor); admin reads. The server checks every role and the rule again.
 */
import { useStore } from '@nanostores/react';
import { type SyntheticEvent, useEffect, useRef } from 'react';
import { PACKAGE_KEYS, type PackageKey } from '#src/contract/billing.ts';
import { PRICE_WRITERS, type StaffCountryPrices, type StaffPrices } from '#src/contract/staff-prices.ts';
import { Alert, FormMessage, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { field, ReauthForm, Table } from '../console-ui.tsx';
import { $reauthNeeded, holdsRole } from '../session-store.ts';
import { money, when } from './format.ts';
import {
  $creditsSaved,
  $editing,
  $editingCredits,
  $prices,
  $saved,
  closeEditor,
  creditsOf,
  editCountry,
  editCredits,
  perCredit,
  priceText,
  pricesForm,
  pricesOf,
  saveCreditsForm,
  savePricesForm,
} from './prices-store.ts';
import { MONEY_TEXT as T, fill } from './texts.ts';

function bundleCredits(bundles: StaffPrices['bundles'], key: PackageKey): number {
  return bundles.find((bundle) => bundle.key === key)?.credits ?? 0;
}

/** The four bundles' fields of a form, as typed. */
function textsOf(event: SyntheticEvent<HTMLFormElement>): Record<PackageKey, string> {
  return Object.fromEntries(PACKAGE_KEYS.map((key) => [key, field(event, key)])) as Record<PackageKey, string>;
}

/**
 * An editor of the four bundles (a country's prices, or the credits): its heading takes the
 * focus when it opens, Escape closes it, a field's error shows at the field, and every change
 * needs a reason (and a fresh second factor when the server asks for one).
 */
function BundleEditor({
  id,
  title,
  focusKey,
  state,
  prefix,
  fieldOf,
  save,
  onSave,
}: {
  id: string;
  title: string;
  focusKey: string;
  state: { busy: boolean; error: string | null; errorField: string | null };
  prefix: 'prices' | 'credits';
  fieldOf: (key: PackageKey) => { label: string; inputMode: 'decimal' | 'numeric'; defaultValue: string };
  save: string;
  onSave: (values: Record<PackageKey, string>, reason: string) => void;
}) {
  const { busy, error, errorField } = state;
  const reauth = useStore($reauthNeeded);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [focusKey]);
  const errorOf = (key: PackageKey) => (errorField === `${prefix}.${key}` ? (error ?? undefined) : undefined);
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby={id}>
      <h2 ref={heading} id={id} tabIndex={-1} className="text-lg font-bold outline-none">
        {title}
      </h2>
      <p className="text-sm text-ink-muted">{T.prices_rule}</p>
      {reauth && <ReauthForm />}
      <form
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onKeyDown={(event) => {
          if (event.key === 'Escape') closeEditor();
        }}
        onSubmit={(event) => {
          event.preventDefault();
          onSave(textsOf(event), field(event, 'reason'));
        }}
      >
        {PACKAGE_KEYS.map((key) => (
          <TextField key={key} {...fieldOf(key)} name={key} required autoComplete="off" error={errorOf(key)} />
        ))}
        <TextField
          label={T.reason}
          name="reason"
          required
          minLength={3}
          maxLength={500}
          className="sm:col-span-2 lg:col-span-4"
        />
        {error && !errorField?.startsWith(`${prefix}.`) && <FormMessage tone="danger">{error}</FormMessage>}
        <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {save}
          </button>
          <button type="button" className="btn btn-outline" onClick={closeEditor}>
            {T.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}

function PricesForm({ row, bundles }: { row: StaffCountryPrices; bundles: StaffPrices['bundles'] }) {
  const state = useForm(savePricesForm);
  return (
    <BundleEditor
      id={`prices-form-${row.country}`}
      title={fill(T.prices_of, { country: row.country, currency: row.currency })}
      focusKey={row.country}
      state={state}
      prefix="prices"
      fieldOf={(key) => ({
        label: fill(T.price_of, { credits: bundleCredits(bundles, key), currency: row.currency }),
        inputMode: 'decimal',
        defaultValue: priceText(row.prices[key], row.currency),
      })}
      save={T.save_prices}
      onSave={(values, reason) => void savePricesForm.submit(row.country, pricesOf(values, row.currency), reason)}
    />
  );
}

function CreditsForm({ bundles }: { bundles: StaffPrices['bundles'] }) {
  const state = useForm(saveCreditsForm);
  return (
    <BundleEditor
      id="credits-form"
      title={T.credits_form}
      focusKey="credits"
      state={state}
      prefix="credits"
      fieldOf={(key) => ({
        label: fill(T.credits_of, { key }),
        inputMode: 'numeric',
        defaultValue: String(bundleCredits(bundles, key)),
      })}
      save={T.save_credits}
      onSave={(values, reason) => void saveCreditsForm.submit(creditsOf(values), reason)}
    />
  );
}

function Bundles({ bundles, writes }: { bundles: StaffPrices['bundles']; writes: boolean }) {
  const editing = useStore($editingCredits);
  const changed = bundles
    .map((bundle) => bundle.updated_at)
    .sort()
    .at(-1);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="bundles-heading">
      <h2 id="bundles-heading" className="text-lg font-bold">
        {T.bundles_title}
      </h2>
      <p className="text-sm text-ink-muted">{T.bundles_intro}</p>
      <ul className="flex flex-wrap gap-2" data-testid="bundle-credits">
        {bundles.map((bundle) => (
          <li key={bundle.key} className="rounded-xl border border-line px-3 py-1.5 text-sm">
            <span className="font-semibold">{fill(T.bundle_key, { key: bundle.key })}</span>
            {': '}
            {fill(T.bundle_credits, { credits: bundle.credits })}
          </li>
        ))}
      </ul>
      {changed && <p className="text-sm text-ink-muted">{fill(T.bundles_changed, { when: when(changed) })}</p>}
      {writes && (
        <button
          type="button"
          className="btn btn-outline self-start"
          aria-expanded={editing}
          onClick={() => editCredits()}
        >
          {T.edit_credits}
        </button>
      )}
    </section>
  );
}

export default function PricesPanel() {
  const { error } = useForm(pricesForm);
  const data = useStore($prices);
  const editing = useStore($editing);
  const saved = useStore($saved);
  const creditsSaved = useStore($creditsSaved);
  const editingCredits = useStore($editingCredits);
  const writes = holdsRole(PRICE_WRITERS);
  useEffect(() => {
    if (!$prices.get()) void pricesForm.submit();
  }, []);
  const edited = data?.countries.find((row) => row.country === editing);
  return (
    <div className="flex flex-col gap-4">
      <p>{T.prices_intro}</p>
      {!writes && <p className="text-ink-muted">{T.prices_read_only}</p>}
      {error && <Alert tone="danger">{error}</Alert>}
      {saved && (
        <p role="status" className="font-semibold">
          {fill(T.prices_saved, { country: saved })}
        </p>
      )}
      {creditsSaved && (
        <p role="status" className="font-semibold">
          {T.credits_saved}
        </p>
      )}
      {data && editingCredits && writes && <CreditsForm bundles={data.bundles} />}
      {data && edited && writes && <PricesForm row={edited} bundles={data.bundles} />}
      {data && <Bundles bundles={data.bundles} writes={writes} />}
      {data && (
        <div>
          <h2 id="prices-table-heading" className="sr-only">
            {T.prices_table}
          </h2>
          <Table
            labelledBy="prices-table-heading"
            columns={[
              T.col_country,
              T.col_currency,
              ...data.bundles.map((bundle) => fill(T.col_bundle, { credits: bundle.credits })),
              T.col_per_credit,
              T.col_changed,
              ...(writes ? [T.col_edit] : []),
            ]}
          >
            {data.countries.map((row) => (
              <tr key={row.country} className="border-t border-line" data-testid={`prices-${row.country}`}>
                <th scope="row" className="p-2 font-semibold">
                  {row.country}
                </th>
                <td className="p-2">{row.currency}</td>
                {PACKAGE_KEYS.map((key) => (
                  <td key={key} className="p-2 whitespace-nowrap">
                    {money(row.prices[key], row.currency)}
                  </td>
                ))}
                <td className="p-2 whitespace-nowrap">
                  {perCredit(row, data.bundles)
                    .map((minor) => money(minor, row.currency))
                    .join(' · ')}
                </td>
                <td className="p-2 whitespace-nowrap">{when(row.updated_at)}</td>
                {writes && (
                  <td className="p-2">
                    <button
                      type="button"
                      className="btn btn-outline"
                      aria-label={fill(T.edit_prices_of, { country: row.country })}
                      aria-expanded={editing === row.country}
                      onClick={() => editCountry(row.country)}
                    >
                      {T.edit_prices}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </Table>
        </div>
      )}
    </div>
  );
}

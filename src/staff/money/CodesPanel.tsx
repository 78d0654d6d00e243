/**
 * The Money section's discount codes (docs/staff.md "Money", docs/discounts.md): the list with
 * use counts, a code's uses, and for finance a new code and pausing or resuming one (each
 * with a reason for the audit log).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { DISCOUNT_VALIDITIES } from '#src/contract/discounts.ts';
import { MONEY_WRITERS, type StaffCode } from '#src/contract/staff-money.ts';
import { Alert, FormMessage, SelectField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { field, MoreButton, SiteOptions, Table } from '../console-ui.tsx';
import type { SectionProps } from '../sections.ts';
import { holdsRole } from '../session-store.ts';
import {
  $codes,
  $uses,
  closeUses,
  codeStatusForm,
  codesForm,
  createCodeForm,
  moreCodesForm,
  newCodeOf,
  usesForm,
} from './codes-store.ts';
import { money, when } from './format.ts';
import { MONEY_TEXT as T, fill } from './texts.ts';

const VALIDITY_TEXT: Record<StaffCode['validity'], string> = {
  'once-per-user': T.validity_once_per_user,
  once: T.validity_once,
  unlimited: T.validity_unlimited,
};

function rulesOf(code: StaffCode): string {
  const rules = [code.site ?? T.all_sites, VALIDITY_TEXT[code.validity]];
  if (code.country) rules.push(code.country);
  if (code.minimum_minor !== null && code.currency) rules.push(`≥ ${money(code.minimum_minor, code.currency)}`);
  if (code.kind !== 'promo') rules.push(code.kind);
  return rules.join(' · ');
}

function NewCodeForm({ sites }: SectionProps) {
  const { busy, error, errorField, done: created } = useForm(createCodeForm);
  const list = useStore($codes);
  const errorOf = (name: string) => (errorField === name ? (error ?? undefined) : undefined);
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="new-code-heading">
      <h2 id="new-code-heading" className="text-lg font-bold">
        {T.new_code}
      </h2>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          void createCodeForm
            .submit(
              newCodeOf({
                code: field(event, 'code'),
                percentage: field(event, 'percentage'),
                site: field(event, 'site'),
                country: field(event, 'country'),
                minimum: field(event, 'minimum'),
                currency: field(event, 'currency'),
                validity: field(event, 'validity') as StaffCode['validity'],
                expires: field(event, 'expires'),
                starts: field(event, 'starts'),
                maxUses: field(event, 'max_uses'),
                firstPurchaseOnly: new FormData(event.currentTarget).get('first_purchase_only') === 'on',
                reason: field(event, 'reason'),
              }),
            )
            .then((code) => code && form.reset());
        }}
      >
        <TextField
          label={T.code}
          name="code"
          required
          maxLength={40}
          pattern="[A-Za-z0-9_\-]+"
          error={errorOf('code')}
        />
        <TextField
          label={T.percentage}
          name="percentage"
          required
          inputMode="decimal"
          pattern="\d{1,3}([.,]\d)?"
          error={errorOf('percentage')}
        />
        <SelectField label={T.site} name="site" defaultValue="" error={errorOf('site')}>
          <SiteOptions sites={sites} all={T.all_sites} />
        </SelectField>
        <TextField
          label={T.country}
          name="country"
          maxLength={2}
          autoCapitalize="characters"
          error={errorOf('country')}
        />
        <TextField label={T.minimum} name="minimum" inputMode="decimal" error={errorOf('minimum_minor')} />
        <TextField label={T.currency} name="currency" defaultValue="EUR" maxLength={3} error={errorOf('currency')} />
        <SelectField label={T.validity} name="validity" defaultValue="once-per-user">
          {DISCOUNT_VALIDITIES.map((validity) => (
            <option key={validity} value={validity}>
              {VALIDITY_TEXT[validity]}
            </option>
          ))}
        </SelectField>
        <TextField label={T.expires} name="expires" type="date" error={errorOf('expires_at')} />
        <TextField label={T.starts} name="starts" type="date" error={errorOf('starts_at')} />
        <TextField
          label={T.max_uses}
          name="max_uses"
          inputMode="numeric"
          pattern="[1-9][0-9]{0,7}"
          error={errorOf('max_uses')}
        />
        <label className="flex items-center gap-2 self-end">
          <input type="checkbox" name="first_purchase_only" />
          {T.first_purchase_only}
        </label>
        <TextField label={T.reason} name="reason" required minLength={3} maxLength={500} className="sm:col-span-2" />
        {error && !errorField && <FormMessage tone="danger">{error}</FormMessage>}
        {created && !busy && list?.codes[0] && !error && (
          <p role="status" className="font-semibold sm:col-span-2">
            {fill(T.created, { code: list.codes[0].code })}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {T.create}
          </button>
        </div>
      </form>
    </section>
  );
}

function StatusButton({ code }: { code: StaffCode }) {
  const { busy } = useForm(codeStatusForm);
  const pausing = code.status === 'active';
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void codeStatusForm.submit(code.id, pausing ? 'inactive' : 'active', field(event, 'reason'));
      }}
    >
      <TextField
        label={`${T.reason}: ${code.code}`}
        name="reason"
        required
        minLength={3}
        maxLength={500}
        className="min-w-40"
      />
      <button type="submit" className="btn btn-outline" disabled={busy}>
        {pausing ? T.pause : T.resume}
      </button>
    </form>
  );
}

function UsesScreen() {
  const uses = useStore($uses);
  if (!uses) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="uses-heading">
      <button type="button" className="link self-start" onClick={closeUses}>
        {T.close_uses}
      </button>
      <h2 id="uses-heading" className="text-lg font-bold">
        {fill(T.uses_title, { code: uses.code.code })} ({uses.code.uses})
      </h2>
      {uses.uses.length === 0 ? (
        <p>{T.no_uses}</p>
      ) : (
        <ul className="text-sm">
          {uses.uses.map((use) => (
            <li key={use.key}>
              {when(use.at)} · {use.order_id} · #{use.member_id} {use.member_email ?? ''} · {use.site ?? ''} ·{' '}
              {use.amount_minor !== null && use.currency ? money(use.amount_minor, use.currency) : ''} ·{' '}
              {use.status ?? ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function CodesPanel({ sites }: SectionProps) {
  const { busy, error } = useForm(codesForm);
  const status = useForm(codeStatusForm);
  const list = useStore($codes);
  const uses = useStore($uses);
  const writes = holdsRole(MONEY_WRITERS);
  useEffect(() => {
    if (!$codes.get()) void codesForm.submit('');
  }, []);
  if (uses) return <UsesScreen />;
  return (
    <div className="flex flex-col gap-4">
      {writes && <NewCodeForm sites={sites} />}
      <form
        role="search"
        aria-label={T.tab_codes}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void codesForm.submit(field(event, 'q'));
        }}
      >
        <TextField label={T.codes_search} name="q" type="search" maxLength={40} />
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {T.codes_find}
        </button>
      </form>
      {(error ?? status.error) && <Alert tone="danger">{error ?? status.error}</Alert>}
      {list && list.codes.length === 0 && <p>{T.no_codes}</p>}
      {list && list.codes.length > 0 && (
        <div>
          <Table
            columns={[
              T.col_code,
              T.col_percent,
              T.col_rules,
              T.col_expires,
              T.col_status,
              T.col_uses,
              ...(writes ? [`${T.pause} / ${T.resume}`] : []),
            ]}
          >
            {list.codes.map((code) => (
              <tr key={code.id} className="border-t border-line" data-testid={`code-${code.code}`}>
                <td className="p-2 font-mono">{code.code}</td>
                <td className="p-2">{code.percentage} %</td>
                <td className="p-2">{rulesOf(code)}</td>
                <td className="p-2 whitespace-nowrap">{code.expires_at ? when(code.expires_at) : T.never}</td>
                <td className="p-2">{code.status}</td>
                <td className="p-2">
                  <button
                    type="button"
                    className="link"
                    aria-label={`${fill(T.uses_title, { code: code.code })}: ${code.uses}`}
                    onClick={() => void usesForm.submit(code.id)}
                  >
                    {code.uses}
                  </button>
                </td>
                {writes && (
                  <td className="p-2">
                    <StatusButton code={code} />
                  </td>
                )}
              </tr>
            ))}
          </Table>
          <MoreButton form={moreCodesForm} next={list.next} />
        </div>
      )}
    </div>
  );
}

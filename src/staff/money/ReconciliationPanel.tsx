/**
 * The Money section's daily reconciliation (docs/staff.md "Money"): per UTC day the ledger's
 * purchase credits against the completed payments and their amounts, then every difference.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Alert, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { environment } from '#src/stores/environment.ts';
import { Table, field } from '../console-ui.tsx';
import { $reconciliation, daysBefore, reconciliationForm } from './money-store.ts';
import { money } from './format.ts';
import { MONEY_TEXT as T } from './texts.ts';

const KIND_TEXT = {
  missing_credits: T.kind_missing_credits,
  credits_mismatch: T.kind_credits_mismatch,
  orphan_credits: T.kind_orphan_credits,
} as const;

export default function ReconciliationPanel() {
  const { busy, error } = useForm(reconciliationForm);
  const result = useStore($reconciliation);
  const today = daysBefore(environment().now(), 0);
  const weekAgo = daysBefore(environment().now(), 6);
  useEffect(() => {
    if (!$reconciliation.get()) void reconciliationForm.submit(weekAgo, today);
  }, [today, weekAgo]);
  return (
    <div className="flex flex-col gap-4">
      <p>{T.rec_intro}</p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void reconciliationForm.submit(field(event, 'from'), field(event, 'to'));
        }}
      >
        <TextField label={T.rec_from} name="from" type="date" required defaultValue={weekAgo} />
        <TextField label={T.rec_to} name="to" type="date" required defaultValue={today} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {T.rec_run}
        </button>
      </form>
      {error && <Alert tone="danger">{error}</Alert>}
      {result && (
        <>
          <div>
            <Table
              columns={[
                T.col_day,
                T.col_ledger,
                T.col_payments,
                T.col_payment_credits,
                T.col_amounts,
                T.col_difference,
              ]}
            >
              {result.days.map((day) => (
                <tr key={day.day} className="border-t border-line">
                  <th scope="row" className="p-2 font-normal whitespace-nowrap">
                    {day.day}
                  </th>
                  <td className="p-2">{day.ledger_credits}</td>
                  <td className="p-2">{day.payments}</td>
                  <td className="p-2">{day.payment_credits}</td>
                  <td className="p-2">{day.amounts.map((a) => money(a.amount_minor, a.currency)).join(', ')}</td>
                  <td className={day.difference === 0 ? 'p-2' : 'p-2 font-bold'}>{day.difference}</td>
                </tr>
              ))}
            </Table>
          </div>
          <section aria-labelledby="differences-heading">
            <h2 id="differences-heading" className="text-lg font-bold">
              {T.differences}
            </h2>
            {result.differences.length === 0 ? (
              <p>{T.no_differences}</p>
            ) : (
              <ul className="text-sm">
                {result.differences.map((d) => (
                  <li key={`${d.kind}-${d.order_id}`}>
                    {d.day} · {KIND_TEXT[d.kind]} · {d.order_id} · #{d.member_id} · {d.order_credits ?? '—'} /{' '}
                    {d.ledger_credits ?? '—'}
                  </li>
                ))}
              </ul>
            )}
            {result.truncated && <p className="font-semibold">{T.truncated}</p>}
          </section>
        </>
      )}
    </div>
  );
}

/**
 * Each operator's workload now (conversations of their chat pals waiting for an answer,
 * conversations they hold) and the answer times (median and 95th percentile of the member's
 * wait) per operator and per chat pal over a range of UTC days (docs/staff.md "Chat pals").
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormMessage, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { field, Table } from '../console-ui.tsx';
import { $range, $workload, workloadForm } from './chat-pals-store.ts';
import { CHAT_PALS_TEXT as T } from './texts.ts';

/** A wait in seconds as people read it: 45 s, 3 min 20 s, 2 h 5 min. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function WorkloadPanel() {
  const range = useStore($range);
  const workload = useStore($workload);
  const { busy, error } = useForm(workloadForm);
  useEffect(() => {
    if (!$workload.get()) void workloadForm.submit($range.get());
  }, []);
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void workloadForm.submit({ from: field(event, 'from'), to: field(event, 'to') });
        }}
      >
        <TextField label={T.from} name="from" type="date" defaultValue={range.from} required />
        <TextField label={T.to} name="to" type="date" defaultValue={range.to} required />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {T.show}
        </button>
      </form>
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      {!workload && busy && <p role="status">{T.loading}</p>}
      {workload && (
        <>
          <section className="flex flex-col gap-2">
            <h2 id="chat-pals-operators" className="text-lg font-bold">
              {T.operators_title}
            </h2>
            <p>
              {workload.all.answers === 0
                ? T.no_answers
                : T.all_answers(
                    workload.all.answers,
                    formatWait(workload.all.median_seconds),
                    formatWait(workload.all.p95_seconds),
                  )}
            </p>
            <Table columns={T.operator_columns} labelledBy="chat-pals-operators">
              {workload.operators.map((operator) => (
                <tr key={operator.id} className="border-t border-line">
                  <td className="p-2">
                    {operator.name} <span className="text-ink-muted">({operator.email})</span>
                  </td>
                  <td className="p-2">{operator.chat_pals}</td>
                  <td className="p-2">{operator.waiting}</td>
                  <td className="p-2">{operator.claimed}</td>
                  <td className="p-2">{operator.answers}</td>
                  <td className="p-2">{formatWait(operator.median_seconds)}</td>
                  <td className="p-2">{formatWait(operator.p95_seconds)}</td>
                </tr>
              ))}
            </Table>
          </section>
          <section className="flex flex-col gap-2">
            <h2 id="chat-pals-answer-times" className="text-lg font-bold">
              {T.chat_pals_title}
            </h2>
            <Table columns={T.chat_pal_columns} labelledBy="chat-pals-answer-times">
              {workload.chat_pals.map((chatPal) => (
                <tr key={chatPal.id} className="border-t border-line">
                  <td className="p-2">{chatPal.name}</td>
                  <td className="p-2">{chatPal.site}</td>
                  <td className="p-2">{chatPal.answers}</td>
                  <td className="p-2">{formatWait(chatPal.median_seconds)}</td>
                  <td className="p-2">{formatWait(chatPal.p95_seconds)}</td>
                </tr>
              ))}
            </Table>
          </section>
        </>
      )}
    </div>
  );
}

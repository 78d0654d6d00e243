/**
 * The reports queue (docs/reports.md "The back office"): open reports oldest first (or
 * decided ones), a report with the reported content (profile, photo, message text), the
 * decision with its ground and note (the statement of reasons goes to the member), and the
 * report's decision log; and the repeat offenders.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  REPORT_DECISIONS,
  REPORT_GROUNDS,
  type ReportDecision,
  type ReportGround,
  type StaffReport,
} from '#src/contract/staff-moderation.ts';
import { Alert, FormMessage, SelectField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { when } from '../format.ts';
import { List, MoreButton, Table, field } from '../console-ui.tsx';
import {
  $offenders,
  $report,
  $reports,
  $statementSent,
  closeReport,
  decideReportForm,
  loadOffendersForm,
  loadReportsForm,
  openReportForm,
  type ReportView,
} from './reports-store.ts';
import { MODERATION_TEXT as T } from './texts.ts';

function Reported({ report }: { report: StaffReport }) {
  const { profile, photo, message } = report;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section className="card p-3">
        <h3 className="font-bold">{T.profile}</h3>
        <p>
          {profile.name} · {profile.id} · {profile.type}
          {profile.account_status && ` · ${profile.account_status}`}
        </p>
        {profile.photo_url && (
          <img
            src={profile.photo_url}
            alt={profile.name}
            width={96}
            height={96}
            className="size-24 rounded object-cover"
          />
        )}
        {profile.about && (
          <p className="mt-2 text-sm">
            <span className="font-semibold">{T.about}: </span>
            {profile.about}
          </p>
        )}
        <p className="mt-2 text-sm">
          {T.upheld_before}: {report.upheld_before}
        </p>
      </section>
      {photo && (
        <section className="card p-3">
          <h3 className="font-bold">{T.photo}</h3>
          <img src={photo.url} alt={`${T.photo} (${photo.status})`} className="h-auto max-h-80 w-full object-contain" />
        </section>
      )}
      {message && (
        <section className="card p-3">
          <h3 className="font-bold">{T.message}</h3>
          <p className="text-sm text-ink-muted">{when(message.sent_at)}</p>
          <blockquote className="mt-1 border-l-4 border-line pl-3 whitespace-pre-wrap">
            {message.text ?? T.no_text(message.kind)}
          </blockquote>
        </section>
      )}
    </div>
  );
}

function DecisionForm({ report }: { report: StaffReport }) {
  const { busy, error } = useForm(decideReportForm);
  const decisions = REPORT_DECISIONS.filter((decision) => decision !== 'remove_content' || report.photo !== null);
  return (
    <form
      className="card flex flex-col gap-3 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void decideReportForm.submit(
          report.id,
          field(event, 'decision') as ReportDecision,
          field(event, 'ground') as ReportGround,
          field(event, 'note'),
        );
      }}
    >
      <h3 className="font-bold">{T.decision}</h3>
      <SelectField label={T.decision} name="decision" defaultValue="no_violation">
        {decisions.map((decision) => (
          <option key={decision} value={decision}>
            {T.decisions[decision]}
          </option>
        ))}
      </SelectField>
      <SelectField label={T.ground} name="ground">
        {REPORT_GROUNDS.map((ground) => (
          <option key={ground} value={ground}>
            {T.grounds[ground]}
          </option>
        ))}
      </SelectField>
      <TextField label={T.note} name="note" required minLength={3} maxLength={500} />
      <p className="text-sm text-ink-muted">{T.statement_hint}</p>
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {T.decide}
      </button>
    </form>
  );
}

function ReportPage() {
  const page = useStore($report);
  const sent = useStore($statementSent);
  if (!page) return null;
  const { report, log } = page;
  const open = report.status === 'open' || report.status === 'in_review';
  return (
    <section className="flex flex-col gap-4" aria-labelledby="report-heading">
      <button type="button" className="link self-start" onClick={closeReport}>
        {T.back}
      </button>
      <h2 id="report-heading" className="text-xl font-bold">
        {T.report_title(report.id)}
      </h2>
      <p>
        {T.targets[report.target]} · {T.reasons[report.reason]} · {report.site} · {when(report.created_at)} ·{' '}
        {report.status}
      </p>
      {report.details && (
        <p>
          <span className="font-semibold">{T.details}: </span>
          {report.details}
        </p>
      )}
      <Reported report={report} />
      <div aria-live="polite">
        {sent !== null && <Alert tone="success">{sent ? T.statement_sent : T.statement_none}</Alert>}
      </div>
      {open && <DecisionForm report={report} />}
      <List
        title={T.log}
        items={log.map(
          (entry) =>
            `${when(entry.at)} ${entry.staff_email} (${entry.roles.join(', ')}): ${entry.action} ${JSON.stringify(entry.after)}${entry.reason ? ` — ${entry.reason}` : ''}`,
        )}
      />
    </section>
  );
}

export function ReportsQueue() {
  const list = useStore($reports);
  const page = useStore($report);
  const { error } = useForm(loadReportsForm);
  const opening = useForm(openReportForm);
  useEffect(() => {
    if (!$reports.get()) void loadReportsForm.submit('open');
  }, []);
  if (page) return <ReportPage />;
  const view: ReportView = list?.view ?? 'open';
  return (
    <section className="flex flex-col gap-4" aria-labelledby="reports-heading">
      <h2 id="reports-heading" className="text-xl font-bold">
        {T.tab_reports}
        {list && <span className="ml-2 text-base font-normal text-ink-muted">{T.reports_open(list.totalOpen)}</span>}
      </h2>
      <SelectField
        label={T.view}
        value={view}
        className="max-w-xs"
        onChange={(event) => void loadReportsForm.submit(event.currentTarget.value as ReportView)}
      >
        <option value="open">{T.view_open}</option>
        <option value="closed">{T.view_closed}</option>
      </SelectField>
      {error && <Alert tone="danger">{error}</Alert>}
      {opening.error && <Alert tone="danger">{opening.error}</Alert>}
      {list && list.reports.length === 0 && <p>{T.no_reports}</p>}
      {list && list.reports.length > 0 && (
        <div>
          <Table columns={[T.col_report, T.col_what, T.col_reason, T.col_site, T.col_when, T.col_status]}>
            {list.reports.map((report) => (
              <tr key={report.id} className="border-t border-line">
                <td className="p-2">
                  <button type="button" className="link" onClick={() => void openReportForm.submit(report.id)}>
                    {report.id}
                  </button>
                </td>
                <td className="p-2">
                  {T.targets[report.target]}: {report.profile.name}
                </td>
                <td className="p-2">
                  {T.reasons[report.reason]}
                  {report.upheld_before > 0 && ` (${report.upheld_before}× upheld before)`}
                </td>
                <td className="p-2">{report.site}</td>
                <td className="p-2">{when(report.created_at)}</td>
                <td className="p-2">{report.status}</td>
              </tr>
            ))}
          </Table>
          <MoreButton form={loadReportsForm} args={[view, true]} next={list.next} label={T.more} />
        </div>
      )}
    </section>
  );
}

export function RepeatOffenders() {
  const offenders = useStore($offenders);
  const { error } = useForm(loadOffendersForm);
  useEffect(() => {
    void loadOffendersForm.submit();
  }, []);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="offenders-heading">
      <h2 id="offenders-heading" className="text-xl font-bold">
        {T.tab_offenders}
      </h2>
      {error && <Alert tone="danger">{error}</Alert>}
      {offenders && offenders.length === 0 && <p>{T.no_offenders}</p>}
      {offenders && offenders.length > 0 && (
        <Table columns={[T.col_member, T.col_site, T.col_account, T.col_upheld, T.col_last]}>
          {offenders.map((row) => (
            <tr key={row.profile_id} className="border-t border-line">
              <td className="p-2">
                {row.name} ({row.profile_id})
              </td>
              <td className="p-2">{row.site}</td>
              <td className="p-2">
                {row.account_id ?? '—'} {row.account_status ?? ''}
              </td>
              <td className="p-2">{row.upheld}</td>
              <td className="p-2">{when(row.last_at)}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

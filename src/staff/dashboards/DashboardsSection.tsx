/**
 * The dashboards (docs/staff.md "Dashboards"; admins, finance, marketing): for a date range
 * and one site or all, charts of signups, activations and first purchases, of messages and
 * credits spent and of the chat pals' answer times (median and p90) per day, then tables per
 * site and country (conversion, revenue), per site (answer times) and per day, each sortable
 * and exported as CSV. All from the daily aggregates the hourly job
 * rolls up; today's figures are as of its last run.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { Alert, SelectField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { field, Heading, RollUpBar, ShowAndExport, SiteOptions } from '../console-ui.tsx';
import { Chart } from './Chart.tsx';
import { DataTable, type Column } from './DataTable.tsx';
import {
  $dashboard,
  $dashboardRolledUpAt,
  answerTimesByDay,
  answerTimesBySite,
  answerTimesOf,
  dashboardCsvUrl,
  dashboardForm,
  dashboardRollUpForm,
  lastDays,
  totalsByDay,
  totalsBySiteCountry,
  waitText,
  type AnswerTimes,
  type DayTotals,
  type SiteCountryTotals,
} from './dashboards-store.ts';
import { DASHBOARD_TEXT as TEXT } from './texts.ts';

const ANSWER_COLUMNS: Column<AnswerTimes>[] = [
  { key: 'answers', label: TEXT.answers },
  { key: 'answer_median_s', label: TEXT.answer_median, format: (row) => waitText(row.answer_median_s) },
  { key: 'answer_p90_s', label: TEXT.answer_p90, format: (row) => waitText(row.answer_p90_s) },
];

const DAY_COLUMNS: Column<DayTotals & AnswerTimes>[] = [
  { key: 'day', label: TEXT.day },
  { key: 'signups', label: TEXT.signups },
  { key: 'activations', label: TEXT.activations },
  { key: 'first_purchases', label: TEXT.first_purchases },
  { key: 'messages_sent', label: TEXT.messages_sent },
  { key: 'credits_spent', label: TEXT.credits_spent },
  { key: 'moderation_backlog', label: TEXT.backlog },
  ...ANSWER_COLUMNS,
];

const ANSWER_SITE_COLUMNS: Column<AnswerTimes & { site: string }>[] = [
  { key: 'site', label: TEXT.site },
  ...ANSWER_COLUMNS,
];

/** Seconds as minutes with one decimal, for the chart. */
const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

const SITE_COLUMNS: Column<SiteCountryTotals>[] = [
  { key: 'site', label: TEXT.site },
  { key: 'country', label: TEXT.country },
  { key: 'signups', label: TEXT.signups },
  { key: 'activations', label: TEXT.activations },
  { key: 'first_purchases', label: TEXT.first_purchases },
  {
    key: 'conversion',
    label: TEXT.conversion,
    format: (row) => (row.conversion === null ? TEXT.none : `${row.conversion}`),
  },
  {
    key: 'revenue_minor',
    label: TEXT.revenue,
    format: (row) => `${(row.revenue_minor / 100).toFixed(2)} ${row.currency}`,
  },
  { key: 'messages_sent', label: TEXT.messages_sent },
  { key: 'credits_spent', label: TEXT.credits_spent },
];

export default function DashboardsSection({ sites }: { sites: readonly { id: string; brand: string }[] }) {
  const { busy, error } = useForm(dashboardForm);
  const dashboard = useStore($dashboard);
  const rolledUpAt = useStore($dashboardRolledUpAt);
  useEffect(() => {
    if (!$dashboard.get()) void dashboardForm.submit(lastDays(30));
  }, []);
  const days = useMemo(() => {
    if (!dashboard) return [];
    const answers = new Map(answerTimesByDay(dashboard.range, dashboard.answerTimes).map((day) => [day.day, day]));
    const none = { answers: 0, answer_median_s: null, answer_p90_s: null };
    return totalsByDay(dashboard.range, dashboard.rows).map((day) => ({ ...day, ...(answers.get(day.day) ?? none) }));
  }, [dashboard]);
  const answersBySite = useMemo(() => (dashboard ? answerTimesBySite(dashboard.answerTimes) : []), [dashboard]);
  const answerTotals = useMemo(() => answerTimesOf(dashboard?.answerTimes ?? []), [dashboard]);
  const bySite = useMemo(() => (dashboard ? totalsBySiteCountry(dashboard.rows) : []), [dashboard]);
  const range = dashboard?.range ?? lastDays(30);
  const dayLabels = useMemo(() => days.map((day) => day.day), [days]);
  const funnel = useMemo(
    () => [
      { label: TEXT.signups, values: days.map((day) => day.signups) },
      { label: TEXT.activations, values: days.map((day) => day.activations) },
      { label: TEXT.first_purchases, values: days.map((day) => day.first_purchases) },
    ],
    [days],
  );
  const usage = useMemo(
    () => [
      { label: TEXT.messages_sent, values: days.map((day) => day.messages_sent) },
      { label: TEXT.credits_spent, values: days.map((day) => day.credits_spent) },
    ],
    [days],
  );
  const answerLines = useMemo(
    () => [
      { label: TEXT.answer_median_minutes, values: days.map((day) => minutes(day.answer_median_s)) },
      { label: TEXT.answer_p90_minutes, values: days.map((day) => minutes(day.answer_p90_s)) },
    ],
    [days],
  );
  return (
    <section className="flex flex-col gap-5" aria-labelledby="dashboards-heading">
      <Heading>
        <span id="dashboards-heading">{TEXT.title}</span>
      </Heading>
      <form
        key={`${range.from}:${range.to}:${range.site}`}
        className="flex flex-wrap items-end gap-3"
        aria-label={TEXT.range}
        onSubmit={(event) => {
          event.preventDefault();
          void dashboardForm.submit({ from: field(event, 'from'), to: field(event, 'to'), site: field(event, 'site') });
        }}
      >
        <TextField label={TEXT.from} name="from" type="date" defaultValue={range.from} required />
        <TextField label={TEXT.to} name="to" type="date" defaultValue={range.to} required />
        <SelectField label={TEXT.site} name="site" defaultValue={range.site}>
          <SiteOptions sites={sites} all={TEXT.all_sites} />
        </SelectField>
        <ShowAndExport busy={busy} show={TEXT.show} csvUrl={dashboardCsvUrl(range)} exportLabel={TEXT.export_daily} />
      </form>
      {error && <Alert tone="danger">{error}</Alert>}
      <RollUpBar form={dashboardRollUpForm} rolledUpAt={rolledUpAt} text={TEXT} />
      {dashboard && (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <Chart title={TEXT.chart_funnel} days={dayLabels} series={funnel} />
            <Chart title={TEXT.chart_usage} days={dayLabels} series={usage} />
            <Chart
              title={TEXT.chart_answers}
              days={dayLabels}
              series={answerLines}
              summary={`${TEXT.answers} ${answerTotals.answers}, ${TEXT.answer_median} ${waitText(answerTotals.answer_median_s)}, ${TEXT.answer_p90} ${waitText(answerTotals.answer_p90_s)} ${TEXT.answers_over_range}`}
            />
          </div>
          <DataTable title={TEXT.per_site} file="per-site-country" columns={SITE_COLUMNS} rows={bySite} />
          {answersBySite.length === 0 ? (
            <p className="text-ink-muted">{TEXT.no_answers}</p>
          ) : (
            <DataTable
              title={TEXT.answers_per_site}
              file="answer-times-per-site"
              columns={ANSWER_SITE_COLUMNS}
              rows={answersBySite}
            />
          )}
          <DataTable title={TEXT.per_day} file="per-day" columns={DAY_COLUMNS} rows={days} />
        </>
      )}
    </section>
  );
}

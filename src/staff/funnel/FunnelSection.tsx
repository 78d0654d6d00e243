/**
 * The marketing funnel (docs/staff.md "Marketing funnel"; marketing and admins): for a date
 * range, one site or all, one locale or all, visits (and bounces) → signups → activations →
 * first purchases → revenue per lander, lander variant, network, sub-id, or site and locale, each
 * table sortable and exported as CSV; landers far below their site's median flagged; each
 * lander experiment with its variants' conversion and a significance note in plain words.
 * All from the daily funnel aggregates the hourly job rolls up ('Roll up now' runs it).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import {
  FUNNEL_BREAKDOWNS,
  type ExperimentNote,
  type FunnelBreakdown,
  type FunnelRow,
} from '#src/contract/staff-funnel.ts';
import { LOCALES } from '#src/lib/locales.ts';
import { formatMoney } from '#src/lib/money.ts';
import { Alert, SelectField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { field, Heading, RollUpBar, ShowAndExport, SiteOptions } from '../console-ui.tsx';
import { DataTable, type Column } from '../dashboards/DataTable.tsx';
import { $funnel, $rolledUpAt, funnelCsvUrl, funnelForm, lastDays, rollUpForm, totalsOf } from './funnel-store.ts';
import { BREAKDOWN_LABELS, FUNNEL_TEXT as TEXT } from './texts.ts';

const rate = (value: number | null) => (value === null ? TEXT.none : `${value}`);
const revenue = (row: FunnelRow) =>
  row.revenue.length === 0 ? TEXT.none : row.revenue.map((r) => formatMoney(r.minor, r.currency, 'en')).join(' · ');

const KEY_COLUMNS: Record<FunnelBreakdown, Column<FunnelRow>[]> = {
  lander: [
    { key: 'site', label: TEXT.site },
    { key: 'locale', label: TEXT.locale },
    { key: 'lander', label: TEXT.lander, format: (row) => row.lander || TEXT.no_lander },
  ],
  variant: [
    { key: 'site', label: TEXT.site },
    { key: 'locale', label: TEXT.locale },
    { key: 'lander', label: TEXT.lander },
    { key: 'variant', label: TEXT.variant },
  ],
  network: [
    { key: 'site', label: TEXT.site },
    { key: 'network', label: TEXT.network, format: (row) => row.network || TEXT.no_value },
  ],
  sub1: [
    { key: 'site', label: TEXT.site },
    { key: 'network', label: TEXT.network, format: (row) => row.network || TEXT.no_value },
    { key: 'sub1', label: TEXT.sub1, format: (row) => row.sub1 || TEXT.no_value },
  ],
  site: [
    { key: 'site', label: TEXT.site },
    { key: 'locale', label: TEXT.locale },
  ],
};

const FIGURE_COLUMNS: Column<FunnelRow>[] = [
  { key: 'visits', label: TEXT.visits },
  { key: 'bounces', label: TEXT.bounces, format: (row) => (row.bounces === null ? TEXT.none : `${row.bounces}`) },
  { key: 'bounce_rate', label: TEXT.bounce_rate, format: (row) => rate(row.bounce_rate) },
  { key: 'signups', label: TEXT.signups },
  { key: 'signup_rate', label: TEXT.signup_rate, format: (row) => rate(row.signup_rate) },
  { key: 'activations', label: TEXT.activations },
  { key: 'first_purchases', label: TEXT.first_purchases },
  { key: 'purchase_rate', label: TEXT.purchase_rate, format: (row) => rate(row.purchase_rate) },
  { key: 'revenue', label: TEXT.revenue, format: revenue },
];

const FLAG_COLUMN: Column<FunnelRow> = {
  key: 'flagged',
  label: TEXT.flag,
  format: (row) => (row.flagged ? TEXT.flagged : ''),
};

const ARM_HEADERS = [TEXT.variant, TEXT.visits, TEXT.signups, TEXT.signup_rate, TEXT.p_value];

function Experiment({ experiment }: { experiment: ExperimentNote }) {
  const id = `experiment-${experiment.site}-${experiment.locale}-${experiment.lander}`;
  return (
    <section className="card flex flex-col gap-2 p-4" aria-labelledby={id}>
      <h3 id={id} className="font-bold">
        {experiment.lander} · {experiment.site} · {experiment.locale}
      </h3>
      <p className="text-sm font-semibold">{TEXT[`verdict_${experiment.verdict}`]}</p>
      <div className="overflow-x-auto">
        <table className="text-sm">
          <thead>
            <tr>
              {ARM_HEADERS.map((label, index) => (
                <th key={label} scope="col" className={index === 0 ? 'pr-4 text-left' : 'pr-4 text-right'}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {experiment.variants.map((variant) => (
              <tr key={variant.variant}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {variant.variant}
                </th>
                <td className="pr-4 text-right">{variant.visits}</td>
                <td className="pr-4 text-right">{variant.signups}</td>
                <td className="pr-4 text-right">{rate(variant.signup_rate)}</td>
                <td className="text-right">{variant.p_value === null ? TEXT.none : variant.p_value.toFixed(4)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm">{experiment.note}</p>
    </section>
  );
}

export default function FunnelSection({ sites }: { sites: readonly { id: string; brand: string }[] }) {
  const { busy, error } = useForm(funnelForm);
  const funnel = useStore($funnel);
  const rolledUpAt = useStore($rolledUpAt);
  useEffect(() => {
    if (!$funnel.get()) void funnelForm.submit(lastDays(30));
  }, []);
  const query = funnel?.query ?? lastDays(30);
  const totals = useMemo(() => totalsOf(funnel?.rows ?? []), [funnel]);
  const columns = useMemo(
    () => [...KEY_COLUMNS[query.by], ...FIGURE_COLUMNS, ...(query.by === 'lander' ? [FLAG_COLUMN] : [])],
    [query.by],
  );
  return (
    <section className="flex flex-col gap-5" aria-labelledby="funnel-heading">
      <Heading>
        <span id="funnel-heading">{TEXT.title}</span>
      </Heading>
      <form
        key={`${query.from}:${query.to}:${query.by}:${query.site}:${query.locale}`}
        className="flex flex-wrap items-end gap-3"
        aria-label={TEXT.range}
        onSubmit={(event) => {
          event.preventDefault();
          void funnelForm.submit({
            from: field(event, 'from'),
            to: field(event, 'to'),
            by: (FUNNEL_BREAKDOWNS as readonly string[]).includes(field(event, 'by'))
              ? (field(event, 'by') as FunnelBreakdown)
              : 'lander',
            site: field(event, 'site'),
            locale: field(event, 'locale'),
          });
        }}
      >
        <TextField label={TEXT.from} name="from" type="date" defaultValue={query.from} required />
        <TextField label={TEXT.to} name="to" type="date" defaultValue={query.to} required />
        <SelectField label={TEXT.by} name="by" defaultValue={query.by}>
          {FUNNEL_BREAKDOWNS.map((by) => (
            <option key={by} value={by}>
              {BREAKDOWN_LABELS[by]}
            </option>
          ))}
        </SelectField>
        <SelectField label={TEXT.site} name="site" defaultValue={query.site}>
          <SiteOptions sites={sites} all={TEXT.all_sites} />
        </SelectField>
        <SelectField label={TEXT.locale} name="locale" defaultValue={query.locale}>
          <option value="">{TEXT.all_locales}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {locale}
            </option>
          ))}
        </SelectField>
        <ShowAndExport busy={busy} show={TEXT.show} csvUrl={funnelCsvUrl(query)} exportLabel={TEXT.export} />
      </form>
      {error && <Alert tone="danger">{error}</Alert>}
      <RollUpBar form={rollUpForm} rolledUpAt={rolledUpAt} text={TEXT} />
      {funnel && (
        <>
          <section aria-labelledby="funnel-totals">
            <h2 id="funnel-totals" className="text-lg font-bold">
              {TEXT.totals}
            </h2>
            <dl className="mt-2 flex flex-wrap gap-x-8 gap-y-2">
              {(['visits', 'bounces', 'signups', 'activations', 'first_purchases'] as const).map((key) => (
                <div key={key}>
                  <dt className="text-sm text-ink-muted">{TEXT[key]}</dt>
                  <dd className={totals[key] === null ? 'text-sm' : 'text-2xl font-bold'}>
                    {totals[key] ?? TEXT.bounces_unknown}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="flex flex-col gap-3" aria-labelledby="funnel-experiments">
            <h2 id="funnel-experiments" className="text-lg font-bold">
              {TEXT.experiments}
            </h2>
            {funnel.experiments.length === 0 ? (
              <p className="text-ink-muted">{TEXT.no_experiments}</p>
            ) : (
              <div className="grid gap-3 lg:grid-cols-2">
                {funnel.experiments.map((experiment) => (
                  <Experiment
                    key={`${experiment.site}/${experiment.locale}/${experiment.lander}`}
                    experiment={experiment}
                  />
                ))}
              </div>
            )}
          </section>
          {funnel.truncated && <Alert tone="info">{TEXT.truncated}</Alert>}
          <DataTable
            title={`${TEXT.rows}: ${BREAKDOWN_LABELS[query.by]}`}
            file={`funnel-${query.by}`}
            columns={columns}
            rows={funnel.rows}
          />
        </>
      )}
    </section>
  );
}

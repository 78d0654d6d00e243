/**
 * The complaints tab (docs/complaints.md "Staff"): the complaints the member sites' form
 * stored, of one status (open oldest first, handled newest first, or the order chosen), one
 * site and one topic; a complaint with what the sender wrote, the address to answer to (a
 * mailto link with the reference as subject), marking it handled or open again with a note
 * for the log, and its log.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { COMPLAINT_STATUSES, COMPLAINT_TOPICS, type ComplaintStatus } from '#src/contract/complaints.ts';
import { MODERATION_ORDERS, type StaffComplaint } from '#src/contract/staff-moderation.ts';
import { Alert, FormMessage, SelectField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { when } from '../format.ts';
import { List, MoreButton, SiteOptions, Table, field } from '../console-ui.tsx';
import type { SectionProps } from '../sections.ts';
import {
  $changedTo,
  $complaint,
  $complaints,
  DEFAULT_COMPLAINT_FILTERS,
  closeComplaint,
  complaintStatusForm,
  loadComplaintsForm,
  openComplaintForm,
  type ComplaintFilters,
} from './complaints-store.ts';
import { MODERATION_TEXT as T } from './texts.ts';

const statusText = (status: ComplaintStatus) => (status === 'open' ? T.status_open : T.status_handled);

function StatusForm({ complaint }: { complaint: StaffComplaint }) {
  const { busy, error } = useForm(complaintStatusForm);
  const next: ComplaintStatus = complaint.status === 'open' ? 'handled' : 'open';
  return (
    <form
      className="card flex flex-col gap-3 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void complaintStatusForm.submit(complaint.reference, next, field(event, 'note')).then(() => form.reset());
      }}
    >
      <TextField
        label={next === 'handled' ? T.handle_note : T.reopen_note}
        name="note"
        required
        minLength={3}
        maxLength={500}
      />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {next === 'handled' ? T.mark_handled : T.reopen}
      </button>
    </form>
  );
}

function ComplaintPage() {
  const page = useStore($complaint);
  const changed = useStore($changedTo);
  if (!page) return null;
  const { complaint, log } = page;
  const facts: [string, string][] = [
    [T.col_topic, T.topics[complaint.topic]],
    [T.site, complaint.site],
    [T.col_sent, when(complaint.created_at)],
    [T.complaint_language, complaint.language],
    [T.col_from, `${complaint.email} (${complaint.from_member ? T.from_member : T.from_visitor})`],
    ...(complaint.order ? [[T.complaint_order, complaint.order] as [string, string]] : []),
    ...(complaint.member ? [[T.complaint_member, complaint.member] as [string, string]] : []),
    [T.status, statusText(complaint.status)],
    ...(complaint.handled_at ? [[T.complaint_handled_at, when(complaint.handled_at)] as [string, string]] : []),
  ];
  return (
    <section className="flex flex-col gap-4" aria-labelledby="complaint-heading">
      <button type="button" className="link self-start" onClick={closeComplaint}>
        {T.back}
      </button>
      <h2 id="complaint-heading" className="text-xl font-bold">
        {T.complaint_title(complaint.reference)}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <section>
        <h3 className="font-bold">{T.complaint_text}</h3>
        <blockquote className="mt-1 border-l-4 border-line pl-3 break-words whitespace-pre-wrap">
          {complaint.description}
        </blockquote>
      </section>
      <p>
        <a className="link" href={`mailto:${complaint.email}?subject=${encodeURIComponent(complaint.reference)}`}>
          {T.answer_mail(complaint.email)}
        </a>
        <span className="block text-sm text-ink-muted">{T.answer_hint}</span>
      </p>
      <div aria-live="polite">
        {changed !== null && <Alert tone="success">{changed === 'handled' ? T.marked_handled : T.marked_open}</Alert>}
      </div>
      <StatusForm complaint={complaint} />
      <List
        title={T.complaint_log}
        items={log.map(
          (entry) =>
            `${when(entry.at)} ${entry.staff_email} (${entry.roles.join(', ')}): ${entry.action}${entry.reason ? ` — ${entry.reason}` : ''}`,
        )}
      />
    </section>
  );
}

function Filters({ filters, sites }: { filters: ComplaintFilters; sites: SectionProps['sites'] }) {
  const change = (patch: Partial<ComplaintFilters>) => {
    const order = patch.status ? (patch.status === 'open' ? 'oldest' : 'newest') : filters.order;
    void loadComplaintsForm.submit({ ...filters, order, ...patch });
  };
  return (
    <fieldset className="grid gap-3 sm:grid-cols-4">
      <legend className="sr-only">{T.complaints_filters}</legend>
      <SelectField
        label={T.status}
        value={filters.status}
        onChange={(event) => change({ status: event.currentTarget.value as ComplaintStatus })}
      >
        {COMPLAINT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusText(status)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={T.order}
        value={filters.order}
        onChange={(event) => change({ order: event.currentTarget.value as ComplaintFilters['order'] })}
      >
        {MODERATION_ORDERS.map((order) => (
          <option key={order} value={order}>
            {order === 'oldest' ? T.oldest : T.newest}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={T.site}
        value={filters.site}
        onChange={(event) => change({ site: event.currentTarget.value })}
      >
        <SiteOptions sites={sites} />
      </SelectField>
      <SelectField
        label={T.topic}
        value={filters.topic}
        onChange={(event) => change({ topic: event.currentTarget.value as ComplaintFilters['topic'] })}
      >
        <option value="">{T.all_topics}</option>
        {COMPLAINT_TOPICS.map((topic) => (
          <option key={topic} value={topic}>
            {T.topics[topic]}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}

export function ComplaintsQueue({ sites }: SectionProps) {
  const list = useStore($complaints);
  const page = useStore($complaint);
  const { error } = useForm(loadComplaintsForm);
  const opening = useForm(openComplaintForm);
  useEffect(() => {
    if (!$complaints.get()) void loadComplaintsForm.submit(DEFAULT_COMPLAINT_FILTERS);
  }, []);
  if (page) return <ComplaintPage />;
  const filters = list?.filters ?? DEFAULT_COMPLAINT_FILTERS;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="complaints-heading">
      <h2 id="complaints-heading" className="text-xl font-bold">
        {T.tab_complaints}
        {list && (
          <span className="ml-2 text-base font-normal text-ink-muted">
            {T.complaints_total(list.total, statusText(filters.status).toLowerCase())}
          </span>
        )}
      </h2>
      <Filters filters={filters} sites={sites} />
      {error && <Alert tone="danger">{error}</Alert>}
      {opening.error && <Alert tone="danger">{opening.error}</Alert>}
      {list && list.complaints.length === 0 && <p>{T.no_complaints}</p>}
      {list && list.complaints.length > 0 && (
        <div>
          <Table
            labelledBy="complaints-heading"
            columns={[T.col_complaint, T.col_topic, T.col_site, T.col_from, T.col_sent, T.col_status]}
          >
            {list.complaints.map((complaint) => (
              <tr key={complaint.reference} className="border-t border-line">
                <td className="p-2">
                  <button
                    type="button"
                    className="link"
                    onClick={() => void openComplaintForm.submit(complaint.reference)}
                  >
                    {complaint.reference}
                  </button>
                </td>
                <td className="p-2">{T.topics[complaint.topic]}</td>
                <td className="p-2">{complaint.site}</td>
                <td className="p-2 break-all">
                  {complaint.email} ({complaint.from_member ? T.from_member : T.from_visitor})
                </td>
                <td className="p-2">{when(complaint.created_at)}</td>
                <td className="p-2">{statusText(complaint.status)}</td>
              </tr>
            ))}
          </Table>
          <MoreButton form={loadComplaintsForm} args={[filters, true]} next={list.next} label={T.more} />
        </div>
      )}
    </section>
  );
}

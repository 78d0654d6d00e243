/**
 * The audit log section (docs/staff.md "Audit log"; admins): search by staff member, action
 * (or its prefix such as `member.`), target and time range; newest first, more on request
 * (keyset-paged on the server); the same filters exported as CSV. The log cannot be changed.
 */
import { useStore } from '@nanostores/react';
import { useEffect, type SyntheticEvent } from 'react';
import type { AuditEntry } from '#src/contract/staff.ts';
import { Alert, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { Heading, MoreButton, Table, field } from '../console-ui.tsx';
import {
  $audit,
  EMPTY_FILTERS,
  auditCsvUrl,
  auditMoreForm,
  auditSearchForm,
  type AuditFilters,
} from './audit-store.ts';

const TEXT = {
  title: 'Audit log',
  staff: 'Staff member id',
  action: 'Action',
  action_hint: 'An action (login_failed) or a prefix ending in a dot (member.)',
  target_type: 'Target type',
  target_id: 'Target id',
  from: 'From (date)',
  to: 'Until (date, exclusive)',
  search: 'Search',
  export: 'Export as CSV',
  more: 'More entries',
  none: 'No entries match.',
  cols: ['When', 'Staff member', 'Action', 'Target', 'Before', 'After', 'Reason'],
} as const;

function filtersOf(event: SyntheticEvent<HTMLFormElement>): AuditFilters {
  return {
    staff: field(event, 'staff'),
    action: field(event, 'action'),
    target_type: field(event, 'target_type'),
    target_id: field(event, 'target_id'),
    from: field(event, 'from'),
    to: field(event, 'to'),
  };
}

const json = (value: unknown) => (value === null ? '' : JSON.stringify(value));

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr className="border-t border-line align-top">
      <td className="p-2 whitespace-nowrap">{entry.at.replace('T', ' ').slice(0, 19)}</td>
      <td className="p-2">
        {entry.staff_email} <span className="text-ink-muted">({entry.roles.join(', ')})</span>
      </td>
      <td className="p-2">{entry.action}</td>
      <td className="p-2">{entry.target_type ? `${entry.target_type} ${entry.target_id ?? ''}` : ''}</td>
      <td className="p-2 break-all">{json(entry.before)}</td>
      <td className="p-2 break-all">{json(entry.after)}</td>
      <td className="p-2">{entry.reason}</td>
    </tr>
  );
}

export default function AuditSection() {
  const { busy, error } = useForm(auditSearchForm);
  const audit = useStore($audit);
  useEffect(() => {
    if (!$audit.get()) void auditSearchForm.submit(EMPTY_FILTERS);
  }, []);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="audit-heading">
      <Heading>
        <span id="audit-heading">{TEXT.title}</span>
      </Heading>
      <form
        role="search"
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          void auditSearchForm.submit(filtersOf(event));
        }}
      >
        <TextField label={TEXT.staff} name="staff" inputMode="numeric" pattern="\d*" />
        <TextField label={TEXT.action} name="action" hint={TEXT.action_hint} />
        <TextField label={TEXT.target_type} name="target_type" />
        <TextField label={TEXT.target_id} name="target_id" />
        <TextField label={TEXT.from} name="from" type="date" />
        <TextField label={TEXT.to} name="to" type="date" />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {TEXT.search}
          </button>
          <a className="btn btn-outline" href={auditCsvUrl(audit?.filters ?? EMPTY_FILTERS)} download>
            {TEXT.export}
          </a>
        </div>
      </form>
      {error && <Alert tone="danger">{error}</Alert>}
      {audit && audit.entries.length === 0 && <p>{TEXT.none}</p>}
      {audit && audit.entries.length > 0 && (
        <div>
          <Table columns={TEXT.cols} labelledBy="audit-heading">
            {audit.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </Table>
          <MoreButton form={auditMoreForm} next={audit.next} label={TEXT.more} />
        </div>
      )}
    </section>
  );
}

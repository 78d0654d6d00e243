/**
 * The members section (docs/staff.md "Members"): the search (e-mail, name or id, by site), a
 * member's page with profile, orders, ledger, sessions and the audit entries about them, and
 * the actions the staff member's roles allow (ban and unban, log out everywhere, a credit
 * correction behind a fresh second factor). The server checks every role again.
 */
import { useStore } from '@nanostores/react';
import { MEMBER_MODERATORS, type StaffMemberPage, type StaffMemberSearchRow } from '#src/contract/staff.ts';
import { Alert, FormMessage, TextField, inputClass } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { Heading, List, MoreButton, ReauthForm, Table, field } from '../console-ui.tsx';
import type { SectionProps } from '../sections.ts';
import { $me, $reauthNeeded } from '../session-store.ts';
import { TEXT } from '../texts.ts';
import {
  $member,
  $results,
  closeMember,
  creditsForm,
  memberActionForm,
  moreForm,
  openMemberForm,
  searchForm,
  type MemberAction,
} from './members-store.ts';
import MemberExtras from './MemberExtras.tsx';

/** A search row's staff notes: how many, and the latest's first words. */
function MemberNotes({ notes }: { notes: StaffMemberSearchRow['notes'] }) {
  if (notes.count === 0) return <span className="text-ink-muted">{TEXT.notes_none}</span>;
  return (
    <span className="flex min-w-40 flex-col">
      <span className="font-semibold">
        {notes.count === 1 ? TEXT.notes_one : TEXT.notes_other.replace('{count}', String(notes.count))}
      </span>
      {notes.latest && <span className="text-ink-muted">“{notes.latest}”</span>}
    </span>
  );
}

function MemberSearch({ sites }: SectionProps) {
  const { busy, error } = useForm(searchForm);
  const results = useStore($results);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="members-heading">
      <Heading>
        <span id="members-heading">{TEXT.members_title}</span>
      </Heading>
      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void searchForm.submit(field(event, 'q'), field(event, 'site'));
        }}
      >
        <TextField label={TEXT.search_label} name="q" type="search" className="min-w-64 flex-1" />
        <div>
          <label htmlFor="staff-site" className="mb-1.5 block font-semibold">
            {TEXT.site_label}
          </label>
          <select id="staff-site" name="site" className={inputClass}>
            <option value="">{TEXT.all_sites}</option>
            {sites.map((site) => (
              <option key={site.id} value={site.id}>
                {site.brand}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {TEXT.search}
        </button>
      </form>
      {error && <Alert tone="danger">{error}</Alert>}
      {results && results.members.length === 0 && <p>{TEXT.no_members}</p>}
      {results && results.members.length > 0 && (
        <div>
          <Table
            columns={[
              TEXT.col_id,
              TEXT.col_site,
              TEXT.col_email,
              TEXT.col_name,
              TEXT.col_status,
              TEXT.col_credits,
              TEXT.col_notes,
            ]}
            labelledBy="members-heading"
          >
            {results.members.map((member) => (
              <tr key={member.id} className="border-t border-line">
                <td className="p-2">
                  <button type="button" className="link" onClick={() => void openMemberForm.submit(member.id)}>
                    {member.id}
                  </button>
                </td>
                <td className="p-2">{member.site}</td>
                <td className="p-2">{member.email}</td>
                <td className="p-2">{member.name}</td>
                <td className="p-2">{member.status}</td>
                <td className="p-2">{member.credits}</td>
                <td className="p-2" data-testid={`member-notes-${member.id}`}>
                  <MemberNotes notes={member.notes} />
                </td>
              </tr>
            ))}
          </Table>
          <MoreButton form={moreForm} next={results.next} />
        </div>
      )}
    </section>
  );
}

function ActionForm({ page, action, label }: { page: StaffMemberPage; action: MemberAction; label: string }) {
  const { busy, error } = useForm(memberActionForm);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void memberActionForm.submit(action, page.member.id, field(event, 'reason'));
      }}
    >
      <TextField label={TEXT.reason} name="reason" required minLength={3} maxLength={500} />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-outline" disabled={busy}>
        {label}
      </button>
    </form>
  );
}

function CreditsForm({ page }: { page: StaffMemberPage }) {
  const { busy, error } = useForm(creditsForm);
  const reauth = useStore($reauthNeeded);
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-bold">{TEXT.credits_title}</h2>
      {reauth && <ReauthForm />}
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void creditsForm.submit(page.member.id, Number(field(event, 'delta')), field(event, 'reason'));
        }}
      >
        <TextField label={TEXT.credits_delta} name="delta" type="number" step={1} required />
        <TextField label={TEXT.reason} name="reason" required minLength={3} maxLength={500} />
        {error && <FormMessage tone="danger">{error}</FormMessage>}
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {TEXT.credits_apply}
        </button>
      </form>
    </section>
  );
}

function MemberScreen({ page }: { page: StaffMemberPage }) {
  const me = useStore($me);
  const roles: readonly string[] = me?.roles ?? [];
  const { member } = page;
  const moderates = MEMBER_MODERATORS.some((role) => roles.includes(role));
  return (
    <article className="flex flex-col gap-5">
      <button type="button" className="link self-start" onClick={closeMember}>
        {TEXT.back}
      </button>
      <Heading>
        {member.name ?? member.email ?? member.id} <span className="text-ink-muted">#{member.id}</span>
      </Heading>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">{TEXT.col_site}</dt>
        <dd>{member.site}</dd>
        <dt className="font-semibold">{TEXT.col_email}</dt>
        <dd>{member.email}</dd>
        <dt className="font-semibold">{TEXT.col_status}</dt>
        <dd data-testid="member-status">{member.status}</dd>
        <dt className="font-semibold">{TEXT.col_credits}</dt>
        <dd>{member.credits}</dd>
        <dt className="font-semibold">{TEXT.col_signup}</dt>
        <dd>{member.signup_date.slice(0, 10)}</dd>
        {member.profile && (
          <>
            <dt className="font-semibold">{TEXT.profile}</dt>
            <dd>
              {member.profile.public_id} · {member.profile.gender} · {member.profile.birthdate} ·{' '}
              {member.profile.country} {member.profile.city ?? ''} · {member.profile.status}
            </dd>
          </>
        )}
      </dl>
      {moderates && (
        <section className="grid gap-4 sm:grid-cols-2">
          <h2 className="text-lg font-bold sm:col-span-2">{TEXT.actions}</h2>
          {member.status === 'banned' ? (
            <ActionForm page={page} action="unban" label={TEXT.unban} />
          ) : (
            <ActionForm page={page} action="ban" label={TEXT.ban} />
          )}
          <ActionForm page={page} action="logout" label={TEXT.force_logout} />
        </section>
      )}
      {roles.includes('finance') && <CreditsForm page={page} />}
      <MemberExtras page={page} />
      <List
        title={TEXT.orders}
        items={page.orders.map(
          (o) =>
            `${o.created_at.slice(0, 10)} · ${o.id} · ${o.status} · ${o.credits} · ${o.amount_minor} ${o.currency}`,
        )}
      />
      <List
        title={TEXT.ledger}
        items={page.ledger.map((l) => `${l.created_at.slice(0, 10)} · ${l.delta} → ${l.balance_after} · ${l.reason}`)}
      />
      <List title={TEXT.sessions} items={page.sessions.map((s) => `${s.created_at} · ${s.last_seen_at}`)} />
      <List
        title={TEXT.audit}
        items={page.audit.map((a) => `${a.at} · ${a.staff_email} · ${a.action} · ${a.reason ?? ''}`)}
      />
    </article>
  );
}
export default function MembersSection({ sites }: SectionProps) {
  const member = useStore($member);
  return member ? <MemberScreen page={member} /> : <MemberSearch sites={sites} />;
}

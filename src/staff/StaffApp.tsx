/**
 * The back office's island (docs/staff.md), on the staff origin only: the login (password,
 * then the second factor or its enrolment, the recovery codes shown once) and the console's
 * members section (search, a member's page with ban, unban, logout everywhere and, for
 * finance, credit corrections). Each stage moves the focus to its heading. The server checks
 * the session and the roles on every call regardless.
 */
import '#src/styles/islands.css';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type SyntheticEvent, type ReactNode } from 'react';
import type { Catalogue } from '#src/i18n/index.ts';
import { MEMBER_MODERATORS, type StaffMemberPage } from '#src/contract/staff.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { Alert, FormMessage, PasswordField, TextField, inputClass } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { TEXT } from './texts.ts';
import {
  $me,
  $member,
  $reauthNeeded,
  $results,
  $stage,
  chooseRecoveryCode,
  closeMember,
  creditsForm,
  enrolForm,
  loginForm,
  logout,
  memberActionForm,
  moreForm,
  openMemberForm,
  reauthForm,
  recoveryCodesStored,
  searchForm,
  secondFactorForm,
  startStaff,
  type MemberAction,
} from './staff-store.ts';

/** The catalogue namespaces the shared fields and error texts use. */
export const STAFF_NAMESPACES = ['common', 'errors', 'api'] as const satisfies readonly (keyof Catalogue)[];
export type StaffCatalogue = Pick<Catalogue, (typeof STAFF_NAMESPACES)[number]>;

interface Props {
  catalogue: StaffCatalogue;
  sites: readonly { id: string; brand: string }[];
}

/** A form's named text field, read when it is submitted. */
function field(event: SyntheticEvent<HTMLFormElement>, name: string, trim = true): string {
  const value = new FormData(event.currentTarget).get(name);
  if (typeof value !== 'string') return '';
  return trim ? value.trim() : value;
}

/** The stage's heading, focused when the stage opens (keyboard and screen-reader users start there). */
function Heading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold outline-none">
      {children}
    </h1>
  );
}

function LoginScreen() {
  const { busy, error } = useForm(loginForm);
  return (
    <form
      className="card flex flex-col gap-4 p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void loginForm.submit(field(event, 'email'), field(event, 'password', false));
      }}
    >
      <Heading>{TEXT.login_title}</Heading>
      <p className="text-ink-muted">{TEXT.login_intro}</p>
      <TextField label={TEXT.email} name="email" type="email" autoComplete="username" required />
      <PasswordField label={TEXT.password} name="password" autoComplete="current-password" required />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {TEXT.next}
      </button>
    </form>
  );
}

function SecondFactorScreen({ recovery }: { recovery: boolean }) {
  const { busy, error } = useForm(secondFactorForm);
  return (
    <form
      className="card flex flex-col gap-4 p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void secondFactorForm.submit(field(event, 'code'), recovery);
      }}
    >
      <Heading>{TEXT.totp_title}</Heading>
      <p className="text-ink-muted">{recovery ? TEXT.codes_intro : TEXT.totp_intro}</p>
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? TEXT.recovery_code : TEXT.totp_code}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        required
      />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {TEXT.verify}
      </button>
      <button type="button" className="btn btn-outline" onClick={() => chooseRecoveryCode(!recovery)}>
        {recovery ? TEXT.use_totp : TEXT.use_recovery}
      </button>
    </form>
  );
}

function EnrolScreen({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  const { busy, error } = useForm(enrolForm);
  return (
    <form
      className="card flex flex-col gap-4 p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void enrolForm.submit(field(event, 'code'));
      }}
    >
      <Heading>{TEXT.enrol_title}</Heading>
      <p className="text-ink-muted">{TEXT.enrol_intro}</p>
      {/* The server's QR code (SVG of squares, no script). */}
      <div
        role="img"
        aria-label={TEXT.enrol_qr}
        className="w-48 bg-white p-2"
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p>
        {TEXT.enrol_key}: <code className="break-all">{secret}</code>
      </p>
      <TextField label={TEXT.totp_code} name="code" autoComplete="one-time-code" inputMode="numeric" required />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {TEXT.verify}
      </button>
    </form>
  );
}

function RecoveryCodesScreen({ codes }: { codes: readonly string[] }) {
  return (
    <div className="card flex flex-col gap-4 p-6">
      <Heading>{TEXT.codes_title}</Heading>
      <p className="text-ink-muted">{TEXT.codes_intro}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary" onClick={recoveryCodesStored}>
        {TEXT.codes_done}
      </button>
    </div>
  );
}

function MemberSearch({ sites }: { sites: Props['sites'] }) {
  const { busy, error } = useForm(searchForm);
  const more = useForm(moreForm);
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
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                {[TEXT.col_id, TEXT.col_site, TEXT.col_email, TEXT.col_name, TEXT.col_status, TEXT.col_credits].map(
                  (label) => (
                    <th key={label} scope="col" className="p-2">
                      {label}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
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
                </tr>
              ))}
            </tbody>
          </table>
          {results.next !== null && (
            <button
              type="button"
              className="btn btn-outline mt-3"
              disabled={more.busy}
              onClick={() => void moreForm.submit()}
            >
              {TEXT.more}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function List({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <section>
      <h2 className="text-lg font-bold">{title}</h2>
      {items.length === 0 ? (
        <p className="text-ink-muted">{TEXT.none}</p>
      ) : (
        <ul className="text-sm">
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
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

function ReauthForm() {
  const { busy, error } = useForm(reauthForm);
  return (
    <form
      className="card flex flex-col gap-2 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void reauthForm.submit(field(event, 'code'));
      }}
    >
      <h3 className="font-bold">{TEXT.reauth_title}</h3>
      <p className="text-sm text-ink-muted">{TEXT.reauth_intro}</p>
      <TextField label={TEXT.totp_code} name="code" autoComplete="one-time-code" inputMode="numeric" required />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {TEXT.reauth_confirm}
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

function Console({ sites }: { sites: Props['sites'] }) {
  const member = useStore($member);
  return member ? <MemberScreen page={member} /> : <MemberSearch sites={sites} />;
}

function Stages({ sites }: { sites: Props['sites'] }) {
  const stage = useStore($stage);
  const me = useStore($me);
  useEffect(() => void startStaff(), []);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <p className="font-bold">{TEXT.title}</p>
          {me && stage.name === 'console' && (
            <div className="flex items-center gap-3 text-sm">
              <span>
                {TEXT.signed_in_as} {me.name} ({me.roles.join(', ')})
              </span>
              <button type="button" className="btn btn-outline" onClick={() => void logout()}>
                {TEXT.logout}
              </button>
            </div>
          )}
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6">
        {stage.name === 'loading' && <p role="status">{TEXT.loading}</p>}
        {stage.name === 'login' && <LoginScreen />}
        {stage.name === 'second_factor' && <SecondFactorScreen recovery={stage.recovery} />}
        {stage.name === 'enrol' && <EnrolScreen secret={stage.secret} qrSvg={stage.qrSvg} />}
        {stage.name === 'recovery_codes' && <RecoveryCodesScreen codes={stage.codes} />}
        {stage.name === 'console' && <Console sites={sites} />}
      </main>
    </div>
  );
}

export default function StaffApp({ catalogue, sites }: Props) {
  return (
    <IslandI18n locale="en" catalogue={catalogue}>
      <Stages sites={sites} />
    </IslandI18n>
  );
}

/**
 * The staff accounts section (docs/staff.md "Staff accounts"), for admins: the staff with their
 * roles, second factor and last login; a new colleague's account; and per account the roles,
 * disabling or enabling it, and resetting a lost second factor. Each change asks for a reason
 * and, when the last second factor is older than the re-authentication window, for a code first.
 */
import { useStore } from '@nanostores/react';
import { useEffect, type SyntheticEvent } from 'react';
import { STAFF_ROLES, type StaffRole } from '#src/contract/define.ts';
import { STAFF_PASSWORD_MIN, type StaffAccountRow } from '#src/contract/staff-accounts.ts';
import { Alert, FormMessage, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { Heading, ReauthForm, Table, field } from '../console-ui.tsx';
import { when } from '../format.ts';
import { $me, $reauthNeeded } from '../session-store.ts';
import {
  $accounts,
  $editing,
  clearOutcomes,
  createAccountForm,
  edit,
  loadAccountsForm,
  resetForm,
  rolesForm,
  statusForm,
} from './team-store.ts';
import { TEAM_TEXT as T } from './texts.ts';

function chosenRoles(event: SyntheticEvent<HTMLFormElement>): StaffRole[] {
  const data = new FormData(event.currentTarget);
  return STAFF_ROLES.filter((role) => data.get(`role_${role}`) === 'on');
}

function RoleBoxes({ legend, checked, idPrefix }: { legend: string; checked: readonly string[]; idPrefix: string }) {
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} htmlFor={`${idPrefix}-${role}`} className="flex items-center gap-2">
          <input
            id={`${idPrefix}-${role}`}
            type="checkbox"
            name={`role_${role}`}
            defaultChecked={checked.includes(role)}
            className="size-5"
          />
          {T.role_names[role]}
        </label>
      ))}
    </fieldset>
  );
}

function NewAccount() {
  const { busy, error, done } = useForm(createAccountForm);
  const list = useStore($accounts);
  const created = done ? list?.at(-1) : undefined;
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="new-staff-heading">
      <h2 id="new-staff-heading" className="text-lg font-bold">
        {T.new_account}
      </h2>
      <p className="text-sm text-ink-muted">{T.new_intro}</p>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          void createAccountForm
            .submit({
              email: field(event, 'email'),
              name: field(event, 'name'),
              password: field(event, 'password', false),
              roles: chosenRoles(event),
              reason: field(event, 'reason'),
            })
            .then((account) => account && form.reset());
        }}
      >
        <TextField label={T.name} name="name" required minLength={2} maxLength={80} autoComplete="off" />
        <TextField label={T.email} name="email" type="email" required maxLength={254} autoComplete="off" />
        <TextField
          label={T.password}
          name="password"
          type="text"
          required
          minLength={STAFF_PASSWORD_MIN}
          maxLength={200}
          autoComplete="new-password"
          hint={T.password_hint}
        />
        <TextField label={T.reason} name="reason" required minLength={3} maxLength={500} />
        <div className="sm:col-span-2">
          <RoleBoxes legend={T.roles} checked={[]} idPrefix="new-role" />
        </div>
        {error && (
          <FormMessage tone="danger" className="sm:col-span-2">
            {error}
          </FormMessage>
        )}
        {created && (
          <p role="status" className="font-semibold sm:col-span-2">
            {T.created(created.email)}
          </p>
        )}
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          {T.create}
        </button>
      </form>
    </section>
  );
}

function ChangeAccount({ account }: { account: StaffAccountRow }) {
  const me = useStore($me);
  const roles = useForm(rolesForm);
  const status = useForm(statusForm);
  const reset = useForm(resetForm);
  const self = me?.id === account.id;
  const error = roles.error ?? status.error ?? reset.error;
  const busy = roles.busy || status.busy || reset.busy;
  const nextStatus = account.status === 'active' ? 'disabled' : 'active';
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="change-staff-heading">
      <div className="flex items-start justify-between gap-3">
        <h2 id="change-staff-heading" className="text-lg font-bold">
          {T.edit_title(account.name)}
        </h2>
        <button type="button" className="btn btn-outline" onClick={() => edit(null)}>
          {T.close}
        </button>
      </div>
      {self && <p className="text-sm text-ink-muted">{T.self_note}</p>}
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = event.nativeEvent.submitter?.getAttribute('value');
          const reason = field(event, 'reason');
          clearOutcomes();
          if (submitter === 'roles') void rolesForm.submit(account.id, chosenRoles(event), reason);
          else if (submitter === 'status') void statusForm.submit(account.id, nextStatus, reason);
          else if (submitter === 'reset')
            void resetForm.submit(account.id, new FormData(event.currentTarget).get('passkeys') === 'on', reason);
        }}
      >
        <RoleBoxes legend={T.roles} checked={account.roles} idPrefix={`role-${account.id}`} />
        <TextField label={T.reason} name="reason" required minLength={3} maxLength={500} />
        <label htmlFor="reset-passkeys" className="flex items-center gap-2">
          <input id="reset-passkeys" type="checkbox" name="passkeys" className="size-5" />
          {T.reset_passkeys}
        </label>
        {error && <FormMessage tone="danger">{error}</FormMessage>}
        {roles.done && <p role="status">{T.roles_saved}</p>}
        {status.done && <p role="status">{T.status_saved(T[account.status])}</p>}
        {reset.done && <p role="status">{T.reset_done}</p>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="action" value="roles" className="btn btn-primary" disabled={busy}>
            {T.save_roles}
          </button>
          <button type="submit" name="action" value="status" className="btn btn-outline" disabled={busy || self}>
            {nextStatus === 'disabled' ? T.disable : T.enable}
          </button>
          <button type="submit" name="action" value="reset" className="btn btn-outline" disabled={busy || self}>
            {T.reset}
          </button>
        </div>
      </form>
    </section>
  );
}

export default function TeamSection() {
  const accounts = useStore($accounts);
  const editing = useStore($editing);
  const me = useStore($me);
  const reauth = useStore($reauthNeeded);
  const load = useForm(loadAccountsForm);
  useEffect(() => {
    void loadAccountsForm.submit();
  }, []);
  const open = accounts?.find((account) => account.id === editing);
  return (
    <section className="flex flex-col gap-5" aria-labelledby="team-heading">
      <Heading>
        <span id="team-heading">{T.title}</span>
      </Heading>
      <p>{T.intro}</p>
      {load.error && <Alert tone="danger">{load.error}</Alert>}
      {reauth && <ReauthForm />}
      {open && <ChangeAccount key={open.id} account={open} />}
      {accounts && (
        <div className="flex flex-col gap-2">
          <h2 id="staff-list-heading" className="text-lg font-bold">
            {T.list}
          </h2>
          <Table
            labelledBy="staff-list-heading"
            columns={[T.name, T.email, T.roles, T.status, T.second_factor, T.last_login]}
          >
            {accounts.map((account) => (
              <tr key={account.id} className="border-t border-line">
                <td className="p-2">
                  <button
                    type="button"
                    className="link text-left"
                    aria-label={T.manage(account.name)}
                    onClick={() => edit(account.id)}
                  >
                    {account.name}
                  </button>{' '}
                  {me?.id === account.id && <span className="text-ink-muted">{T.you}</span>}
                </td>
                <td className="p-2">{account.email}</td>
                <td className="p-2">{account.roles.map((role) => T.role_names[role]).join(', ')}</td>
                <td className="p-2">{T[account.status]}</td>
                <td className="p-2">
                  {[account.totp_enrolled ? T.app_enrolled : T.app_missing, T.passkeys(account.passkeys)].join(' · ')}
                </td>
                <td className="p-2 whitespace-nowrap">{when(account.last_login_at) || T.never}</td>
              </tr>
            ))}
          </Table>
        </div>
      )}
      <NewAccount />
    </section>
  );
}

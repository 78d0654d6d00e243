/**
 * The member page's further parts (docs/staff.md "Members"): the photos in every status, the
 * conversations (messages only after a written reason), staff notes, and the actions resend
 * activation, data export and deletion. Each shows for the roles its calls allow; the server
 * checks every role again.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { MEMBER_MODERATORS, type StaffMemberPage } from '#src/contract/staff.ts';
import { MEMBER_ADMINS, NOTE_MAX, READ_REASON_MIN } from '#src/contract/staff-members.ts';
import { Alert, FormMessage, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { MoreButton, ReauthForm, Table, field } from '../console-ui.tsx';
import { $me, $reauthNeeded } from '../session-store.ts';
import { TEXT } from '../texts.ts';
import { MEMBER_PAGE_TEXT as T, fill } from './member-page-texts.ts';
import {
  $actionDone,
  $extras,
  $reading,
  activationMailForm,
  askToRead,
  closeConversation,
  deleteForm,
  exportForm,
  loadExtrasForm,
  moreConversationsForm,
  noteForm,
  readForm,
  type MemberExtras as Extras,
} from './member-page-store.ts';

function Photos({ photos }: { photos: NonNullable<Extras['photos']> }) {
  return (
    <section aria-labelledby="member-photos">
      <h2 id="member-photos" className="text-lg font-bold">
        {T.photos}
      </h2>
      {photos.length === 0 ? (
        <p className="text-ink-muted">{TEXT.none}</p>
      ) : (
        <ul className="flex flex-wrap gap-3" data-testid="member-photos">
          {photos.map((photo) => (
            <li key={photo.id} className="flex w-28 flex-col gap-1 text-sm">
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.thumb_url}
                  alt={fill(T.photo_alt, { id: photo.id, status: photo.status })}
                  className="h-28 w-28 rounded object-cover"
                  loading="lazy"
                />
              </a>
              <span>
                {photo.status}
                {photo.reject_reason ? ` (${photo.reject_reason})` : ''}
                {photo.main ? ` · ${T.photo_main}` : ''}
                {photo.premium ? ` · ${T.photo_premium}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReadForm() {
  const { busy, error } = useForm(readForm);
  return (
    <form
      className="card flex flex-col gap-2 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void readForm.submit(field(event, 'reason'));
      }}
    >
      <p className="text-sm text-ink-muted">{T.read_intro}</p>
      <TextField label={T.read_reason} name="reason" required minLength={READ_REASON_MIN} maxLength={500} />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {T.read_submit}
        </button>
        <button type="button" className="btn btn-outline" onClick={closeConversation}>
          {T.close}
        </button>
      </div>
    </form>
  );
}

function Messages() {
  const reading = useStore($reading);
  const { busy } = useForm(readForm);
  const open = reading?.open;
  if (!open) return null;
  return (
    <section className="card flex flex-col gap-2 p-4" aria-labelledby="member-messages">
      <h3 id="member-messages" className="font-bold">
        {fill(T.messages_of, { name: open.conversation.partner.name })}
      </h3>
      <ol className="flex flex-col gap-1 text-sm" data-testid="conversation-messages">
        {open.messages.map((message) => (
          <li key={message.id}>
            <span className="font-semibold">{message.from === 'member' ? T.from_member : T.from_partner}</span>{' '}
            <span className="text-ink-muted">{message.sent_at.slice(0, 16).replace('T', ' ')}</span>{' '}
            {message.photo ? (
              <a href={message.photo.url} target="_blank" rel="noreferrer" className="mt-1 block w-fit">
                <img
                  src={message.photo.thumb_url}
                  alt={fill(T.message_photo_alt, {
                    from: message.from === 'member' ? T.from_member : T.from_partner,
                    when: message.sent_at.slice(0, 16).replace('T', ' '),
                  })}
                  className="max-h-40 rounded-lg border border-line"
                  loading="lazy"
                />
              </a>
            ) : (
              (message.text ?? `[${message.kind}${message.item ? `: ${message.item}` : ''}]`)
            )}
          </li>
        ))}
      </ol>
      <div className="flex gap-2">
        {open.next !== null && (
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => void readForm.submit(open.reason, true)}
          >
            {T.older_messages}
          </button>
        )}
        <button type="button" className="btn btn-outline" onClick={closeConversation}>
          {T.close}
        </button>
      </div>
    </section>
  );
}

function Conversations({ conversations }: { conversations: NonNullable<Extras['conversations']> }) {
  const reading = useStore($reading);
  return (
    <section className="flex flex-col gap-2">
      <h2 id="member-conversations" className="text-lg font-bold">
        {T.conversations}
      </h2>
      {conversations.list.length === 0 ? (
        <p className="text-ink-muted">{TEXT.none}</p>
      ) : (
        <Table
          columns={[T.col_partner, T.col_last_activity, T.col_messages, T.col_open]}
          labelledBy="member-conversations"
        >
          {conversations.list.map((conversation) => (
            <tr key={conversation.id} className="border-t border-line">
              <td className="p-2">
                {conversation.partner.name}{' '}
                <span className="text-ink-muted">
                  {conversation.partner.type === 'fictional'
                    ? `(${T.chat_pal})`
                    : conversation.partner.account_id !== null
                      ? `#${conversation.partner.account_id}`
                      : ''}
                </span>
              </td>
              <td className="p-2">{conversation.last_message_at.slice(0, 16).replace('T', ' ')}</td>
              <td className="p-2">{conversation.messages}</td>
              <td className="p-2">
                <button
                  type="button"
                  className="link"
                  aria-label={`${T.read}: ${conversation.partner.name}`}
                  onClick={() => askToRead(conversation.id)}
                >
                  {T.read}
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <MoreButton form={moreConversationsForm} next={conversations.next === null ? null : 0} />
      {reading && !reading.open && <ReadForm />}
      <Messages />
    </section>
  );
}

/** The staff notes: a new one on top, then the earlier ones. */
function Notes({ notes }: { notes: Extras['notes'] }) {
  const { busy, error } = useForm(noteForm);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="member-notes">
      <h2 id="member-notes" className="text-lg font-bold">
        {T.notes}
      </h2>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          void noteForm.submit(field(event, 'note')).then(() => form.reset());
        }}
      >
        <TextField label={T.note_text} name="note" required minLength={3} maxLength={NOTE_MAX} />
        {error && <FormMessage tone="danger">{error}</FormMessage>}
        <button type="submit" className="btn btn-outline self-start" disabled={busy}>
          {T.note_add}
        </button>
      </form>
      {notes.length === 0 ? (
        <p className="text-ink-muted">{TEXT.none}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm" data-testid="member-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <span className="text-ink-muted">
                {note.at.slice(0, 16).replace('T', ' ')} · {note.staff_email}
              </span>{' '}
              {note.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReasonAction({
  form,
  id,
  label,
  intro,
}: {
  form: typeof activationMailForm;
  id: number;
  label: string;
  intro?: string;
}) {
  const { busy, error } = useForm(form);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(id, field(event, 'reason'));
      }}
    >
      {intro && <p className="text-sm text-ink-muted">{intro}</p>}
      <TextField label={`${label}: ${TEXT.reason}`} name="reason" required minLength={3} maxLength={500} />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-outline self-start" disabled={busy}>
        {label}
      </button>
    </form>
  );
}

const DONE: Record<string, string> = {
  activation: T.done_activation,
  export: T.done_export,
  delete: T.done_delete,
};

function AccountActions({ page, moderates, admin }: { page: StaffMemberPage; moderates: boolean; admin: boolean }) {
  const reauth = useStore($reauthNeeded);
  const done = useStore($actionDone);
  const { member } = page;
  const deletable = member.status === 'confirmed' || member.status === 'not_confirmed';
  const activation = moderates && member.status === 'not_confirmed';
  if (!activation && !admin) return null;
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-bold">{T.account_actions}</h2>
      {done && <Alert tone="success">{DONE[done]}</Alert>}
      {admin && reauth && <ReauthForm />}
      <div className="grid gap-4 sm:grid-cols-2">
        {activation && <ReasonAction form={activationMailForm} id={member.id} label={T.activation_mail} />}
        {admin && member.status !== 'purged' && <ReasonAction form={exportForm} id={member.id} label={T.export} />}
        {admin && deletable && (
          <ReasonAction form={deleteForm} id={member.id} label={T.delete} intro={T.delete_intro} />
        )}
      </div>
    </section>
  );
}

export default function MemberExtras({ page }: { page: StaffMemberPage }) {
  const me = useStore($me);
  const extras = useStore($extras);
  const { error } = useForm(loadExtrasForm);
  const roles: readonly string[] = me?.roles ?? [];
  const moderates = MEMBER_MODERATORS.some((role) => roles.includes(role));
  const admin = MEMBER_ADMINS.some((role) => roles.includes(role));
  const id = page.member.id;
  useEffect(() => {
    void loadExtrasForm.submit(id, moderates);
  }, [id, moderates]);
  return (
    <>
      <AccountActions page={page} moderates={moderates} admin={admin} />
      {error && <Alert tone="danger">{error}</Alert>}
      {extras?.id === id && (
        <>
          {extras.photos && <Photos photos={extras.photos} />}
          {extras.conversations && <Conversations conversations={extras.conversations} />}
          <Notes notes={extras.notes} />
        </>
      )}
    </>
  );
}

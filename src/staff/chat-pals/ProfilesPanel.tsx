/**
 * The chat pals' profiles (admins; docs/staff.md "Chat pals"): the chat pals of a site or all
 * with their operators, and the editor of one (or a new one): name, age, gender, whom they
 * seek, country, city, language, about-me text, shown or hidden, the site; its photos (added
 * through the photo pipeline, approved in the photo queue) and the operators who answer as it.
 * A chat pal is always fictional: the editor has no such switch and the server none either.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { ABOUT_ME_MAX } from '#src/contract/limits.ts';
import type { ChatPalDetail, ChatPalFields } from '#src/contract/staff-chat-pals.ts';
import { LOCALES } from '#src/lib/locales.ts';
import { FormMessage, SelectField, TextAreaField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { field, SiteOptions, Table } from '../console-ui.tsx';
import type { SectionProps } from '../sections.ts';
import {
  $chatPals,
  $editing,
  $site,
  chooseSite,
  closeEditor,
  listForm,
  moreForm,
  openForm,
  operatorsForm,
  photoForm,
  saveForm,
  startNew,
} from './chat-pals-store.ts';
import { CHAT_PALS_TEXT as T } from './texts.ts';

export function ProfilesPanel({ sites }: SectionProps) {
  const site = useStore($site);
  const list = useStore($chatPals);
  const editing = useStore($editing);
  const { error } = useForm(listForm);
  const id = useId();
  useEffect(() => {
    if (!$chatPals.get()) void listForm.submit();
  }, []);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label={T.site} value={site} onChange={(event) => chooseSite(event.target.value)}>
          <SiteOptions sites={sites} all={T.all_sites} />
        </SelectField>
        <button type="button" className="btn btn-primary" onClick={startNew}>
          {T.new_chat_pal}
        </button>
      </div>
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      {editing && <Editor key={editing === 'new' ? 'new' : editing.id} chatPal={editing} sites={sites} />}
      <section className="flex flex-col gap-2">
        <h2 id={`${id}-list`} className="text-lg font-bold">
          {T.profiles_title}
        </h2>
        {list && list.chatPals.length === 0 && <p>{T.empty}</p>}
        {list && list.chatPals.length > 0 && (
          <Table columns={T.columns} labelledBy={`${id}-list`}>
            {list.chatPals.map((chatPal) => (
              <tr key={chatPal.id} className="border-t border-line">
                <td className="p-2 font-semibold">{chatPal.name}</td>
                <td className="p-2">{chatPal.site}</td>
                <td className="p-2">{chatPal.age}</td>
                <td className="p-2">{chatPal.active ? T.yes : T.no}</td>
                <td className="p-2">{chatPal.operators.map((o) => o.name).join(', ') || T.none}</td>
                <td className="p-2">
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-label={T.editing(chatPal.name)}
                    onClick={() => void openForm.submit(chatPal.id)}
                  >
                    {T.edit}
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        )}
        {list?.next && <More />}
      </section>
    </div>
  );
}

function More() {
  const { busy } = useForm(moreForm);
  return (
    <button type="button" className="btn btn-outline self-start" disabled={busy} onClick={() => void moreForm.submit()}>
      {T.more}
    </button>
  );
}

function fieldsOf(event: SyntheticEvent<HTMLFormElement>): ChatPalFields {
  const seeking = field(event, 'seeking');
  const city = field(event, 'city');
  return {
    name: field(event, 'name'),
    age: Number(field(event, 'age')),
    gender: field(event, 'gender') === 'male' ? 'male' : 'female',
    seeking: seeking === 'male' || seeking === 'female' ? seeking : null,
    country: field(event, 'country').toUpperCase(),
    city: city === '' ? null : city,
    language: field(event, 'language') as ChatPalFields['language'],
    about_me: field(event, 'about_me'),
    active: new FormData(event.currentTarget).get('active') === 'on',
  };
}

function Editor({ chatPal, sites }: { chatPal: ChatPalDetail | 'new'; sites: SectionProps['sites'] }) {
  const existing = chatPal === 'new' ? null : chatPal;
  const { busy, error, done } = useForm(saveForm);
  const [about, setAbout] = useState(existing?.about_me ?? '');
  const id = useId();
  return (
    <section className="card flex flex-col gap-4 p-4" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {existing ? T.editing(existing.name) : T.new_chat_pal}
        </h2>
        <button type="button" className="btn btn-outline" onClick={closeEditor}>
          {T.cancel}
        </button>
      </div>
      <p className="text-sm text-ink-muted">{T.fictional_note}</p>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void saveForm.submit(field(event, 'site'), fieldsOf(event));
        }}
      >
        <SelectField label={T.site} name="site" defaultValue={existing?.site ?? sites[0]?.id ?? ''}>
          {sites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.brand}
            </option>
          ))}
        </SelectField>
        <TextField label={T.name} name="name" defaultValue={existing?.name ?? ''} required />
        <TextField
          label={T.age}
          name="age"
          type="number"
          min={18}
          max={99}
          defaultValue={existing?.age ?? 25}
          required
        />
        <SelectField label={T.gender} name="gender" defaultValue={existing?.gender ?? 'female'}>
          <option value="female">{T.female}</option>
          <option value="male">{T.male}</option>
        </SelectField>
        <SelectField label={T.seeking} name="seeking" defaultValue={existing?.seeking ?? 'male'}>
          <option value="male">{T.male}</option>
          <option value="female">{T.female}</option>
          <option value="">{T.seeking_none}</option>
        </SelectField>
        <TextField
          label={T.country}
          name="country"
          defaultValue={existing?.country ?? 'NL'}
          maxLength={2}
          autoComplete="off"
          required
        />
        <TextField label={T.city} name="city" defaultValue={existing?.city ?? ''} />
        <SelectField label={T.language} name="language" defaultValue={existing?.language ?? 'en'}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {locale}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          className="sm:col-span-2"
          label={T.about_me}
          name="about_me"
          value={about}
          maxLength={ABOUT_ME_MAX}
          rows={4}
          onChange={(event) => setAbout(event.target.value)}
        />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="active" className="size-5" defaultChecked={existing?.active ?? true} />
          {T.active}
        </label>
        <div className="flex flex-col gap-2 sm:col-span-2">
          {error && <FormMessage tone="danger">{error}</FormMessage>}
          {done && !error && <FormMessage tone="success">{T.saved}</FormMessage>}
          <button type="submit" className="btn btn-primary self-start" disabled={busy}>
            {existing ? T.save : T.create}
          </button>
        </div>
      </form>
      {existing && <Photos chatPal={existing} />}
      {existing && <Operators chatPal={existing} />}
    </section>
  );
}

function Photos({ chatPal }: { chatPal: ChatPalDetail }) {
  const { busy, error } = useForm(photoForm);
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-bold">{T.photos}</h3>
      {chatPal.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {chatPal.photos.map((photo) => (
            <li key={photo.id} className="flex flex-col items-center text-sm">
              <img src={photo.thumb_url} alt="" width={64} height={64} className="size-16 rounded object-cover" />
              {T.photo_status[photo.status]}
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const file = new FormData(event.currentTarget).get('photo');
          if (file instanceof Blob && file.size > 0) void photoForm.submit(chatPal.id, file);
        }}
      >
        <TextField label={T.photo_file} name="photo" type="file" accept="image/*" hint={T.photo_hint} required />
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {T.upload}
        </button>
      </form>
      {error && <FormMessage tone="danger">{error}</FormMessage>}
    </section>
  );
}

function Operators({ chatPal }: { chatPal: ChatPalDetail }) {
  const list = useStore($chatPals);
  const { busy, error, done } = useForm(operatorsForm);
  const assigned = new Set(chatPal.operators.map((o) => o.id));
  const operators = list?.operators ?? chatPal.operators;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = new FormData(event.currentTarget).getAll('operator').map(Number);
        void operatorsForm.submit(chatPal.id, chosen);
      }}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="font-bold">{T.operators}</legend>
        {operators.length === 0 && <p className="text-sm">{T.no_operators}</p>}
        {operators.map((operator) => (
          <label key={operator.id} className="flex items-center gap-2">
            <input
              type="checkbox"
              name="operator"
              value={operator.id}
              className="size-5"
              defaultChecked={assigned.has(operator.id)}
            />
            {operator.name} <span className="text-ink-muted">({operator.email})</span>
          </label>
        ))}
      </fieldset>
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      {done && !error && <FormMessage tone="success">{T.saved}</FormMessage>}
      <button type="submit" className="btn btn-outline self-start" disabled={busy || operators.length === 0}>
        {T.save_operators}
      </button>
    </form>
  );
}

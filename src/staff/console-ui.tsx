/**
 * The parts every back-office screen uses: the screen's focused heading, reading a form's
 * field, a titled list, a table with its 'Show more' button, and the fresh-second-factor
 * confirmation money actions ask for.
 */
import { useEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { Alert, FormMessage, TextField } from '#src/ui/fields.tsx';
import type { Form } from '#src/stores/form.ts';
import { useForm } from '#src/ui/use-form.ts';
import { PasskeyButton } from './PasskeyButton.tsx';
import { reauthForm, reauthPasskeyForm } from './session-store.ts';
import { TEXT } from './texts.ts';

/** A form's named text field, read when it is submitted. */
export function field(event: SyntheticEvent<HTMLFormElement>, name: string, trim = true): string {
  const value = new FormData(event.currentTarget).get(name);
  if (typeof value !== 'string') return '';
  return trim ? value.trim() : value;
}

/** The screen's heading, focused when the screen opens (keyboard and screen-reader users start there). */
export function Heading({ children, id }: { children: ReactNode; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="text-2xl font-bold outline-none">
      {children}
    </h1>
  );
}

export function List({ title, items }: { title: string; items: readonly string[] }) {
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

/** Shown when an action answered staff_reauth_required (session-store `askForReauth`). */
export function ReauthForm() {
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
      <PasskeyButton form={reauthPasskeyForm} />
      <TextField label={TEXT.totp_code} name="code" autoComplete="one-time-code" inputMode="numeric" required />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {TEXT.reauth_confirm}
      </button>
    </form>
  );
}

/**
 * A list as a table: the column headings, then the rows (`children`), scrolling sideways on a
 * phone. With `labelledBy` (the id of the list's heading) the scrolling box is a named region
 * that keyboard users can focus and scroll.
 */
export function Table({
  columns,
  labelledBy,
  children,
}: {
  columns: readonly string[];
  labelledBy?: string;
  children: ReactNode;
}) {
  const region = labelledBy ? { tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy } : {};
  return (
    <div className="overflow-x-auto" {...region}>
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col" className="p-2">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * 'Show more' (or `label`) under a paged list while it has a next page: submits `form`, with
 * `args` when its loader takes some (the list's filters, "append").
 */
export function MoreButton<Args extends unknown[] = []>({
  form,
  args,
  next,
  label,
}: {
  form: Form<Args, unknown>;
  args?: Args;
  next: number | string | null;
  label?: string;
}) {
  const { busy } = useForm(form);
  if (next === null) return null;
  return (
    <button
      type="button"
      className="btn btn-outline mt-3"
      disabled={busy}
      onClick={() => void form.submit(...((args ?? []) as Args))}
    >
      {label ?? TEXT.more}
    </button>
  );
}

/** A section's tabs: one button each, the shown one marked current. */
export function Tabs<Id extends string>({
  label,
  tabs,
  current,
  onChoose,
}: {
  label: string;
  tabs: readonly { id: Id; label: string }[];
  current: Id;
  onChoose: (id: Id) => void;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((candidate) => (
          <li key={candidate.id}>
            <button
              type="button"
              className={candidate.id === current ? 'btn btn-primary' : 'btn btn-outline'}
              aria-current={candidate.id === current ? 'page' : undefined}
              onClick={() => onChoose(candidate.id)}
            >
              {candidate.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The options of a site choice: all sites first (or `all`), then each site by its brand. */
export function SiteOptions({
  sites,
  all = TEXT.all_sites,
}: {
  sites: readonly { id: string; brand: string }[];
  all?: string;
}) {
  return (
    <>
      <option value="">{all}</option>
      {sites.map((site) => (
        <option key={site.id} value={site.id}>
          {site.brand}
        </option>
      ))}
    </>
  );
}

/**
 * "Roll up now" for the daily aggregates (`form` rolls them up), with when this screen last
 * rolled them up (UTC) or that they are as of the hourly roll-up, and the roll-up's error.
 */
export function RollUpBar({
  form,
  rolledUpAt,
  text,
}: {
  form: Form<[], unknown>;
  rolledUpAt: string | null;
  text: { roll_up: string; rolled_up: string; as_of: string };
}) {
  const { busy, error } = useForm(form);
  return (
    <>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void form.submit()}>
          {text.roll_up}
        </button>
        <p role="status">
          {rolledUpAt ? `${text.rolled_up} ${new Date(rolledUpAt).toISOString().slice(11, 16)} UTC.` : text.as_of}
        </p>
      </div>
      {error && <Alert tone="danger">{error}</Alert>}
    </>
  );
}

/** The end of a figures filter form: show the figures asked, or download them as CSV. */
export function ShowAndExport({
  busy,
  show,
  csvUrl,
  exportLabel,
}: {
  busy: boolean;
  show: string;
  csvUrl: string;
  exportLabel: string;
}) {
  return (
    <>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {show}
      </button>
      <a className="btn btn-outline" href={csvUrl} download>
        {exportLabel}
      </a>
    </>
  );
}

/** The Money section's tables: the column headings, and the button that loads the next page. */
import type { ReactNode } from 'react';
import type { Form } from '#src/stores/form.ts';
import { useForm } from '#src/ui/use-form.ts';
import { MONEY_TEXT as T } from './texts.ts';

/** A scrollable table with one row of column headings (`extra`: a last heading of its own). */
export function MoneyTable({
  labels,
  extra,
  children,
}: {
  labels: readonly string[];
  extra?: string;
  children: ReactNode;
}) {
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr>
          {[...labels, ...(extra ? [extra] : [])].map((label) => (
            <th key={label} scope="col" className="p-2">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** "Show more" while the list has a next page. */
export function MoreButton({ form, next }: { form: Form<[], void>; next: number | null }) {
  const { busy } = useForm(form);
  if (next === null) return null;
  return (
    <button type="button" className="btn btn-outline mt-3" disabled={busy} onClick={() => void form.submit()}>
      {T.more}
    </button>
  );
}

/** Date of birth as three selects (day, month, year); the value is YYYY-MM-DD or ''. */
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_AGE } from '#src/lib/constants.ts';
import { formatDate } from '#src/lib/dates.ts';
import { FieldMessage } from './fields.tsx';

const OLDEST_AGE = 100;
const selectClass =
  'block min-h-12 w-full min-w-0 flex-1 rounded-2xl border border-line bg-surface px-3 py-2.5 text-base text-ink aria-invalid:border-danger';

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  dayRef?: (element: HTMLSelectElement | null) => void;
  /** The current year; injected by tests. */
  thisYear?: number;
  /** The texts, from the island's own namespace (signup's or the profile's). */
  labels: { legend: string; day: string; month: string; year: string };
}

function split(value: string): [string, string, string] {
  const [year = '', month = '', day = ''] = value.split('-');
  return [day, month, year];
}

const pad = (n: number) => String(n).padStart(2, '0');

export function DateOfBirthField({
  value,
  onChange,
  error,
  dayRef,
  thisYear = new Date().getFullYear(),
  labels,
}: Props) {
  const { i18n } = useTranslation();
  const id = useId();
  const [parts, setParts] = useState(() => split(value));
  const selects = [
    {
      part: 'day',
      autoComplete: 'bday-day',
      options: Array.from({ length: 31 }, (_, d) => ({ value: pad(d + 1), label: String(d + 1) })),
    },
    {
      part: 'month',
      autoComplete: 'bday-month',
      options: Array.from({ length: 12 }, (_, m) => ({
        value: pad(m + 1),
        label: formatDate(Date.UTC(2000, m, 1), 'month', i18n.language),
      })),
    },
    {
      part: 'year',
      autoComplete: 'bday-year',
      options: Array.from({ length: OLDEST_AGE - MIN_AGE + 1 }, (_, i) => String(thisYear - MIN_AGE - i)).map(
        (year) => ({ value: year, label: year }),
      ),
    },
  ] as const;

  function update(index: number, next: string) {
    const updated: [string, string, string] = [...parts];
    updated[index] = next;
    setParts(updated);
    const [day, month, year] = updated;
    onChange(day && month && year ? `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` : '');
  }

  return (
    <fieldset>
      <legend className="mb-1.5 font-semibold">{labels.legend}</legend>
      <div className="flex gap-2">
        {selects.map(({ part, autoComplete, options }, index) => (
          <Fragment key={part}>
            <label className="sr-only" htmlFor={`${id}-${part}`}>
              {labels[part]}
            </label>
            <select
              id={`${id}-${part}`}
              name={`dob_${part}`}
              ref={part === 'day' ? dayRef : undefined}
              className={selectClass}
              value={parts[index]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              autoComplete={autoComplete}
              onChange={(e) => update(index, e.target.value)}
            >
              <option value="">{labels[part]}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Fragment>
        ))}
      </div>
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}

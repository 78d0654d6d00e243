/** Date of birth as three selects (day, month, year); the value is YYYY-MM-DD or ''. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_AGE } from '#src/lib/constants.ts';
import { FieldMessage } from '#src/ui/fields.tsx';

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
  /** Texts for islands without the auth namespace (the members island); signup's by default. */
  labels?: { legend: string; day: string; month: string; year: string } | undefined;
}

function split(value: string): [string, string, string] {
  const [year = '', month = '', day = ''] = value.split('-');
  return [day, month, year];
}

export function DateOfBirthField({
  value,
  onChange,
  error,
  dayRef,
  thisYear = new Date().getFullYear(),
  labels,
}: Props) {
  const { t, i18n } = useTranslation();
  const text = labels ?? {
    legend: t('auth.signup.date_of_birth'),
    day: t('auth.signup.day'),
    month: t('auth.signup.month'),
    year: t('auth.signup.year'),
  };
  const id = useId();
  const [parts, setParts] = useState(() => split(value));
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, m) => monthName.format(new Date(Date.UTC(2000, m, 1))));
  const years = Array.from({ length: OLDEST_AGE - MIN_AGE + 1 }, (_, i) => thisYear - MIN_AGE - i);

  function update(index: 0 | 1 | 2, next: string) {
    const updated: [string, string, string] = [...parts];
    updated[index] = next;
    setParts(updated);
    const [day, month, year] = updated;
    onChange(day && month && year ? `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` : '');
  }

  const invalid = error ? true : undefined;
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <fieldset>
      <legend className="mb-1.5 font-semibold">{text.legend}</legend>
      <div className="flex gap-2">
        <label className="sr-only" htmlFor={`${id}-day`}>
          {text.day}
        </label>
        <select
          id={`${id}-day`}
          name="dob_day"
          ref={dayRef}
          className={selectClass}
          value={parts[0]}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          autoComplete="bday-day"
          onChange={(e) => update(0, e.target.value)}
        >
          <option value="">{text.day}</option>
          {Array.from({ length: 31 }, (_, d) => (
            <option key={d} value={String(d + 1).padStart(2, '0')}>
              {d + 1}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={`${id}-month`}>
          {text.month}
        </label>
        <select
          id={`${id}-month`}
          name="dob_month"
          className={selectClass}
          value={parts[1]}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          autoComplete="bday-month"
          onChange={(e) => update(1, e.target.value)}
        >
          <option value="">{text.month}</option>
          {months.map((name, m) => (
            <option key={name} value={String(m + 1).padStart(2, '0')}>
              {name}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={`${id}-year`}>
          {text.year}
        </label>
        <select
          id={`${id}-year`}
          name="dob_year"
          className={selectClass}
          value={parts[2]}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          autoComplete="bday-year"
          onChange={(e) => update(2, e.target.value)}
        >
          <option value="">{text.year}</option>
          {years.map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}

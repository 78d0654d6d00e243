/**
 * The payment methods of the credits screens: a method's name in the member's language, and
 * the method list with its context menu.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentMethodInfo } from '#src/contract/billing.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import { methodName } from './pricing.ts';

/** A method's name in the member's language. */
export function useMethodName(): (method: PaymentMethod) => string {
  const { t } = useTranslation();
  return (method) => {
    const name = methodName(method);
    return 'brand' in name ? name.brand : t(name.key);
  };
}

/**
 * The payment method list with a context menu (SPEC §2.6, §2.7 'Credits'): a button naming the
 * chosen method opens the menu of the country's methods; choosing one closes it.
 */
export function MethodMenu({
  methods,
  value,
  storedLabel,
  onChoose,
}: {
  methods: readonly PaymentMethodInfo[];
  value: PaymentMethod;
  /** The stored method's label (e.g. 'Visa •••• 4242') when `value` is the stored method. */
  storedLabel: string | null;
  onChoose: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  const name = useMethodName();
  const id = useId();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const fee = (info: PaymentMethodInfo) =>
    info.fee_percent > 0 ? t('credits.method_fee', { percent: info.fee_percent }) : null;
  const current = methods.find((m) => m.key === value);
  return (
    <div ref={ref} className="relative">
      <p id={`${id}-label`} className="mb-1 text-sm font-semibold text-ink-muted">
        {t('credits.method_label')}
      </p>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-describedby={`${id}-label`}
        onClick={() => setOpen(!open)}
        className="flex min-h-12 w-full items-center gap-3 rounded-2xl border border-line bg-surface px-4 text-left font-semibold hover:border-primary-ink"
      >
        <LineIcon name="coins" className="size-5 shrink-0 text-primary-ink" />
        <span className="min-w-0 flex-1 truncate">
          {name(value)}
          {storedLabel && <span className="ml-2 text-sm font-normal text-ink-muted">{storedLabel}</span>}
        </span>
        {current && fee(current) && <span className="text-xs text-ink-muted">{fee(current)}</span>}
        <span aria-hidden="true" className="text-ink-muted">
          ▾
        </span>
      </button>
      {open && (
        <ul
          id={`${id}-menu`}
          role="menu"
          aria-label={t('credits.method_menu')}
          className="absolute right-0 left-0 z-20 mt-2 max-h-[min(22rem,60dvh)] overflow-auto rounded-2xl border border-line bg-surface p-1.5 elevation-3"
        >
          {methods.map((info) => (
            <li key={info.key} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={info.key === value}
                onClick={() => {
                  onChoose(info.key);
                  setOpen(false);
                }}
                className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left text-sm font-semibold hover:bg-ink-soft aria-checked:bg-primary-soft aria-checked:text-primary-ink"
              >
                <span className="flex-1">{name(info.key)}</span>
                {fee(info) && <span className="text-xs font-normal text-ink-muted">{fee(info)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

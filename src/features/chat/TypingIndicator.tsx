/** '{name} is typing…' with three dots, while the other side types (a polite live region). */
import { useTranslation } from 'react-i18next';

export default function TypingIndicator({ name, visible }: { name: string; visible: boolean }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      aria-live="polite"
      className="min-h-6 px-4 text-sm text-ink-muted"
      data-typing={visible || undefined}
    >
      {visible && (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-flex gap-0.5">
            <span className="size-1.5 animate-bounce rounded-full bg-ink-muted [animation-delay:-0.3s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-ink-muted [animation-delay:-0.15s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-ink-muted" />
          </span>
          {t('chat.typing', { name })}
        </span>
      )}
    </p>
  );
}

/**
 * The members app's error page (SPEC §8 'Generic error page'): when a screen throws while it
 * renders (or its chunk cannot load and the reload rule of chunk-reload.ts allows no reload), the member
 * sees the message and the status code (500 and 'Error' by default) with a way to load the
 * page again, instead of a blank page. If the error page itself fails, a plain line says so
 * ('An error occurred while showing the error page'). Each error is reported.
 */
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface BoundaryProps {
  /** What shows instead of the children after an error. */
  fallback: (error: unknown) => ReactNode;
  /** A new key (e.g. the route) clears the error: another screen may work. */
  resetKey?: string | null;
  /** Reports the error (the stores' `environment().report`, passed in: this loads before them). */
  onError: (error: unknown) => void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: string | null | undefined;
}

export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** The status and message an error carries (an API error has both), else 500 and 'Error'. */
export function errorDetails(error: unknown, fallbackMessage: string): { status: number; message: string } {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  return {
    status: typeof status === 'number' && status >= 400 && status < 600 ? status : 500,
    message: typeof message === 'string' && message.trim() ? message : fallbackMessage,
  };
}

export function ErrorPage({ error, onReload }: { error: unknown; onReload: () => void }) {
  const { t } = useTranslation();
  const { status, message } = errorDetails(error, t('errors.error'));
  return (
    <section role="alert" className="card mx-auto my-8 max-w-lg p-6 text-center sm:p-8">
      <p className="text-sm font-semibold text-ink-muted">{t('errors.status', { status })}</p>
      <h1 className="mt-2 text-xl font-bold">{t('errors.generic')}</h1>
      <p className="mt-2 break-words text-ink-muted">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={onReload}>
          {t('members.reload')}
        </button>
        <a href="/members" className="btn btn-outline">
          {t('nav.search_members')}
        </a>
      </div>
    </section>
  );
}

/**
 * The error page inside a boundary of its own: should the page fail too, `failedText`
 * (translated beforehand by the caller) is all that shows.
 */
export function MembersErrorBoundary({
  resetKey,
  failedText,
  onError,
  onReload = () => window.location.reload(),
  children,
}: {
  resetKey?: string | null;
  failedText: string;
  onError: (error: unknown) => void;
  onReload?: () => void;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      onError={onError}
      fallback={(error) => (
        <ErrorBoundary
          onError={onError}
          fallback={() => (
            <p role="alert" className="p-8 text-center text-danger">
              {failedText}
            </p>
          )}
        >
          <ErrorPage error={error} onReload={onReload} />
        </ErrorBoundary>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

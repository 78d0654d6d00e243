/**
 * How the signup flow is presented (SPEC §2.6): a full page on smartphones, a modal dialog
 * elsewhere. While signup is in progress the modal cannot be closed by the backdrop or
 * Esc; when it may be closed, closing returns to the previous page or to '/'. Once the
 * account exists the member is logged in: the page's static header shows it (TopNav.astro
 * reads `html[data-member]`).
 */
import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $signup, isClosable, isLoggedInStep } from './signup-state.ts';
import { useIsSmartphone } from './hooks.ts';
import { environment } from '#src/stores/environment.ts';

/** Back to where the visitor came from on this site, else home. */
export function leaveSignup(): void {
  const sameSite = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  if (sameSite && window.history.length > 1) window.history.back();
  else environment().navigate('/');
}

export function SignupShell({
  presentation,
  children,
}: {
  presentation: 'auto' | 'page';
  children: (titleId: string) => ReactNode;
}) {
  const smartphone = useIsSmartphone();
  const titleId = useId();
  const loggedIn = isLoggedInStep(useStore($signup));
  useEffect(() => {
    if (loggedIn) document.documentElement.dataset['member'] = '1';
  }, [loggedIn]);
  if (presentation === 'page' || smartphone)
    return (
      <div className="mx-auto w-full max-w-xl px-3 py-6 sm:py-8">
        <div className="card bg-surface p-5 text-ink elevation-2 sm:p-8">{children(titleId)}</div>
      </div>
    );
  return <SignupDialog titleId={titleId}>{children(titleId)}</SignupDialog>;
}

function SignupDialog({ titleId, children }: { titleId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const state = useStore($signup);
  const closable = isClosable(state);
  const dialog = useRef<HTMLDialogElement>(null);
  const closableRef = useRef(closable);
  useEffect(() => {
    closableRef.current = closable;
  }, [closable]);

  // Opens after the static site-entry warning was answered, so that one stays on top.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const warning = document.querySelector<HTMLDialogElement>('dialog#site-entry-warning');
    const open = () => {
      if (element.open) return;
      element.showModal();
      // Start at the title, not on the close button, so the form reads from the top.
      document.getElementById(titleId)?.focus();
    };
    if (warning?.open) {
      warning.addEventListener('close', open, { once: true });
      return () => warning.removeEventListener('close', open);
    }
    open();
    return undefined;
  }, [titleId]);

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // Esc: never closes while signup is in progress.
    if (!closableRef.current) event.preventDefault();
  }

  function onClose() {
    // Chrome lets a repeated Esc close a dialog despite preventDefault: reopen it then.
    if (!closableRef.current) dialog.current?.showModal();
    else leaveSignup();
  }

  function onBackdrop(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === dialog.current && closableRef.current) dialog.current.close();
  }

  return (
    // The backdrop click is a pointer shortcut; the close button and Esc do the same by keyboard.
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onBackdrop}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] overflow-auto rounded-3xl border border-line bg-surface p-0 text-ink elevation-3"
    >
      <div className="relative p-5 sm:p-8">
        {closable && (
          <button
            type="button"
            className="absolute top-3 right-3 grid size-10 place-items-center rounded-full text-ink-muted hover:bg-ink-soft hover:text-ink"
            aria-label={t('auth.signup.close')}
            onClick={() => dialog.current?.close()}
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        )}
        {children}
      </div>
    </dialog>
  );
}

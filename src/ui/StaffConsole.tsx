/**
 * The frame of a staff console island (the moderation console, the operator inbox): the header
 * with the site's brand and, once logged in, who is signed in with a logout button; then the
 * session's states: loading, an error, a guest asked to log in, a member without one of
 * `roles` told there is no access, and for staff the console itself (`children`). The texts
 * come from the console's own namespace. The server checks the role on every call regardless.
 */
import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import { logoutForm } from '#src/stores/account.ts';
import { $session, loadSession } from '#src/stores/session.ts';
import BrandLink from './BrandLink.tsx';
import { useForm } from './use-form.ts';

interface Props {
  /** The namespace of the console's texts (signed_in_as, try_later, loading, title, …). */
  namespace: 'moderation' | 'operator';
  /** The roles that may use the console. */
  roles: readonly string[];
  /** The site's brand: the header's home link is named by it. */
  brand: string;
  /** The site's logo (inline SVG markup, decorative); the brand name when null. */
  logo: string | null;
  /** The header's width: the console's own (e.g. 'max-w-7xl'). */
  width?: string;
  children: ReactNode;
}

export default function StaffConsole({ namespace, roles, brand, logo, width = 'max-w-6xl', children }: Props) {
  const session = useStore($session);
  return (
    <>
      <header className="border-b border-line bg-surface">
        <div
          className={`mx-auto flex ${width} flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6`}
        >
          <BrandLink brand={brand} logo={logo} size="h-7" />
          {session.status === 'member' && <SignedIn user={session.user} namespace={namespace} />}
        </div>
      </header>
      <ConsoleRoot namespace={namespace} roles={roles}>
        {children}
      </ConsoleRoot>
    </>
  );
}

function SignedIn({ user, namespace }: { user: CurrentUser; namespace: Props['namespace'] }) {
  const { t } = useTranslation();
  const { busy, error } = useForm(logoutForm);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      <p className="min-w-0 text-sm leading-tight">
        <span className="block truncate font-semibold">{t(`${namespace}.signed_in_as`, { name: user.name })}</span>
        <span className="block truncate text-ink-muted">{user.email}</span>
      </p>
      <button
        type="button"
        className="btn btn-outline min-h-10 px-4"
        disabled={busy}
        onClick={() => void logoutForm.submit()}
      >
        {t('nav.logout')}
      </button>
      {/* The consoles' catalogues carry their own 'try later', not the members' error texts. */}
      {error !== null && (
        <p role="alert" className="w-full text-sm text-danger">
          {t(`${namespace}.try_later`)}
        </p>
      )}
    </div>
  );
}

function ConsoleRoot({ namespace, roles, children }: Pick<Props, 'namespace' | 'roles'> & { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useStore($session);
  useEffect(() => {
    void loadSession({ cookies: document.cookie });
  }, []);

  if (session.status === 'loading') {
    return (
      <p role="status" className="p-12 text-center text-ink-muted">
        {t(`${namespace}.loading`)}
      </p>
    );
  }
  if (session.status === 'error') {
    return (
      <p role="alert" className="p-8 text-center text-danger">
        {t(`${namespace}.try_later`)}
      </p>
    );
  }
  if (session.status === 'guest') {
    return (
      <Notice title={t(`${namespace}.title`)} text={t(`${namespace}.login_required`)}>
        <a href="/login" className="btn btn-primary">
          {t(`${namespace}.log_in`)}
        </a>
      </Notice>
    );
  }
  if (!roles.includes(session.user.role)) {
    return (
      <Notice title={t(`${namespace}.no_access_title`)} text={t(`${namespace}.no_access_text`)}>
        <a href="/members" className="btn btn-outline">
          {t(`${namespace}.back_to_members`)}
        </a>
      </Notice>
    );
  }
  return children;
}

function Notice({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-12 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>{text}</p>
      {children}
    </div>
  );
}

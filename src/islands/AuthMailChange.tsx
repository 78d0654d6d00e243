/**
 * E-mail change confirmation (SPEC §2.7, §4): /mail-change/do reads ?token=, confirms the
 * change once on mount and shows the new address, or that the link is not valid. The old
 * address's undo link lands here too: it shows the restored address.
 */
import '#src/styles/islands.css';
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuthIslandProps } from '#src/features/auth/catalogue.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { Alert } from '#src/ui/fields.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import {
  $changedEmail,
  $mailChangeLinkInvalid,
  $mailChangeUndone,
  mailChangeForm,
} from '#src/features/auth/mail-change-store.ts';
import { isWellFormedToken } from '#src/features/auth/password-reset-store.ts';
import { useQueryParam } from '#src/features/auth/hooks.ts';

export default function AuthMailChange({ locale, catalogue }: AuthIslandProps) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <MailChange />
    </IslandI18n>
  );
}

function MailChange() {
  const { t } = useTranslation();
  // Mounted client-only: the token is there on the first render.
  const token = useQueryParam('token');
  const { error } = useForm(mailChangeForm);
  const email = useStore($changedEmail);
  const undone = useStore($mailChangeUndone);
  const linkInvalid = useStore($mailChangeLinkInvalid) || !isWellFormedToken(token);

  useEffect(() => {
    // Once for the page's token: the form ignores a repeated submit while busy or done.
    if (isWellFormedToken(token)) void mailChangeForm.submit(token);
  }, [token]);

  if (linkInvalid) return <Alert tone="danger">{t('auth.mail_change.link_invalid')}</Alert>;
  if (error) return <Alert tone="danger">{error}</Alert>;
  if (email === null) return <Spinner label={t('auth.mail_change.working')} />;
  return (
    <div className="flex flex-col gap-5">
      <Alert tone="success">
        <Trans
          i18nKey={undone ? 'auth.mail_change.undone' : 'auth.mail_change.done'}
          values={{ email }}
          components={{ email: <strong className="break-all" /> }}
        />
      </Alert>
      <a href="/notifications" className="btn btn-primary w-full">
        {t('auth.mail_change.to_settings')}
      </a>
    </div>
  );
}

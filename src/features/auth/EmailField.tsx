/** The e-mail address field of the auth forms (login, signup, password reset). */
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '#src/ui/fields.tsx';

type Props = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'name' | 'inputMode' | 'autoComplete'> & {
  /** 'username' on the login (password managers fill it), 'email' where an address is given. */
  autoComplete: 'username' | 'email';
};

export function EmailField(props: Props) {
  const { t } = useTranslation();
  return <TextField {...props} label={t('auth.email')} type="email" name="email" inputMode="email" required />;
}

/**
 * /complaints (SPEC §2.7 'Complaints'): the complaints form for visitors and members, driven
 * by complaints-store.ts. Once sent it shows the reference and when we answer. `?order=` and
 * `?member=` in the address fill in the order number and the profile id.
 */
import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import {
  COMPLAINT_ANSWER_DAYS,
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_DESCRIPTION_MIN,
  COMPLAINT_TOPICS,
} from '#src/contract/complaints.ts';
import { useForm } from '#src/ui/use-form.ts';
import { Alert, FormMessage, SelectField, TextAreaField, TextField } from '#src/ui/fields.tsx';
import { createComplaintStore, isComplaintTopic } from './complaints-store.ts';

interface Props {
  /** The sender is logged in: the e-mail address may stay empty. */
  member: boolean;
  search: Record<string, string>;
}

export default function ComplaintsScreen({ member, search }: Props) {
  const { t } = useTranslation();
  const order = search['order'] ?? '';
  const profile = search['member'] ?? '';
  const store = useMemo(
    () => createComplaintStore({ member, initial: { order: order.slice(0, 40), member: profile.slice(0, 40) } }),
    [member, order, profile],
  );
  const fields = useStore(store.$fields);
  const reference = useStore(store.$reference);
  const { busy, error, errorField } = useForm(store.form);
  const fieldError = (name: string) => (errorField === name ? (error ?? undefined) : undefined);

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6 sm:px-0">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('complaints.title')}</h1>
      {reference ? (
        <div className="mt-6 space-y-4">
          <Alert tone="success">
            <p className="font-semibold">{t('complaints.sent_title')}</p>
            <p className="mt-2 break-words">{t('complaints.sent_reference', { reference })}</p>
            <p className="mt-2 font-normal">{t('complaints.sent_answer', { days: COMPLAINT_ANSWER_DAYS })}</p>
          </Alert>
          <button type="button" className="btn btn-outline" onClick={store.again}>
            {t('complaints.another')}
          </button>
        </div>
      ) : (
        <form
          className="mt-4 space-y-5"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void store.form.submit();
          }}
        >
          <p className="text-ink-muted">{t('complaints.intro')}</p>
          <SelectField
            label={t('complaints.topic_label')}
            value={fields.topic}
            error={fieldError('topic')}
            required
            onChange={(event) => {
              const value = event.target.value;
              store.set('topic', isComplaintTopic(value) ? value : '');
            }}
          >
            <option value="">{t('complaints.topic_choose')}</option>
            {COMPLAINT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`complaints.topics.${topic}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('complaints.order_label')}
            hint={t('complaints.order_hint')}
            value={fields.order}
            maxLength={40}
            autoComplete="off"
            error={fieldError('order')}
            onChange={(event) => store.set('order', event.target.value)}
          />
          <TextField
            label={t('complaints.member_label')}
            hint={t('complaints.member_hint')}
            value={fields.member}
            maxLength={40}
            autoComplete="off"
            error={fieldError('member')}
            onChange={(event) => store.set('member', event.target.value)}
          />
          <div>
            <TextAreaField
              label={t('complaints.description_label')}
              value={fields.description}
              maxLength={COMPLAINT_DESCRIPTION_MAX}
              rows={7}
              required
              error={fieldError('description')}
              onChange={(event) => store.set('description', event.target.value)}
            />
            <p className="mt-1 text-sm text-ink-muted">
              {t('complaints.description_hint', { min: COMPLAINT_DESCRIPTION_MIN, max: COMPLAINT_DESCRIPTION_MAX })}
            </p>
          </div>
          <TextField
            label={t('complaints.email_label')}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={fields.email}
            maxLength={254}
            required={!member}
            {...(member ? { hint: t('complaints.email_hint_member') } : {})}
            error={fieldError('email')}
            onChange={(event) => store.set('email', event.target.value)}
          />
          {error && !['topic', 'description', 'email'].includes(errorField ?? '') && (
            <FormMessage tone="danger">{error}</FormMessage>
          )}
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy} aria-busy={busy}>
            {t('complaints.submit')}
          </button>
        </form>
      )}
    </div>
  );
}

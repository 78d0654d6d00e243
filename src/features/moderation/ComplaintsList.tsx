/**
 * The complaints tab of the moderation console (docs/complaints.md): open or handled complaints
 * of all sites, oldest open first, each with its topic, the sender's contact address and 'Mark as
 * handled' (or 'Open again'). Driven by src/features/complaints/staff-store.ts.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_STATUSES, type StaffComplaint } from '#src/contract/complaints.ts';
import { formatDate } from '#src/lib/dates.ts';
import type { Locale } from '#src/lib/locales.ts';
import { Alert } from '#src/ui/fields.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { createStaffComplaintsStore, type StaffComplaintsStore } from '../complaints/staff-store.ts';

export default function ComplaintsList({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const store = useMemo(() => createStaffComplaintsStore(), []);
  useEffect(() => {
    void store.load();
  }, [store]);
  const filter = useStore(store.$filter);
  const list = useStore(store.$list);
  const markError = useStore(store.$markError);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        {COMPLAINT_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className={`btn min-h-10 px-4 ${filter === status ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={filter === status}
            onClick={() => store.show(status)}
          >
            {t(`complaints.staff.${status}`)}
          </button>
        ))}
        {list.status === 'ready' && (
          <span className="text-sm text-ink-muted">{t('complaints.staff.total', { total: list.total })}</span>
        )}
      </div>
      {markError && <Alert tone="danger">{markError}</Alert>}
      {list.status === 'loading' && <Spinner label={t('moderation.loading')} />}
      {list.status === 'error' && (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="danger">{list.message}</Alert>
          <button type="button" className="btn btn-outline" onClick={() => void store.load()}>
            {t('moderation.try_again')}
          </button>
        </div>
      )}
      {list.status === 'ready' && list.complaints.length === 0 && (
        <p className="text-ink-muted">{t('complaints.staff.empty')}</p>
      )}
      {list.status === 'ready' && list.complaints.length > 0 && (
        <ul className="flex flex-col gap-3">
          {list.complaints.map((complaint) => (
            <ComplaintCard key={complaint.reference} complaint={complaint} store={store} locale={locale} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ComplaintCard({
  complaint,
  store,
  locale,
}: {
  complaint: StaffComplaint;
  store: StaffComplaintsStore;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const sent = formatDate(complaint.created_at, 'dateTime', locale);
  return (
    <li className="min-w-0 rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold">{t(`complaints.topics.${complaint.topic}`)}</p>
        <p className="text-sm text-ink-muted">
          {complaint.reference} · {complaint.site} · {complaint.language} · {sent}
        </p>
      </div>
      <p className="mt-1 text-sm break-all">
        <a className="text-primary-ink underline" href={`mailto:${complaint.email}?subject=${complaint.reference}`}>
          {complaint.email}
        </a>{' '}
        · {complaint.from_member ? t('complaints.staff.from_member') : t('complaints.staff.visitor')}
      </p>
      {(complaint.order || complaint.member) && (
        <p className="mt-1 text-sm break-all text-ink-muted">
          {complaint.order && t('complaints.staff.order', { order: complaint.order })}
          {complaint.order && complaint.member && ' · '}
          {complaint.member && t('complaints.staff.member', { member: complaint.member })}
        </p>
      )}
      <p className="mt-3 whitespace-pre-wrap break-words">{complaint.description}</p>
      <button
        type="button"
        className="btn btn-outline mt-3 min-h-10 px-4"
        onClick={() => void store.mark(complaint.reference, complaint.status === 'open' ? 'handled' : 'open')}
      >
        {complaint.status === 'open' ? t('complaints.staff.mark_handled') : t('complaints.staff.reopen')}
      </button>
    </li>
  );
}

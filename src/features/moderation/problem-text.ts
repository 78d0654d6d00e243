/** How the console words a failed call: the server's own message, or a general one. */
import { useTranslation } from 'react-i18next';
import type { Problem } from './moderation-store.ts';

/** Network trouble and server faults carry no message meant for people. */
export function useProblemText(): (problem: Problem) => string {
  const { t } = useTranslation();
  return (problem) =>
    problem.code === 'network' || problem.code === 'internal' ? t('moderation.try_later') : problem.message;
}

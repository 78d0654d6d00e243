/**
 * The signup island (SPEC §2.6, §2.7): the multi-step flow of $signup, as a page on
 * smartphones and as a modal dialog elsewhere. Mounted client-only: what it shows depends
 * on the device and on the visitor's earlier steps. A logged-in member (the readable login
 * marker) goes on with the unfinished signup, or to members when it is complete.
 */
import '#src/styles/islands.css';
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { AuthIslandProps } from '#src/features/auth/catalogue.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { SignupShell } from '#src/features/auth/SignupShell.tsx';
import { SignupSteps } from '#src/features/auth/SignupSteps.tsx';
import type { SignupValues } from '#src/features/auth/signup-state.ts';
import {
  $signupResuming,
  checkSignupsOpen,
  resumeLoggedInSignup,
  startSignup,
} from '#src/features/auth/signup-store.ts';
import { hasLoginMarker } from '#src/stores/session.ts';
import Spinner from '#src/ui/Spinner.tsx';

interface Props extends AuthIslandProps {
  /** Client flag signupFlowEmbeddedSiteEntryWarning: the site-entry warning as the first step. */
  signupFlowEmbeddedSiteEntryWarning?: boolean;
  /** 'auto': page on smartphones, modal elsewhere; 'page': always in the page. */
  presentation?: 'auto' | 'page';
  /** Values chosen before the form (the signup-matches variant). */
  prefill?: Partial<SignupValues>;
  /** The site's preselected answers (sites.config.ts `signupDefaults`). */
  defaults?: Partial<SignupValues>;
}

export default function SignupFlow({
  locale,
  catalogue,
  signupFlowEmbeddedSiteEntryWarning = false,
  presentation = 'auto',
  prefill,
  defaults,
}: Props) {
  // Starts the flow once per mount, before the first render reads the store; a logged-in
  // member goes on with the unfinished signup instead.
  useState(() => {
    startSignup({
      embeddedSiteEntryWarning: signupFlowEmbeddedSiteEntryWarning,
      ...(defaults ? { defaults } : {}),
      ...(prefill ? { prefill } : {}),
    });
    if (hasLoginMarker(document.cookie)) void resumeLoggedInSignup();
    else void checkSignupsOpen();
    return true;
  });
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <Flow presentation={presentation} />
    </IslandI18n>
  );
}

function Flow({ presentation }: { presentation: 'auto' | 'page' }) {
  const { t } = useTranslation();
  const resuming = useStore($signupResuming);
  if (resuming) return <Spinner variant="large" label={t('common.loading')} />;
  return <SignupShell presentation={presentation}>{(titleId) => <SignupSteps titleId={titleId} />}</SignupShell>;
}

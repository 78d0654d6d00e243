/**
 * The signup island (SPEC §2.6, §2.7): the multi-step flow of $signup, as a page on
 * smartphones and as a modal dialog elsewhere. Mounted client-only: what it shows depends
 * on the device and on the visitor's earlier steps.
 */
import '../styles/islands.css';
import { useState } from 'react';
import type { AuthIslandProps } from '../features/auth/catalogue.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { SignupShell } from '../features/auth/SignupShell.tsx';
import { SignupSteps } from '../features/auth/SignupSteps.tsx';
import { startSignup, type SignupValues } from '../features/auth/signup-store.ts';

interface Props extends AuthIslandProps {
  /** Client flag signupFlowEmbeddedSiteEntryWarning: the site-entry warning as the first step. */
  signupFlowEmbeddedSiteEntryWarning?: boolean;
  /** 'auto': page on smartphones, modal elsewhere; 'page': always in the page. */
  presentation?: 'auto' | 'page';
  /** Values chosen before the form (the signup-matches variant). */
  prefill?: Partial<SignupValues>;
}

export default function SignupFlow({
  locale,
  catalogue,
  signupFlowEmbeddedSiteEntryWarning = false,
  presentation = 'auto',
  prefill,
}: Props) {
  // Starts the flow once per mount, before the first render reads the store.
  useState(() => {
    startSignup({ embeddedSiteEntryWarning: signupFlowEmbeddedSiteEntryWarning, ...(prefill ? { prefill } : {}) });
    return true;
  });
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <SignupShell presentation={presentation}>{(titleId) => <SignupSteps titleId={titleId} />}</SignupShell>
    </IslandI18n>
  );
}

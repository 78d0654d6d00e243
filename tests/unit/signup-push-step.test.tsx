/**
 * The signup's 'Allow notifications' step as the new member sees it: 'Allow' subscribes
 * this browser (the push store, loaded when pressed) and the flow ends on 'complete'; when
 * the browser refuses, 'complete' says notifications can be turned on later.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SignupSteps } from '#src/features/auth/SignupSteps.tsx';
import { $signupPush } from '#src/features/auth/signup-profile-store.ts';
import { $signup } from '#src/features/auth/signup-state.ts';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { resetPush } from '#src/stores/push.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { fakePushApi, fakePushBrowser } from '../fixtures/fake-push.ts';
import { testEnvironment } from './test-environment.ts';

const en = catalogues.en;
const { api, posted } = fakePushApi();

let uninstall: (() => void) | undefined;
beforeEach(() => {
  posted.length = 0;
  testEnvironment({ api });
  $signup.set({ step: 'push', email: 'anna@example.com' });
  $signupPush.set('unanswered');
  render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <SignupSteps titleId="signup-title" />
    </I18nextProvider>,
  );
});
afterEach(() => {
  cleanup();
  uninstall?.();
  uninstall = undefined;
  vi.unstubAllGlobals();
  resetPush();
  resetSiteData();
});

describe("signup: the 'Allow notifications' step", () => {
  it('subscribes this browser, then shows the complete step', async () => {
    const fake = fakePushBrowser('default', 'granted');
    uninstall = fake.install();
    fireEvent.click(screen.getByRole('button', { name: en.auth.push.allow }));
    expect(await screen.findByRole('heading', { name: en.auth.complete.title })).toBeTruthy();
    expect(fake.state.registered).toEqual(['/sw-push.js?v=2']);
    expect(posted).toEqual([{ subscription: JSON.stringify(fake.state.subscription) }]);
    expect(screen.queryByText(en.auth.push.refused)).toBeNull();
  });

  it('goes on when the browser refuses, saying notifications can be turned on later', async () => {
    uninstall = fakePushBrowser('default', 'denied').install();
    fireEvent.click(screen.getByRole('button', { name: en.auth.push.allow }));
    expect(await screen.findByRole('heading', { name: en.auth.complete.title })).toBeTruthy();
    expect(screen.getByText(en.auth.push.refused)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("'Not now' goes on without asking", async () => {
    const fake = fakePushBrowser('default', 'granted');
    uninstall = fake.install();
    fireEvent.click(screen.getByRole('button', { name: en.auth.push.not_now }));
    expect(await screen.findByRole('heading', { name: en.auth.complete.title })).toBeTruthy();
    expect(fake.notification.requestPermission).not.toHaveBeenCalled();
    expect(screen.queryByText(en.auth.push.refused)).toBeNull();
  });
});

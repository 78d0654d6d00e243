/**
 * The signup's 'Allow notifications' step (SPEC §2.7 Signup, step 4; §4 Push): 'Allow'
 * really subscribes this browser through the push store (permission, /sw-push.js?v=2, POST
 * /api/user.php?push=1); a refusal, a browser without push or a failing server ends on
 * 'complete' all the same, with the answer telling the complete step what to say.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '#src/client/api.ts';
import type { Endpoint } from '#src/contract/define.ts';
import { $signupPush, answerPush } from '#src/features/auth/signup-profile-store.ts';
import { $signup } from '#src/features/auth/signup-state.ts';
import { $push, PUSH_WORKER_URL, resetPush, subscribePush } from '#src/stores/push.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { TEST_VAPID_KEY, fakePushBrowser } from '../fixtures/fake-push.ts';
import { testEnvironment } from './test-environment.ts';

let posted: unknown[] = [];
function pushApi(stored: boolean): ApiClient {
  return {
    call(endpoint: Endpoint, input?: { body?: unknown }) {
      if (endpoint.path === '/api/settings.php')
        return Promise.resolve({ settings: { push_public_key: TEST_VAPID_KEY } });
      if (endpoint.path === '/api/user.php' && endpoint.method === 'POST') {
        posted.push(input?.body);
        return stored ? Promise.resolve({ ok: true }) : Promise.reject(new Error('server down'));
      }
      return Promise.reject(new Error(`unexpected ${endpoint.path}`));
    },
  } as unknown as ApiClient;
}

beforeEach(() => {
  posted = [];
  $signup.set({ step: 'push', email: 'anna@example.com' });
  $signupPush.set('unanswered');
});
afterEach(() => {
  resetPush();
  resetSiteData();
});

describe("signup: 'Allow notifications'", () => {
  it('subscribes this browser and sends the subscription, then completes', async () => {
    testEnvironment({ api: pushApi(true) });
    const fake = fakePushBrowser('default', 'granted');
    const pending = answerPush(true, () => subscribePush(fake.browser));
    expect($signupPush.get()).toBe('asking');
    await pending;
    expect(fake.notification.requestPermission).toHaveBeenCalledOnce();
    expect(fake.state.registered).toEqual([PUSH_WORKER_URL]);
    expect(posted).toEqual([{ subscription: JSON.stringify(fake.state.subscription) }]);
    expect($push.get()).toMatchObject({ isSubscribed: true });
    expect($signupPush.get()).toBe('on');
    expect($signup.get()).toEqual({ step: 'complete', email: 'anna@example.com' });
  });

  it('goes on to complete when the browser refuses, sending nothing', async () => {
    testEnvironment({ api: pushApi(true) });
    const fake = fakePushBrowser('default', 'denied');
    await answerPush(true, () => subscribePush(fake.browser));
    expect(posted).toEqual([]);
    expect($signupPush.get()).toBe('refused');
    expect($signup.get()).toEqual({ step: 'complete', email: 'anna@example.com' });
  });

  it('goes on to complete in a browser without push, or when the server does not take it', async () => {
    testEnvironment({ api: pushApi(true) });
    await answerPush(true, () =>
      subscribePush({ serviceWorker: undefined, notification: undefined, hasPushManager: false }),
    );
    expect($signupPush.get()).toBe('refused');
    expect($signup.get().step).toBe('complete');

    $signup.set({ step: 'push', email: 'anna@example.com' });
    testEnvironment({ api: pushApi(false) });
    await answerPush(true, () => subscribePush(fakePushBrowser('default', 'granted').browser));
    expect(posted).toHaveLength(1);
    expect($signupPush.get()).toBe('refused');
    expect($signup.get().step).toBe('complete');
  });

  it("'Not now' asks nothing", async () => {
    testEnvironment({ api: pushApi(true) });
    const fake = fakePushBrowser('default', 'granted');
    await answerPush(false, () => subscribePush(fake.browser));
    expect(fake.notification.requestPermission).not.toHaveBeenCalled();
    expect($signupPush.get()).toBe('skipped');
    expect($signup.get().step).toBe('complete');
  });

  it('a second press while the browser asks does nothing', async () => {
    testEnvironment({ api: pushApi(true) });
    const fake = fakePushBrowser('default', 'granted');
    const first = answerPush(true, () => subscribePush(fake.browser));
    await answerPush(false);
    expect($signup.get().step).toBe('push');
    await first;
    expect(fake.notification.requestPermission).toHaveBeenCalledOnce();
    expect($signupPush.get()).toBe('on');
  });
});

/**
 * The settings' push switch (src/features/settings/push-switch-store.ts, SPEC §4 Push):
 * ready once the browser's state is read, on and off through the push store, and one text
 * for any failure.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createPushSwitch } from '#src/features/settings/push-switch-store.ts';
import { catalogues } from '#src/i18n/index.ts';
import { $push, resetPush } from '#src/stores/push.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { fakePushApi, fakePushBrowser } from '../fixtures/fake-push.ts';
import { testEnvironment } from './test-environment.ts';

const en = catalogues.en;

afterEach(() => {
  resetPush();
  resetSiteData();
});

describe('the push switch of the settings', () => {
  it('is ready once the browser was read, then turns push on and off', async () => {
    const { api, posted } = fakePushApi();
    testEnvironment({ api });
    const fake = fakePushBrowser('default', 'granted');
    const pushSwitch = createPushSwitch(fake.browser);
    expect(pushSwitch.$ready.get()).toBe(false);
    await pushSwitch.prepare();
    expect(pushSwitch.$ready.get()).toBe(true);

    await pushSwitch.form.submit(true);
    expect(posted).toHaveLength(1);
    expect($push.get().isSubscribed).toBe(true);
    expect(pushSwitch.form.$error.get()).toBeNull();
    expect(pushSwitch.form.$busy.get()).toBe(false);
  });

  it('shows one text when subscribing fails, and may be tried again', async () => {
    const { api, posted } = fakePushApi('fails');
    testEnvironment({ api });
    const fake = fakePushBrowser('granted');
    const pushSwitch = createPushSwitch(fake.browser);
    await pushSwitch.form.submit(true);
    expect(pushSwitch.form.$error.get()).toBe(en.push.settings.failed);
    expect($push.get().isSubscribed).toBe(false);
    await pushSwitch.form.submit(true);
    expect(posted).toHaveLength(2);
  });
});

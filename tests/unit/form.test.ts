import { ApiError } from '#src/client/api.ts';
import { CheckError, errorText } from '#src/stores/errors.ts';
import { createForm } from '#src/stores/form.ts';
import { testEnvironment } from './test-environment.ts';

describe('errorText', () => {
  it('shows the server’s translated refusal as sent', () => {
    testEnvironment();
    expect(errorText(new ApiError(400, 'email_taken', 'Diese E-Mail-Adresse wird schon benutzt.'))).toBe(
      'Diese E-Mail-Adresse wird schon benutzt.',
    );
  });

  it('says the connection is gone when no answer came', () => {
    const env = testEnvironment();
    expect(errorText(new ApiError(0, 'network', 'fetch failed'))).toBe(
      'No connection. Check your internet connection and try again.',
    );
    expect(env.reported).toEqual([]);
  });

  it('answers a server failure or a bug with the generic text and reports it', () => {
    const env = testEnvironment();
    const bug = new TypeError('x is undefined');
    expect(errorText(new ApiError(500, 'internal', 'Internal'))).toBe('An error occured, please try again later.');
    expect(errorText(bug)).toBe('An error occured, please try again later.');
    expect(env.reported).toHaveLength(2);
    expect(env.reported[1]).toBe(bug);
  });

  it('translates a client check with its values', () => {
    testEnvironment();
    expect(errorText(new CheckError('auth.validation.password_too_short', 'password', { min: 6 }))).toBe(
      'Use at least 6 characters.',
    );
  });
});

describe('createForm', () => {
  it('is busy while the action runs, then done, and ignores a second press meanwhile', async () => {
    testEnvironment();
    let finish: (value: string) => void = () => undefined;
    const action = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const form = createForm(action);
    const first = form.submit();
    expect(form.$busy.get()).toBe(true);
    await form.submit();
    expect(action).toHaveBeenCalledTimes(1);
    finish('ok');
    expect(await first).toBe('ok');
    expect(form.$busy.get()).toBe(false);
    expect(form.$done.get()).toBe(true);
    expect(form.$error.get()).toBeNull();
  });

  it('shows the failure in the member’s language with its field, and clears it on the next try', async () => {
    testEnvironment();
    const action = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(400, 'password_wrong', 'Wrong password', 'password'))
      .mockResolvedValueOnce(undefined);
    const form = createForm(action);
    expect(await form.submit()).toBeUndefined();
    expect(form.$error.get()).toBe('Wrong password');
    expect(form.$errorField.get()).toBe('password');
    expect(form.$busy.get()).toBe(false);
    expect(form.$done.get()).toBe(false);
    const second = form.submit();
    expect(form.$error.get()).toBeNull();
    await second;
    expect(form.$done.get()).toBe(true);
  });

  it('lets the form handle a failure itself without an error text', async () => {
    const env = testEnvironment();
    const form = createForm(() => Promise.reject(new ApiError(403, 'login_banned', 'Banned')), {
      handle: (error) => {
        if (error instanceof ApiError && error.code === 'login_banned') {
          env.navigate('/pages/ban');
          return true;
        }
        return false;
      },
    });
    await form.submit();
    expect(form.$error.get()).toBeNull();
    expect(env.navigations).toEqual(['/pages/ban']);
  });

  it('stays submittable after a success when repeatable', async () => {
    testEnvironment();
    const action = vi.fn(() => Promise.resolve(1));
    const form = createForm(action, { repeatable: true });
    await form.submit();
    await form.submit();
    expect(action).toHaveBeenCalledTimes(2);
    form.reset();
    expect(form.$done.get()).toBe(false);
  });

  it('with latest, runs again after the running call with the newest arguments (an order changed while loading)', async () => {
    testEnvironment();
    const shown: string[] = [];
    const releases: (() => void)[] = [];
    const form = createForm(
      (order: string) =>
        new Promise<string>((resolve) => {
          releases.push(() => {
            shown.push(order);
            resolve(order);
          });
        }),
      { latest: true },
    );
    const first = form.submit('oldest');
    const second = form.submit('newest');
    const third = form.submit('popular');
    expect(releases).toHaveLength(1);
    releases[0]!();
    expect(await first).toBe('oldest');
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[1]!();
    expect(await second).toBe('popular');
    expect(await third).toBe('popular');
    expect(shown).toEqual(['oldest', 'popular']);
    expect(form.$busy.get()).toBe(false);
  });

  it('without latest, a call while busy is ignored', async () => {
    testEnvironment();
    let release = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const form = createForm(action, { repeatable: true });
    const first = form.submit();
    expect(await form.submit()).toBeUndefined();
    release();
    await first;
    expect(action).toHaveBeenCalledTimes(1);
  });
});

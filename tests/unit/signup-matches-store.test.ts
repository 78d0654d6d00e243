/**
 * The /signup-matches store (src/features/auth/signup-matches-store.ts, SPEC §2.1): the
 * teasers' query from the choice, loading them as a form, and the signup flow started with
 * the choice filled in.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '#src/client/api.ts';
import { getTeasers } from '#src/contract/profile.ts';
import { $signupValues } from '#src/features/auth/signup-account-store.ts';
import { createSignupMatchesStore, teaserQuery } from '#src/features/auth/signup-matches-store.ts';
import { $signup } from '#src/features/auth/signup-state.ts';
import { testEnvironment } from './test-environment.ts';

const teaser = { id: 'p1', name: 'anna', age: 29, city: 'Utrecht', type: 'member' as const };

describe('the signup matches store', () => {
  it('asks for whom the visitor seeks, within the age range', () => {
    expect(teaserQuery({ gender: 'male', seeking: 'female', age: '26-35' })).toEqual({
      gender: 'female',
      min_age: 26,
      max_age: 35,
    });
    expect(teaserQuery({ gender: 'female', seeking: 'male', age: 'all' })).toEqual({ gender: 'male' });
  });

  it('loads the teasers of the choice, then starts the signup with it filled in', async () => {
    const call = vi.fn(() => Promise.resolve({ profiles: [teaser] }));
    testEnvironment({ api: { call } as unknown as ApiClient });
    const store = createSignupMatchesStore();
    const choice = { gender: 'female', seeking: 'male', age: 'all' } as const;
    const loading = store.teasersForm.submit(choice);
    expect(store.$phase.get()).toEqual({ name: 'teasers', choice });
    expect(store.teasersForm.$busy.get()).toBe(true);
    await loading;
    expect(call).toHaveBeenCalledWith(getTeasers, { query: { gender: 'male' } });
    expect(store.$teasers.get()).toEqual([teaser]);

    store.startForm(true);
    expect(store.$phase.get()).toEqual({ name: 'form' });
    expect($signup.get()).toEqual({ step: 'site_entry' });
    expect($signupValues.get()).toMatchObject({ gender: 'female', seeking: 'male' });
  });

  it('keeps the teasers step with an error when they cannot load', async () => {
    const call = vi.fn(() => Promise.reject(new Error('offline')));
    testEnvironment({ api: { call } as unknown as ApiClient });
    const store = createSignupMatchesStore();
    await store.teasersForm.submit({ gender: 'male', seeking: 'female', age: 'all' });
    expect(store.$phase.get().name).toBe('teasers');
    expect(store.teasersForm.$error.get()).not.toBeNull();
    expect(store.$teasers.get()).toEqual([]);
  });
});

/** The complaints form (SPEC §2.7 'Complaints'): its checks, what it sends, the reference shown once sent. */
import { describe, expect, it } from 'vitest';
import { createComplaintStore } from '#src/features/complaints/complaints-store.ts';
import { scriptedApi, type Answer } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

const DESCRIPTION = 'The chat did not load after I bought credits.';

function setup(options: { member: boolean }, answer: Answer = { status: 200, body: { reference: 'C-ABCD2345' } }) {
  const { api, requests } = scriptedApi(() => answer);
  testEnvironment({ api });
  return { store: createComplaintStore(options), requests };
}

describe('complaints form', () => {
  it('asks for a topic, a long enough description and a visitor’s e-mail address before sending', async () => {
    const { store, requests } = setup({ member: false });
    await store.form.submit();
    expect(store.form.$errorField.get()).toBe('topic');
    store.set('topic', 'technical');
    store.set('description', 'Too short.');
    await store.form.submit();
    expect(store.form.$errorField.get()).toBe('description');
    expect(store.form.$error.get()).toContain('20');
    store.set('description', DESCRIPTION);
    await store.form.submit();
    expect(store.form.$errorField.get()).toBe('email');
    store.set('email', 'no-address');
    await store.form.submit();
    expect(store.form.$error.get()).toBe('Please enter a valid e-mail address.');
    expect(requests).toHaveLength(0);
  });

  it('sends a visitor’s complaint with its order and member and shows the reference', async () => {
    const { store, requests } = setup({ member: false });
    store.set('topic', 'refund');
    store.set('order', ' AB12CD34 ');
    store.set('member', 'pr0f1le');
    store.set('description', `  ${DESCRIPTION}  `);
    store.set('email', 'me@example.test');
    await store.form.submit();
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/complaint.php',
        body: {
          topic: 'refund',
          order: 'AB12CD34',
          member: 'pr0f1le',
          description: DESCRIPTION,
          email: 'me@example.test',
        },
      },
    ]);
    expect(store.$reference.get()).toBe('C-ABCD2345');
    store.again();
    expect(store.$reference.get()).toBeNull();
    expect(store.$fields.get().description).toBe('');
  });

  it('lets a member leave the e-mail address out (the account’s is used)', async () => {
    const { store, requests } = setup({ member: true });
    store.set('topic', 'other');
    store.set('description', DESCRIPTION);
    await store.form.submit();
    expect(requests[0]?.body).toEqual({ topic: 'other', description: DESCRIPTION });
    expect(store.$reference.get()).toBe('C-ABCD2345');
  });

  it('shows the server’s refusal, e.g. too many complaints', async () => {
    const { store } = setup(
      { member: true },
      { status: 429, body: { error: { code: 'rate_limited', message: 'Too many requests, try again later.' } } },
    );
    store.set('topic', 'billing');
    store.set('description', DESCRIPTION);
    await store.form.submit();
    expect(store.form.$error.get()).toBe('Too many requests, try again later.');
    expect(store.$reference.get()).toBeNull();
  });
});

/**
 * 'Download my data' (src/features/settings/data-export-store.ts): the member's browser
 * downloads /api/data-export.php when an export is allowed; within 24 hours of the last one
 * nothing is downloaded and the form says, in the member's language, when it is possible.
 */
import { describe, expect, it, vi } from 'vitest';
import { createDataExportForm, timeLeft } from '#src/features/settings/data-export-store.ts';
import { scriptedApi } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

function setup(status: { available: boolean; wait_seconds: number; last_export_at: string | null }) {
  const go = vi.fn<(url: string) => void>();
  const { api } = scriptedApi(({ path }) =>
    path === '/api/data-export-status.php'
      ? { status: 200, body: status }
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
  );
  testEnvironment({ api, navigate: go });
  return { form: createDataExportForm(), go };
}

describe('download my data', () => {
  it('downloads the ZIP when an export is allowed', async () => {
    const { form, go } = setup({ available: true, wait_seconds: 0, last_export_at: null });
    await form.submit();
    expect(go).toHaveBeenCalledExactlyOnceWith('/api/data-export.php');
    expect(form.$done.get()).toBe(true);
    expect(form.$error.get()).toBeNull();
  });

  it('within 24 hours says how long until the next one, and downloads nothing', async () => {
    const { form, go } = setup({
      available: false,
      wait_seconds: 5 * 3600 + 61,
      last_export_at: '2025-06-01T00:00:00Z',
    });
    await form.submit();
    expect(go).not.toHaveBeenCalled();
    expect(form.$error.get()).toBe('You can download your data once a day. Try again in 5 h 2 min.');
  });

  it('rounds the time left up to whole minutes', () => {
    expect(timeLeft(1)).toEqual({ hours: 0, minutes: 1 });
    expect(timeLeft(3600)).toEqual({ hours: 1, minutes: 0 });
    expect(timeLeft(86_400)).toEqual({ hours: 24, minutes: 0 });
  });
});

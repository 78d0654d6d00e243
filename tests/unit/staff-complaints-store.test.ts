/**
 * The back office's complaints tab store (src/staff/moderation/complaints-store.ts): the list
 * with its filters and pages, a complaint marked handled leaves the open list and the page
 * shows the new status and log, a refused change keeps the complaint with the reason.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffComplaint } from '#src/contract/staff-moderation.ts';
import {
  $changedTo,
  $complaint,
  $complaints,
  DEFAULT_COMPLAINT_FILTERS,
  complaintStatusForm,
  loadComplaintsForm,
} from '#src/staff/moderation/complaints-store.ts';
import { scriptedApi, type Handler } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

const complaint = (reference: string, status: StaffComplaint['status'] = 'open'): StaffComplaint => ({
  reference,
  site: 'default',
  topic: 'billing',
  order: null,
  member: null,
  description: 'I was charged twice for the same credit bundle.',
  email: 'visitor@example.test',
  from_member: false,
  language: 'en',
  status,
  created_at: '2026-01-15T10:00:00.000Z',
  handled_at: status === 'handled' ? '2026-01-16T10:00:00.000Z' : null,
});

function setup(handler: Handler) {
  const { api, requests } = scriptedApi(handler);
  testEnvironment({ api });
  return requests;
}

beforeEach(() => {
  $complaints.set(null);
  $complaint.set(null);
  $changedTo.set(null);
  complaintStatusForm.reset();
  loadComplaintsForm.reset();
});

describe('the complaints tab', () => {
  it('loads a page with the filters, then the next one after it', async () => {
    let pages = 0;
    setup(() =>
      ++pages === 1
        ? { status: 200, body: { complaints: [complaint('C-AAAA2222')], next: 7, total: 2 } }
        : { status: 200, body: { complaints: [complaint('C-BBBB3333')], next: null, total: 2 } },
    );
    await loadComplaintsForm.submit({ ...DEFAULT_COMPLAINT_FILTERS, site: 'she', topic: 'billing' });
    await loadComplaintsForm.submit($complaints.get()!.filters, true);
    expect($complaints.get()?.complaints.map((c) => c.reference)).toEqual(['C-AAAA2222', 'C-BBBB3333']);
    expect($complaints.get()?.next).toBeNull();
  });

  it('marks a complaint handled: it leaves the open list, the page shows it handled', async () => {
    const requests = setup(({ method, path }) => {
      if (path.endsWith('/complaints')) {
        return {
          status: 200,
          body: { complaints: [complaint('C-AAAA2222'), complaint('C-BBBB3333')], next: null, total: 2 },
        };
      }
      if (method === 'POST') return { status: 200, body: { complaint: complaint('C-AAAA2222', 'handled') } };
      return { status: 200, body: { complaint: complaint('C-AAAA2222', 'handled'), log: [] } };
    });
    await loadComplaintsForm.submit(DEFAULT_COMPLAINT_FILTERS);
    await complaintStatusForm.submit('C-AAAA2222', 'handled', 'Answered by mail');
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/staff/moderation/complaint/status',
      body: { id: 'C-AAAA2222', status: 'handled', reason: 'Answered by mail' },
    });
    expect($complaints.get()?.complaints.map((c) => c.reference)).toEqual(['C-BBBB3333']);
    expect($complaints.get()?.total).toBe(1);
    expect($changedTo.get()).toBe('handled');
    expect($complaint.get()?.complaint.status).toBe('handled');
  });

  it('keeps a complaint whose change was refused, with the reason', async () => {
    setup(({ method }) =>
      method === 'POST'
        ? { status: 409, body: { error: { code: 'complaint_unchanged', message: 'Someone else changed it.' } } }
        : { status: 200, body: { complaints: [complaint('C-AAAA2222')], next: null, total: 1 } },
    );
    await loadComplaintsForm.submit(DEFAULT_COMPLAINT_FILTERS);
    await complaintStatusForm.submit('C-AAAA2222', 'handled', 'Answered');
    expect(complaintStatusForm.$error.get()).toBe('Someone else changed it.');
    expect($complaints.get()?.total).toBe(1);
    expect($changedTo.get()).toBeNull();
  });
});

/**
 * The back office's "Reports and moderation" stores (src/staff/moderation/): the photo queue
 * moves with J/K, decides the selection at once and drops decided and missed photos; the
 * shortcuts never fire while typing in a field; a report's decision sends ground and note and
 * shows whether the statement went out; everything is forgotten at logout.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueuedPhoto } from '#src/contract/staff-moderation.ts';
import type { StaffReport } from '#src/contract/staff-moderation.ts';
import {
  $current,
  $currentPhoto,
  $outcome,
  $photos,
  $rejectReason,
  $selected,
  decidePhotosForm,
  loadPhotosForm,
  move,
  toggleSelected,
} from '#src/staff/moderation/photos-store.ts';
import { $report, $reports, $statementSent, decideReportForm } from '#src/staff/moderation/reports-store.ts';
import { shortcutOf } from '#src/staff/moderation/shortcuts.ts';
import { $me, $stage, logout } from '#src/staff/session-store.ts';
import { scriptedApi, type Handler } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

function photo(id: string): QueuedPhoto {
  return {
    id,
    url: `/p/${id}`,
    thumb_url: `/t/${id}`,
    width: 600,
    height: 800,
    uploaded_at: '2026-01-01T00:00:00Z',
    is_main: true,
    profile: {
      id: `pr-${id}`,
      name: `Name ${id}`,
      age: 30,
      gender: 'female',
      site: 'default',
      type: 'member',
      active_photos: [],
    },
  };
}

const REPORT: StaffReport = {
  id: 'R-ABCDEFGH',
  site: 'default',
  status: 'open',
  target: 'message',
  reason: 'scam',
  details: null,
  created_at: '2026-01-01T00:00:00Z',
  handled_at: null,
  profile: {
    id: 'p1',
    name: 'Eve',
    type: 'member',
    account_id: 7,
    account_status: 'confirmed',
    about: null,
    photo_url: null,
  },
  photo: null,
  message: { id: 'm1', kind: 'text', text: 'Send money', sent_at: '2026-01-01T00:00:00Z' },
  upheld_before: 0,
};

function api(handler: Handler) {
  const scripted = scriptedApi(handler);
  testEnvironment({ api: scripted.api });
  return scripted.requests;
}

beforeEach(() => {
  $photos.set(null);
  $current.set(0);
  $selected.set(new Set());
  $outcome.set(null);
  $reports.set(null);
  $report.set(null);
  $statementSent.set(null);
});

describe('photo queue store', () => {
  it('moves with J/K within the list and decides the selection at once', async () => {
    const requests = api(({ path }) =>
      path === '/api/staff/moderation/photos'
        ? { status: 200, body: { photos: [photo('a'), photo('b'), photo('c')], total: 3 } }
        : { status: 200, body: { decided: ['a'], missed: ['c'], remaining: 1 } },
    );
    await loadPhotosForm.submit();
    move(-1);
    expect($currentPhoto.get()?.id).toBe('a');
    move(1);
    move(1);
    move(1);
    expect($currentPhoto.get()?.id).toBe('c');

    toggleSelected('a');
    toggleSelected('c');
    $rejectReason.set('nudity');
    await decidePhotosForm.submit([...$selected.get()], 'reject');
    expect(requests.at(-1)?.body).toEqual({ photos: ['a', 'c'], decision: 'reject', reason: 'nudity' });
    expect($photos.get()).toEqual({ photos: [photo('b')], total: 1 });
    expect($currentPhoto.get()?.id).toBe('b');
    expect($selected.get().size).toBe(0);
    expect($outcome.get()).toEqual({ decided: 1, missed: 1 });
  });

  it('forgets the queue and the reports at logout', async () => {
    $photos.set({ photos: [photo('a')], total: 1 });
    $report.set({ report: REPORT, log: [] });
    $me.set({ id: 1, email: 'm@staff.test', name: 'M', roles: ['moderator'], second_factor_at: null });
    $stage.set({ name: 'console' });
    api(() => ({ status: 200, body: { ok: true } }));
    await logout();
    expect($photos.get()).toBeNull();
    expect($report.get()).toBeNull();
  });
});

describe('shortcuts', () => {
  it('map J, K, A, R, X, but not while typing or with a modifier', () => {
    // Elements as far as isTyping looks at them: whether a field encloses them.
    const element = (field: boolean) =>
      ({ isContentEditable: false, closest: () => (field ? {} : null) }) as unknown as EventTarget;
    const plain = { target: element(false), altKey: false, ctrlKey: false, metaKey: false };
    expect(['j', 'K', 'a', 'r', 'x', 'q'].map((key) => shortcutOf({ ...plain, key }))).toEqual([
      'next',
      'previous',
      'approve',
      'reject',
      'select',
      null,
    ]);
    expect(shortcutOf({ ...plain, key: 'a', target: element(true) })).toBeNull();
    expect(shortcutOf({ ...plain, key: 'r', target: element(true) })).toBeNull();
    expect(shortcutOf({ ...plain, key: 'a', ctrlKey: true })).toBeNull();
  });
});

describe('reports store', () => {
  it('decides a report with ground and note, shows the statement sent and updates the list', async () => {
    const decided = { ...REPORT, status: 'actioned' as const };
    const requests = api(({ path }) =>
      path === '/api/staff/moderation/report/decide'
        ? { status: 200, body: { report: decided, statement_sent: true } }
        : { status: 200, body: { report: decided, log: [] } },
    );
    $reports.set({ view: 'open', reports: [REPORT], next: null, totalOpen: 1 });
    await decideReportForm.submit(REPORT.id, 'ban', 'scam', 'asks for money');
    expect(decideReportForm.$error.get()).toBeNull();
    expect(requests[0]?.body).toEqual({ id: REPORT.id, decision: 'ban', ground: 'scam', reason: 'asks for money' });
    expect($statementSent.get()).toBe(true);
    expect($report.get()?.report.status).toBe('actioned');
    expect($reports.get()).toMatchObject({ totalOpen: 0, reports: [{ status: 'actioned' }] });
  });
});

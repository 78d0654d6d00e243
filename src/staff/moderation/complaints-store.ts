/**
 * The complaints tab's state (docs/complaints.md "Staff"): the list of one status with its
 * filters and pages (open oldest first, handled newest first unless the order says otherwise),
 * one complaint with its log, and marking it handled or open again with a note. A complaint
 * whose status changed leaves the list shown (it belongs to the other status now).
 */
import { atom } from 'nanostores';
import type { ComplaintStatus, ComplaintTopic } from '#src/contract/complaints.ts';
import type { AuditEntry } from '#src/contract/staff.ts';
import {
  getStaffComplaint,
  getStaffComplaints,
  postStaffComplaintStatus,
  type ModerationOrder,
  type StaffComplaint,
} from '#src/contract/staff-moderation.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { onSessionEnd } from '../session-store.ts';

export interface ComplaintFilters {
  status: ComplaintStatus;
  order: ModerationOrder;
  /** A site id, or '' for all. */
  site: string;
  /** A topic, or '' for all. */
  topic: ComplaintTopic | '';
}

export const DEFAULT_COMPLAINT_FILTERS: ComplaintFilters = { status: 'open', order: 'oldest', site: '', topic: '' };

export const $complaints = atom<{
  filters: ComplaintFilters;
  complaints: StaffComplaint[];
  next: number | null;
  total: number;
} | null>(null);
export const $complaint = atom<{ complaint: StaffComplaint; log: AuditEntry[] } | null>(null);
/** The status the last change set (for the confirmation), null before one. */
export const $changedTo = atom<ComplaintStatus | null>(null);

onSessionEnd(() => {
  $complaints.set(null);
  $complaint.set(null);
  $changedTo.set(null);
});

export const loadComplaintsForm = createForm(
  async (filters: ComplaintFilters, more = false) => {
    const current = $complaints.get();
    const after = more && current?.next ? String(current.next) : undefined;
    const page = await environment().api.call(getStaffComplaints, {
      query: {
        status: filters.status,
        order: filters.order,
        ...(filters.site ? { site: filters.site } : {}),
        ...(filters.topic ? { topic: filters.topic } : {}),
        ...(after ? { after } : {}),
      },
    });
    const earlier = more && current ? current.complaints : [];
    $complaints.set({ filters, complaints: [...earlier, ...page.complaints], next: page.next, total: page.total });
  },
  { latest: true },
);

async function reloadComplaint(id: string): Promise<void> {
  $complaint.set(await environment().api.call(getStaffComplaint, { query: { id } }));
}

export const openComplaintForm = createForm(
  async (id: string) => {
    $changedTo.set(null);
    await reloadComplaint(id);
  },
  { repeatable: true },
);

export function closeComplaint(): void {
  $complaint.set(null);
  $changedTo.set(null);
}

export const complaintStatusForm = createForm(
  async (id: string, status: ComplaintStatus, reason: string) => {
    const { complaint } = await environment().api.call(postStaffComplaintStatus, { body: { id, status, reason } });
    $changedTo.set(complaint.status);
    await reloadComplaint(id);
    const list = $complaints.get();
    if (list && list.complaints.some((shown) => shown.reference === id)) {
      $complaints.set({
        ...list,
        complaints: list.complaints.filter((shown) => shown.reference !== id),
        total: Math.max(0, list.total - 1),
      });
    }
  },
  { repeatable: true },
);

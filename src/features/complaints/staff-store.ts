/**
 * The complaints list of the moderation console (staff only; the server checks the role):
 * open or handled complaints of all sites, and marking one handled or open again. A marked
 * complaint leaves the list shown at once.
 */
import { atom } from 'nanostores';
import { getComplaints, putComplaint, type ComplaintStatus, type StaffComplaint } from '#src/contract/complaints.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';

export type StaffComplaintsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; complaints: StaffComplaint[]; total: number };

export function createStaffComplaintsStore() {
  const $filter = atom<ComplaintStatus>('open');
  const $list = atom<StaffComplaintsState>({ status: 'loading' });
  /** The text of the last failed marking, null when there is none. */
  const $markError = atom<string | null>(null);
  let generation = 0;

  async function load(): Promise<void> {
    const mine = ++generation;
    $list.set({ status: 'loading' });
    try {
      const answer = await environment().api.call(getComplaints, { query: { status: $filter.get() } });
      if (mine === generation) $list.set({ status: 'ready', ...answer });
    } catch (error) {
      if (mine === generation) $list.set({ status: 'error', message: errorText(error) });
    }
  }

  return {
    $filter,
    $list,
    $markError,
    load,
    show: (status: ComplaintStatus): void => {
      $filter.set(status);
      void load();
    },
    /** Marks a complaint handled (or open again); it leaves the list shown. */
    mark: async (reference: string, status: ComplaintStatus): Promise<void> => {
      $markError.set(null);
      try {
        await environment().api.call(putComplaint, { body: { reference, status } });
      } catch (error) {
        $markError.set(errorText(error));
        return;
      }
      const list = $list.get();
      if (list.status !== 'ready') return;
      $list.set({
        status: 'ready',
        complaints: list.complaints.filter((c) => c.reference !== reference),
        total: Math.max(0, list.total - 1),
      });
    },
  };
}
export type StaffComplaintsStore = ReturnType<typeof createStaffComplaintsStore>;

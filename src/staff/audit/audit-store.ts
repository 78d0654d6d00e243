/**
 * The audit log section's state (docs/staff.md "Audit log"): the filters last searched, the
 * entries found (newest first, paged on the server by entry id) and the CSV address of the
 * same filters. Forgotten at logout.
 */
import { atom } from 'nanostores';
import { getStaffAudit, getStaffAuditCsv, type AuditEntry } from '#src/contract/staff.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { onSessionEnd } from '../session-store.ts';

export interface AuditFilters {
  staff: string;
  action: string;
  target_type: string;
  target_id: string;
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditFilters = { staff: '', action: '', target_type: '', target_id: '', from: '', to: '' };

export const $audit = atom<{ entries: AuditEntry[]; next: number | null; filters: AuditFilters } | null>(null);

onSessionEnd(() => $audit.set(null));

/** The filters that are set, as query parameters (empty ones left out). */
export function auditQuery(filters: AuditFilters): Partial<AuditFilters> {
  const query: Partial<AuditFilters> = {};
  for (const [key, value] of Object.entries(filters) as [keyof AuditFilters, string][]) if (value) query[key] = value;
  return query;
}

/** The CSV export of the same filters (a download on the staff origin). */
export function auditCsvUrl(filters: AuditFilters): string {
  const query = new URLSearchParams(auditQuery(filters)).toString();
  return query ? `${getStaffAuditCsv.path}?${query}` : getStaffAuditCsv.path;
}

export const auditSearchForm = createForm(
  async (filters: AuditFilters) => {
    const page = await environment().api.call(getStaffAudit, { query: auditQuery(filters) });
    $audit.set({ ...page, filters });
  },
  { repeatable: true },
);

export const auditMoreForm = createForm(
  async () => {
    const current = $audit.get();
    if (!current?.next) return;
    const page = await environment().api.call(getStaffAudit, {
      query: { ...auditQuery(current.filters), before: String(current.next) },
    });
    $audit.set({ ...current, entries: [...current.entries, ...page.entries], next: page.next });
  },
  { repeatable: true },
);

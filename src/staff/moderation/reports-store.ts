/**
 * The reports queue's state (docs/reports.md "The back office"): the list (open oldest first,
 * or decided newest first) with its pages, one report with its decision log, the decision
 * with its statement of reasons, and the repeat offenders.
 */
import { atom } from 'nanostores';
import type { AuditEntry } from '#src/contract/staff.ts';
import {
  getStaffOffenders,
  getStaffReport,
  getStaffReports,
  postStaffReportDecision,
  type Offender,
  type ReportDecision,
  type ReportGround,
  type StaffReport,
} from '#src/contract/staff-moderation.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { onSessionEnd } from '../session-store.ts';

export type ReportView = 'open' | 'closed';

export const $reports = atom<{
  view: ReportView;
  reports: StaffReport[];
  next: number | null;
  totalOpen: number;
} | null>(null);
export const $report = atom<{ report: StaffReport; log: AuditEntry[] } | null>(null);
export const $statementSent = atom<boolean | null>(null);
export const $offenders = atom<Offender[] | null>(null);

onSessionEnd(() => {
  $reports.set(null);
  $report.set(null);
  $statementSent.set(null);
  $offenders.set(null);
});

export const loadReportsForm = createForm(
  async (view: ReportView, more = false) => {
    const current = $reports.get();
    const after = more && current?.next ? String(current.next) : undefined;
    const page = await environment().api.call(getStaffReports, { query: { view, ...(after ? { after } : {}) } });
    const earlier = more && current?.view === view ? current.reports : [];
    $reports.set({ view, reports: [...earlier, ...page.reports], next: page.next, totalOpen: page.total_open });
  },
  { latest: true },
);

async function reloadReport(id: string): Promise<void> {
  $report.set(await environment().api.call(getStaffReport, { query: { id } }));
}

export const openReportForm = createForm(
  async (id: string) => {
    $statementSent.set(null);
    await reloadReport(id);
  },
  { repeatable: true },
);

export function closeReport(): void {
  $report.set(null);
  $statementSent.set(null);
}

export const decideReportForm = createForm(
  async (id: string, decision: ReportDecision, ground: ReportGround, reason: string) => {
    const answer = await environment().api.call(postStaffReportDecision, { body: { id, decision, ground, reason } });
    $statementSent.set(answer.statement_sent);
    await reloadReport(id);
    // The list shows the report decided (it leaves the open view when reloaded).
    const list = $reports.get();
    if (list) {
      $reports.set({
        ...list,
        reports: list.reports.map((report) => (report.id === id ? answer.report : report)),
        totalOpen: Math.max(0, list.totalOpen - 1),
      });
    }
  },
  { repeatable: true },
);

export const loadOffendersForm = createForm(
  async () => {
    $offenders.set((await environment().api.call(getStaffOffenders, {})).offenders);
  },
  { repeatable: true },
);

/**
 * The hourly job of the server (`main.ts` starts it; `npm run purge` runs it once): a list of
 * named tasks run one after the other. A failing task is logged with its name and does not
 * stop the others; the next hour tries it again. Add a task by appending to HOURLY_TASKS.
 * With several processes on one PostgreSQL database each task runs in one of them per hour
 * (./job-lock.ts); a failed run is given back, so another process retries it within the hour.
 */
import type { AppDeps } from '#src/server/http/context.ts';
import { describeError } from '#src/server/http/error-log.ts';
import { pruneRateLimits } from '#src/server/http/rate-limit.ts';
import { purgeDeletedAccounts } from '#src/server/features/accounts/index.ts';
import { refreshCitySuggestions } from '#src/server/features/geo/index.ts';
import { prunePageBounces } from '#src/server/features/traffic/index.ts';
import { runNotificationJobs } from '#src/server/features/notifications/index.ts';
import { rollUpDailyStats } from '#src/server/features/staff-dashboards/index.ts';
import { rollUpFunnel } from '#src/server/features/staff-funnel/index.ts';
import { outboxDir } from '#src/server/providers/mail/index.ts';
import { smsOutboxDir } from '#src/server/providers/sms/index.ts';
import { jobDuration, jobRuns } from '#src/server/platform/metrics.ts';
import { OUTBOX_RETENTION_DAYS, pruneExpiredSessions, pruneOutboxFolder, pruneSpentTokens } from './cleanup.ts';
import { slotOf, soleProcess, type JobGate } from './job-lock.ts';

/** How often the server runs the hourly tasks. */
export const HOURLY_INTERVAL_MS = 3_600_000;

const DAY = 86_400_000;

/** What a task gets: the app's services and the moment of this run. */
export interface JobContext {
  deps: AppDeps;
  now: Date;
}

export interface HourlyTask {
  /** Short and stable: it names the task in the log. */
  name: string;
  run(ctx: JobContext): Promise<unknown>;
}

export const HOURLY_TASKS: readonly HourlyTask[] = [
  {
    // Erases accounts deleted longer than the reactivation window ago; first it drops realtime
    // events older than a day (reconnects replay from them, older news is in the chats).
    name: 'purge-deleted-accounts',
    run: ({ deps, now }) => purgeDeletedAccounts(deps.database.db, now, deps.photoStorage),
  },
  { name: 'prune-sessions', run: ({ deps, now }) => pruneExpiredSessions(deps.database.db, now) },
  { name: 'prune-tokens', run: ({ deps, now }) => pruneSpentTokens(deps.database.db, now) },
  {
    name: 'prune-outbox',
    run: async ({ deps, now }) => {
      const before = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * DAY);
      return (
        (await pruneOutboxFolder(outboxDir(deps.config), before)) +
        (await pruneOutboxFolder(smsOutboxDir(deps.config), before))
      );
    },
  },
  {
    // Limits count in windows of at most a day; two days keeps every live window.
    name: 'prune-rate-limits',
    run: ({ deps, now }) => pruneRateLimits(deps.database.db, new Date(now.getTime() - 2 * DAY)),
  },
  { name: 'prune-page-bounces', run: ({ deps, now }) => prunePageBounces(deps.database.db, now) },
  {
    // The location field's suggestions follow the profiles with an hour's delay at most.
    name: 'refresh-city-suggestions',
    run: ({ deps }) => refreshCitySuggestions(deps.database.db),
  },
  // Unread-message reminders and weekly updates (docs/notifications.md).
  { name: 'notification-mails', run: ({ deps }) => runNotificationJobs(deps) },
  // The back office's daily aggregates: today and yesterday recomputed (docs/staff.md "Dashboards").
  { name: 'daily-stats', run: ({ deps, now }) => rollUpDailyStats(deps.database.db, now) },
  // The marketing funnel's daily aggregates: today and yesterday (docs/staff.md "Marketing funnel").
  { name: 'daily-funnel', run: ({ deps, now }) => rollUpFunnel(deps.database.db, now) },
];

export interface TaskOutcome {
  name: string;
  ok: boolean;
  /** Another process runs it in this slot (./job-lock.ts). */
  skipped?: true;
}

/** Which process runs a task: `gate` (the sole one by default) for the slot of `intervalMs`. */
export interface RunScope {
  gate: JobGate;
  intervalMs: number;
}

/**
 * Runs every task once (each where `scope.gate` lets this process run it); logs each failure
 * by task name (message only, no parameters) and counts the runs (job_runs_total).
 */
export async function runHourlyTasks(
  deps: AppDeps,
  tasks: readonly HourlyTask[] = HOURLY_TASKS,
  log: (line: string) => void = (line) => console.error(line),
  scope: RunScope = { gate: soleProcess, intervalMs: HOURLY_INTERVAL_MS },
): Promise<TaskOutcome[]> {
  const outcomes: TaskOutcome[] = [];
  for (const task of tasks) {
    const now = deps.now();
    const slot = slotOf(now, scope.intervalMs);
    try {
      if (!(await scope.gate.claim(task.name, slot))) {
        jobRuns.inc({ job: task.name, outcome: 'skipped' });
        outcomes.push({ name: task.name, ok: true, skipped: true });
        continue;
      }
    } catch (error) {
      log(`[hourly] ${task.name} not run, its lock is unavailable: ${describeError(error)}`);
      jobRuns.inc({ job: task.name, outcome: 'failed' });
      outcomes.push({ name: task.name, ok: false });
      continue;
    }
    const timer = jobDuration.startTimer({ job: task.name });
    try {
      await task.run({ deps, now });
      jobRuns.inc({ job: task.name, outcome: 'ok' });
      outcomes.push({ name: task.name, ok: true });
    } catch (error) {
      log(`[hourly] ${task.name} failed: ${describeError(error)}`);
      jobRuns.inc({ job: task.name, outcome: 'failed' });
      outcomes.push({ name: task.name, ok: false });
      await scope.gate.release(task.name, slot).catch(() => undefined);
    } finally {
      timer();
    }
  }
  return outcomes;
}

/** Tasks also run once when the server starts, so a fresh or migrated database has their data at once. */
export const AT_START = ['refresh-city-suggestions'];

/**
 * Starts the hourly timer (not keeping the process alive) with the gate that picks the process
 * of each run; answers its stop function, which resolves once a run under way has ended.
 */
export function startHourlyJob(
  deps: AppDeps,
  gate: JobGate = soleProcess,
  intervalMs: number = HOURLY_INTERVAL_MS,
): () => Promise<void> {
  const scope = { gate, intervalMs };
  const log = (line: string) => console.error(line);
  // At start too one process of several runs them (it holds their slot of this hour).
  let running: Promise<unknown> | null = runHourlyTasks(
    deps,
    HOURLY_TASKS.filter((task) => AT_START.includes(task.name)),
    log,
    scope,
  ).finally(() => (running = null));
  const timer = setInterval(() => {
    // A slow run is not stacked under the next one.
    running ??= runHourlyTasks(deps, HOURLY_TASKS, log, scope).finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running?.catch(() => undefined);
  };
}

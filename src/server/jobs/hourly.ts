/**
 * The hourly job of the server (`main.ts` starts it; `npm run purge` runs it once): a list of
 * named tasks run one after the other. A failing task is logged with its name and does not
 * stop the others; the next hour tries it again. Add a task by appending to HOURLY_TASKS.
 */
import type { AppDeps } from '#src/server/http/context.ts';
import { describeError } from '#src/server/http/error-log.ts';
import { pruneRateLimits } from '#src/server/http/rate-limit.ts';
import { purgeDeletedAccounts } from '#src/server/features/accounts/index.ts';
import { refreshCitySuggestions } from '#src/server/features/geo/index.ts';
import { prunePageBounces } from '#src/server/features/traffic/index.ts';
import { runNotificationJobs } from '#src/server/features/notifications/index.ts';
import { outboxDir } from '#src/server/providers/mail/index.ts';
import { smsOutboxDir } from '#src/server/providers/sms/index.ts';
import { OUTBOX_RETENTION_DAYS, pruneExpiredSessions, pruneOutboxFolder, pruneSpentTokens } from './cleanup.ts';

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
];

export interface TaskOutcome {
  name: string;
  ok: boolean;
}

/** Runs every task once; logs each failure by task name (message only, no parameters). */
export async function runHourlyTasks(
  deps: AppDeps,
  tasks: readonly HourlyTask[] = HOURLY_TASKS,
  log: (line: string) => void = (line) => console.error(line),
): Promise<TaskOutcome[]> {
  const outcomes: TaskOutcome[] = [];
  for (const task of tasks) {
    try {
      await task.run({ deps, now: deps.now() });
      outcomes.push({ name: task.name, ok: true });
    } catch (error) {
      log(`[hourly] ${task.name} failed: ${describeError(error)}`);
      outcomes.push({ name: task.name, ok: false });
    }
  }
  return outcomes;
}

/** Tasks also run once when the server starts, so a fresh or migrated database has their data at once. */
export const AT_START = ['refresh-city-suggestions'];

/** Starts the hourly timer (not keeping the process alive); answers its stop function. */
export function startHourlyJob(deps: AppDeps, intervalMs: number = HOURLY_INTERVAL_MS): () => void {
  let running: Promise<unknown> | null = runHourlyTasks(
    deps,
    HOURLY_TASKS.filter((task) => AT_START.includes(task.name)),
  ).finally(() => (running = null));
  const timer = setInterval(() => {
    // A slow run is not stacked under the next one.
    running ??= runHourlyTasks(deps).finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

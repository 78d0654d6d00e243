/**
 * The hourly tasks run once across processes (docs/operations.md "Hourly job"): on
 * PostgreSQL two processes (two connections here) ask for the same task's slot and one runs
 * it while the other skips; a later tick of the other process in the same hour skips too; a
 * failed run is given back for a retry; the locks of a process that dies go with its
 * connection. On PGlite the one process always runs.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHourlyTasks, type HourlyTask, type RunScope } from '#src/server/jobs/hourly.ts';
import { advisoryJobGate, jobGateOf, slotOf, soleProcess, type JobGate } from '#src/server/jobs/job-lock.ts';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from './harness.ts';

const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A task counting its runs, under a name no other test run uses. */
function countingTask(runs: { count: number }, fail = false): HourlyTask {
  return {
    name: `test-job-${randomBytes(4).toString('hex')}`,
    run: async () => {
      runs.count += 1;
      // Long enough for the other process's tick to arrive while it runs.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (fail) throw new Error('disk full');
    },
  };
}

describe('the gate on PGlite (one process)', () => {
  it('always runs', async () => {
    expect(jobGateOf(undefined)).toBe(soleProcess);
    expect(await soleProcess.claim('any', 1)).toBe(true);
    expect(await soleProcess.claim('any', 1)).toBe(true);
  });

  it('numbers the slots by the hour', () => {
    expect(slotOf(new Date(HOUR * 10), HOUR)).toBe(10);
    expect(slotOf(new Date(HOUR * 11 - 1), HOUR)).toBe(10);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('two processes on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let a: JobGate;
  let b: JobGate;
  beforeAll(() => {
    a = advisoryJobGate(TEST_DATABASE_URL!);
    b = advisoryJobGate(TEST_DATABASE_URL!);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });
  const scopeOf = (gate: JobGate): RunScope => ({ gate, intervalMs: HOUR });

  it('runs a task in one of them per hour; the other skips, also at its later tick', async () => {
    const runs = { count: 0 };
    const task = countingTask(runs);
    const [first, second] = await Promise.all([
      runHourlyTasks(t.deps, [task], () => undefined, scopeOf(a)),
      runHourlyTasks(t.deps, [task], () => undefined, scopeOf(b)),
    ]);
    expect(runs.count).toBe(1);
    const outcomes = [...first, ...second];
    expect(outcomes.filter((o) => o.skipped)).toHaveLength(1);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    // Both processes' next ticks in the same hour: nobody runs it again.
    await runHourlyTasks(t.deps, [task], () => undefined, scopeOf(b));
    await runHourlyTasks(t.deps, [task], () => undefined, scopeOf(a));
    expect(runs.count).toBe(1);
  });

  it('hands the slot to the other process when a run fails, so it retries within the hour', async () => {
    const runs = { count: 0 };
    const broken = countingTask(runs, true);
    const [first] = await runHourlyTasks(t.deps, [broken], () => undefined, scopeOf(a));
    expect(first).toEqual({ name: broken.name, ok: false });
    await runHourlyTasks(t.deps, [broken], () => undefined, scopeOf(b));
    expect(runs.count).toBe(2);
  });

  it('frees the slots of a process whose connection ends', async () => {
    const name = `test-job-${randomBytes(4).toString('hex')}`;
    const dying = advisoryJobGate(TEST_DATABASE_URL!);
    const survivor = advisoryJobGate(TEST_DATABASE_URL!);
    try {
      expect(await dying.claim(name, 7)).toBe(true);
      expect(await survivor.claim(name, 7)).toBe(false);
      await dying.close();
      expect(await survivor.claim(name, 7)).toBe(true);
    } finally {
      await survivor.close();
    }
  });

  it('lets the last slot go when the next one is taken', async () => {
    const name = `test-job-${randomBytes(4).toString('hex')}`;
    expect(await a.claim(name, 1)).toBe(true);
    expect(await a.claim(name, 2)).toBe(true);
    expect(await b.claim(name, 1)).toBe(true);
    expect(await b.claim(name, 2)).toBe(false);
  });
});

/** The fair gate of expensive shared work (src/server/platform/fair-gate.ts). */
import { describe, expect, it, vi } from 'vitest';
import { FairGate, GateFull } from '#src/server/platform/fair-gate.ts';

/** A job that runs until `finish()`; `started` tells whether the gate let it start. */
function job(log: string[], name: string) {
  let finish = () => {};
  const state = { started: false, finish: () => finish() };
  const run = () =>
    new Promise<string>((resolve) => {
      state.started = true;
      log.push(name);
      finish = () => resolve(name);
    });
  return { state, run };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FairGate', () => {
  it('runs one job per key, queues one more, and refuses the rest at once', async () => {
    const gate = new FairGate({ concurrency: 2, perKeyQueue: 1, maxQueued: 10 });
    const log: string[] = [];
    const a1 = job(log, 'a1');
    const a2 = job(log, 'a2');
    const first = gate.run('a', a1.run);
    const second = gate.run('a', a2.run);
    await expect(gate.run('a', job(log, 'a3').run)).rejects.toBeInstanceOf(GateFull);
    await tick();
    expect(log).toEqual(['a1']);
    expect(gate.load).toEqual({ running: 1, queued: 1 });
    a1.state.finish();
    await first;
    await tick();
    expect(log).toEqual(['a1', 'a2']);
    a2.state.finish();
    await second;
    expect(gate.load).toEqual({ running: 0, queued: 0 });
  });

  it('serves waiting keys in turn, and caps the waiting jobs in all', async () => {
    const gate = new FairGate({ concurrency: 1, perKeyQueue: 2, maxQueued: 3 });
    const log: string[] = [];
    const jobs = { x: job(log, 'x'), a1: job(log, 'a1'), a2: job(log, 'a2'), b1: job(log, 'b1') };
    const running = [
      gate.run('x', jobs.x.run),
      gate.run('a', jobs.a1.run),
      gate.run('a', jobs.a2.run),
      gate.run('b', jobs.b1.run),
    ];
    await expect(gate.run('c', job(log, 'c1').run)).rejects.toBeInstanceOf(GateFull);
    for (const name of ['x', 'a1', 'b1', 'a2'] as const) {
      await tick();
      expect(log.at(-1)).toBe(name);
      jobs[name].state.finish();
    }
    await Promise.all(running);
    // a's second job waited behind b's first: turns, not arrival order.
    expect(log).toEqual(['x', 'a1', 'b1', 'a2']);
  });

  it('starts a light job of another key while heavy ones hold every shared slot', async () => {
    const gate = new FairGate({ concurrency: 1, lightSlots: 1, perKeyQueue: 1, maxQueued: 10 });
    const log: string[] = [];
    const jobs = { a1: job(log, 'a1'), b1: job(log, 'b1'), c1: job(log, 'c1'), d1: job(log, 'd1') };
    const heavy = gate.run('a', jobs.a1.run);
    const light = gate.run('b', jobs.b1.run, true);
    await tick();
    // b's small job runs beside a's huge one instead of waiting for it.
    expect(log).toEqual(['a1', 'b1']);
    // The light slot takes no heavy job, and one light slot is all: both wait.
    const waitingHeavy = gate.run('c', jobs.c1.run);
    const waitingLight = gate.run('d', jobs.d1.run, true);
    await tick();
    expect(log).toEqual(['a1', 'b1']);
    expect(gate.load).toEqual({ running: 2, queued: 2 });
    // The light slot frees: c (heavy) cannot take it, d (light) does.
    jobs.b1.state.finish();
    await light;
    await tick();
    expect(log).toEqual(['a1', 'b1', 'd1']);
    jobs.a1.state.finish();
    await heavy;
    await tick();
    expect(log).toEqual(['a1', 'b1', 'd1', 'c1']);
    jobs.c1.state.finish();
    jobs.d1.state.finish();
    await Promise.all([waitingHeavy, waitingLight]);
    expect(gate.load).toEqual({ running: 0, queued: 0 });
  });

  it('tells early whether a key would be refused', async () => {
    const gate = new FairGate({ concurrency: 1, perKeyQueue: 1, maxQueued: 10 });
    const log: string[] = [];
    const a1 = job(log, 'a1');
    const a2 = job(log, 'a2');
    expect(gate.isFull('a')).toBe(false);
    const first = gate.run('a', a1.run);
    expect(gate.isFull('a')).toBe(false);
    const second = gate.run('a', a2.run);
    expect(gate.isFull('a')).toBe(true);
    expect(gate.isFull('b')).toBe(false);
    await tick();
    a1.state.finish();
    await first;
    await tick();
    expect(gate.isFull('a')).toBe(false);
    a2.state.finish();
    await second;
  });

  it('frees the slot when a job fails', async () => {
    const gate = new FairGate({ concurrency: 1, perKeyQueue: 0, maxQueued: 0 });
    await expect(gate.run('a', () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    await expect(gate.run('a', () => Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it("makes a key that used up its share wait, while another key's job starts at once", async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const gate = new FairGate({
        concurrency: 2,
        perKeyQueue: 1,
        maxQueued: 10,
        share: { burst: 60, perSecond: 4, maxWaitMs: 15_000 },
        now: () => Date.now(),
      });
      const log: string[] = [];
      const flush = () => vi.advanceTimersByTimeAsync(0);
      // a spends its burst on two huge jobs (36 each): the second leaves it 12 in debt.
      for (const name of ['a1', 'a2']) {
        const huge = job(log, name);
        const running = gate.run('a', huge.run, false, 36);
        await flush();
        huge.state.finish();
        await running;
      }
      expect(gate.debtWait('a')).toBe(3_000);
      // a's third job waits for its balance although a slot is free; b's starts at once.
      const a3 = job(log, 'a3');
      const third = gate.run('a', a3.run, false, 36);
      const b1 = job(log, 'b1');
      const other = gate.run('b', b1.run, false, 36);
      await flush();
      expect(log).toEqual(['a1', 'a2', 'b1']);
      expect(gate.load).toEqual({ running: 1, queued: 1 });
      // 3 s later a is back at zero and its job starts: the gate wakes by itself.
      await vi.advanceTimersByTimeAsync(2_900);
      expect(log).toEqual(['a1', 'a2', 'b1']);
      await vi.advanceTimersByTimeAsync(200);
      expect(log).toEqual(['a1', 'a2', 'b1', 'a3']);
      a3.state.finish();
      b1.state.finish();
      await Promise.all([third, other]);
      // About 36 in debt now: 9 s to wait, which a job may; the one after would pass 15 s.
      expect(gate.debtWait('a')).toBeGreaterThan(8_500);
      expect(gate.isFull('a')).toBe(false);
      const a4 = gate.run('a', () => Promise.resolve('a4'), false, 36);
      expect(gate.isFull('a')).toBe(true);
      await expect(gate.run('a', () => Promise.resolve('a5'), false, 1)).rejects.toBeInstanceOf(GateFull);
      await vi.advanceTimersByTimeAsync(9_100);
      await expect(a4).resolves.toBe('a4');
      // a4 left a about 36 in debt again: 9 s before its next job.
      expect(gate.debtWait('a')).toBeGreaterThan(8_500);
      // A small job of a key that never asked much is untouched.
      await expect(gate.run('c', () => Promise.resolve('c1'), false, 1)).resolves.toBe('c1');
    } finally {
      vi.useRealTimers();
    }
  });
});

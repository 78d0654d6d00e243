/**
 * The browser's realtime channel (src/client/events.ts) and its store hooks
 * (startRealtime/stopRealtime in src/stores/realtime.ts) with a fake EventSource: events
 * reach their subscribers, bad ones do not, the state follows the source, a source that
 * gave up is replaced by one that names where it stopped, and a source that cannot name it
 * (the first one too) has the stores reload once it is open.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventSourceLike } from '#src/client/events.ts';
import { parseServerEvent } from '#src/client/events.ts';
import { $realtime, onServerEvent, startRealtime, stopRealtime } from '#src/stores/realtime.ts';

class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  emit(type: string, data: string, lastEventId = ''): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data, lastEventId }));
  }

  /** A dropped connection the source retries itself (CONNECTING) or gives up on (CLOSED). */
  fail(readyState: 0 | 2): void {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

const create = (url: string) => new FakeEventSource(url);
const latest = () => FakeEventSource.opened.at(-1)!;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.useFakeTimers();
});

afterEach(() => {
  stopRealtime();
  vi.useRealTimers();
});

describe('the realtime channel', () => {
  it('hands each event to its subscribers and follows the connection state', () => {
    const counters: unknown[] = [];
    const typing: unknown[] = [];
    const offCounters = onServerEvent('counters', (data) => counters.push(data));
    const offTyping = onServerEvent('typing', (data) => typing.push(data));
    startRealtime({ create });
    expect(latest().url).toBe('/api/events.php');
    expect($realtime.get()).toBe('connecting');
    latest().open();
    expect($realtime.get()).toBe('open');

    latest().emit('counters', '{"total_unread":2}', '17');
    latest().emit('typing', '{"conversation":"c1"}', '17');
    expect(counters).toEqual([{ total_unread: 2 }]);
    expect(typing).toEqual([{ conversation: 'c1' }]);

    // The source reconnects by itself (sending Last-Event-ID): only the state shows it.
    latest().fail(0);
    expect($realtime.get()).toBe('connecting');
    expect(FakeEventSource.opened).toHaveLength(1);
    offCounters();
    offTyping();
  });

  it('opens one channel however often it is started, and closes it on stop', () => {
    startRealtime({ create });
    startRealtime({ create });
    expect(FakeEventSource.opened).toHaveLength(1);
    stopRealtime();
    expect(latest().closed).toBe(true);
    expect($realtime.get()).toBe('off');
  });

  it('replaces a source that gave up with one that resumes after the last id', () => {
    startRealtime({ create });
    latest().open();
    latest().emit('counters', '{"total_unread":1}', '42');
    latest().fail(2);
    expect($realtime.get()).toBe('closed');
    vi.advanceTimersByTime(4_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().url).toBe('/api/events.php?last_event_id=42');
  });

  it('tells the stores to reload when a new source cannot name where the old one stopped', () => {
    let resyncs = 0;
    const off = onServerEvent('resync', () => {
      resyncs += 1;
    });
    startRealtime({ create });
    latest().fail(2);
    vi.advanceTimersByTime(5_000);
    expect(latest().url).toBe('/api/events.php');
    expect(resyncs).toBe(0);
    latest().open();
    expect(resyncs).toBe(1);
    off();
  });

  it('tells the stores to reload once the first source is open, as it starts after what they loaded', () => {
    let resyncs = 0;
    const off = onServerEvent('resync', () => {
      resyncs += 1;
    });
    startRealtime({ create });
    expect(resyncs).toBe(0);
    latest().open();
    expect(resyncs).toBe(1);
    // The browser's own reconnect names the last id: nothing to reload.
    latest().fail(0);
    latest().open();
    expect(resyncs).toBe(1);
    off();
  });

  it('stops retrying once stopped', () => {
    startRealtime({ create });
    latest().fail(2);
    stopRealtime();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});

describe('parseServerEvent', () => {
  it('takes known events whose data is an object and nothing else', () => {
    expect(parseServerEvent('read', '{"conversation":"c","message":"m"}')).toEqual({
      type: 'read',
      data: { conversation: 'c', message: 'm' },
    });
    expect(parseServerEvent('unknown', '{}')).toBeNull();
    expect(parseServerEvent('counters', 'not json')).toBeNull();
    expect(parseServerEvent('counters', '[1]')).toBeNull();
    expect(parseServerEvent('counters', 'null')).toBeNull();
    expect(parseServerEvent('toString', '{}')).toBeNull();
  });
});

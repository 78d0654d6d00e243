/**
 * How many realtime channels (GET /api/events.php) one session and one client address keep
 * open, and how often they may open one (docs/security.md "No cap on event streams"). Each open stream holds a socket, a
 * subscription and a heartbeat; without a cap one cookie opened 3,000 of them. The newest
 * stream always gets in: past a cap the oldest of that session (or address) is closed, after
 * a `retry:` hint that keeps its browser's EventSource from reconnecting at once (the members
 * app's polling carries on meanwhile; src/stores/realtime.ts), so tabs cannot push each other
 * out in a loop; when it comes back it replays what it missed from its Last-Event-ID.
 */

/** Open streams per session: a member's tabs and devices with one login. */
export const STREAMS_PER_SESSION = 5;
/** Open streams per client address (several members behind one NAT share it). */
export const STREAMS_PER_ADDRESS = 100;
/** The reconnect hint of a stream closed for a newer one (the `retry:` field, ms). */
export const REPLACED_RETRY_MS = 60_000;

/**
 * How often streams may be opened: per session and per client address, a burst of `burst`
 * and then one every `everyMs` (a token bucket). A stream open costs queries (the member, the
 * event log) and ends an older stream past the caps; past this rate it is refused with 429
 * before any of that, so a flood of opens costs the server almost nothing. A member's tabs,
 * reloads and reconnects after a deploy stay far below it; a refused browser tries again after
 * its growing pause (src/client/events.ts).
 */
export const STREAM_OPENS = {
  session: { burst: 10, everyMs: 6_000 },
  address: { burst: 100, everyMs: 600 },
} as const;

/**
 * A refused open is answered after this pause (ms), at most REFUSALS_HELD_PER_ADDRESS at a
 * time per address (past that at once): a client that loops on opens makes a couple of
 * attempts per second per connection instead of hundreds.
 */
export const REFUSED_OPEN_DELAY_MS = 500;
export const REFUSALS_HELD_PER_ADDRESS = 20;

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets by key, forgotten once full again (so idle keys take no memory). */
class OpenRate {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(private readonly rate: { burst: number; everyMs: number }) {}

  /** The bucket of `key` at `now`, refilled (not stored). */
  private current(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.rate.burst, at: now };
    const refill = Math.max(0, now - bucket.at) / this.rate.everyMs;
    return { tokens: Math.min(this.rate.burst, bucket.tokens + refill), at: now };
  }

  has(key: string, now: number): boolean {
    return this.current(key, now).tokens >= 1;
  }

  take(key: string, now: number): void {
    const bucket = this.current(key, now);
    this.buckets.set(key, { tokens: bucket.tokens - 1, at: now });
    this.sweep(now);
  }

  private sweep(now: number) {
    const fullAfter = this.rate.burst * this.rate.everyMs;
    if (now - this.lastSweep < fullAfter) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.at >= fullAfter) this.buckets.delete(key);
    }
  }
}

interface OpenStream {
  session: string;
  address: string;
  close: () => void;
}

/** The open streams of one app, oldest first per session and per address, and their opening rate. */
export class StreamLimits {
  private readonly bySession = new Map<string, OpenStream[]>();
  private readonly byAddress = new Map<string, OpenStream[]>();
  private readonly sessionOpens = new OpenRate(STREAM_OPENS.session);
  private readonly addressOpens = new OpenRate(STREAM_OPENS.address);
  private readonly held = new Map<string, number>();

  constructor(
    private readonly perSession = STREAMS_PER_SESSION,
    private readonly perAddress = STREAMS_PER_ADDRESS,
  ) {}

  /**
   * Counts an attempt to open a stream against STREAM_OPENS; false (nothing counted) when
   * the session or the address is past its rate. In memory, no query: called first.
   */
  mayOpen(session: string, address: string, now: number): boolean {
    if (!this.sessionOpens.has(session, now) || !this.addressOpens.has(address, now)) return false;
    this.sessionOpens.take(session, now);
    this.addressOpens.take(address, now);
    return true;
  }

  /**
   * The pause before a refused open is answered (REFUSED_OPEN_DELAY_MS); none while the
   * address already has REFUSALS_HELD_PER_ADDRESS refusals waiting.
   */
  async holdRefusal(address: string): Promise<void> {
    const held = this.held.get(address) ?? 0;
    if (held >= REFUSALS_HELD_PER_ADDRESS) return;
    this.held.set(address, held + 1);
    try {
      await new Promise((resolve) => setTimeout(resolve, REFUSED_OPEN_DELAY_MS));
    } finally {
      const left = (this.held.get(address) ?? 1) - 1;
      if (left > 0) this.held.set(address, left);
      else this.held.delete(address);
    }
  }

  /**
   * Counts a new stream in; closes (through their `close`) the oldest streams of its session
   * and address past the caps. Answers the stream's release, called when it ends.
   */
  admit(session: string, address: string, close: () => void): () => void {
    const stream: OpenStream = { session, address, close };
    this.add(this.bySession, session, stream);
    this.add(this.byAddress, address, stream);
    this.trim(this.bySession.get(session), this.perSession);
    this.trim(this.byAddress.get(address), this.perAddress);
    return () => this.remove(stream);
  }

  /** How many streams are open (tests). */
  get size(): number {
    let count = 0;
    for (const list of this.bySession.values()) count += list.length;
    return count;
  }

  private add(map: Map<string, OpenStream[]>, key: string, stream: OpenStream) {
    const list = map.get(key);
    if (list) list.push(stream);
    else map.set(key, [stream]);
  }

  private trim(list: OpenStream[] | undefined, cap: number) {
    while (list && list.length > cap) {
      const oldest = list[0];
      if (!oldest) return;
      this.remove(oldest);
      oldest.close();
    }
  }

  private remove(stream: OpenStream) {
    for (const [map, key] of [
      [this.bySession, stream.session],
      [this.byAddress, stream.address],
    ] as const) {
      const list = map.get(key);
      if (!list) continue;
      const at = list.indexOf(stream);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) map.delete(key);
    }
  }
}

/**
 * How many realtime channels (GET /api/events.php) one session and one client address keep
 * open (docs/security.md "No cap on event streams"). Each open stream holds a socket, a
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

interface OpenStream {
  session: string;
  address: string;
  close: () => void;
}

/** The open streams of one app, oldest first per session and per address. */
export class StreamLimits {
  private readonly bySession = new Map<string, OpenStream[]>();
  private readonly byAddress = new Map<string, OpenStream[]>();

  constructor(
    private readonly perSession = STREAMS_PER_SESSION,
    private readonly perAddress = STREAMS_PER_ADDRESS,
  ) {}

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

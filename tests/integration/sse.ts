/**
 * Reads a server-sent-events answer as a browser's EventSource would: frames split on a blank
 * line, `event`/`data`/`id` fields, comments and `retry:` ignored, and an `id:` without data
 * only moving the cursor (`lastId`).
 */
export interface SseEvent {
  event: string;
  data: unknown;
  /** The frame's id; null for events that carry none (typing). */
  id: number | null;
}

export interface SseReader {
  /** The next event; fails after `timeoutMs` without one, or when the stream ended. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Every event that arrives within `ms`. */
  collect(ms: number): Promise<SseEvent[]>;
  /** The cursor the browser would send back as Last-Event-ID. */
  readonly lastId: string | null;
  /** Waits for the first cursor (`id:`): a new channel sends it once it listens. */
  cursor(timeoutMs?: number): Promise<string>;
  /** Whether the server ended the stream. */
  ended(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export function sseReader(response: Response): SseReader {
  if (!response.body) throw new Error('no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let lastId: string | null = null;
  let done = false;
  const events: SseEvent[] = [];
  let reading: Promise<ReadableStreamReadResult<string>> | null = null;

  const parse = () => {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      let id: string | null = null;
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
      if (id !== null) lastId = id;
      if (data.length > 0)
        events.push({ event, data: JSON.parse(data.join('\n')), id: id === null ? null : Number(id) });
    }
  };

  /** Reads one chunk; false when the time ran out first. */
  const fill = async (ms: number): Promise<boolean> => {
    reading ??= reader.read();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(0, ms));
    });
    const result = await Promise.race([reading, timeout]);
    clearTimeout(timer);
    if (result === 'timeout') return false;
    reading = null;
    if (result.done) done = true;
    else {
      buffer += result.value;
      parse();
    }
    return true;
  };

  return {
    async next(timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length === 0) {
        if (done) throw new Error('the stream ended');
        if (!(await fill(deadline - Date.now()))) throw new Error(`no event within ${timeoutMs} ms`);
      }
      return events.shift()!;
    },
    async collect(ms) {
      const deadline = Date.now() + ms;
      while (!done && Date.now() < deadline) await fill(deadline - Date.now());
      return events.splice(0);
    },
    get lastId() {
      return lastId;
    },
    async cursor(timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (lastId === null) {
        if (done) throw new Error('the stream ended');
        if (!(await fill(deadline - Date.now()))) throw new Error(`no cursor within ${timeoutMs} ms`);
      }
      return lastId;
    },
    async ended(timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!done && Date.now() < deadline) await fill(deadline - Date.now());
      return done;
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}

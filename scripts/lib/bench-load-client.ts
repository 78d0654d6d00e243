/**
 * The load generator of the load benchmark, in its own process (forked by bench-load.ts):
 * autocannon with N connections for D seconds against one route; every answer's time is
 * kept, so the percentiles (p95 among them) are exact. Prints one JSON line: LoadResult.
 * Argument: the JSON of a LoadSpec.
 *
 * Bodies are not kept: autocannon appends every answer's body to a JavaScript string (for
 * body checks and request chains, which this bench does not use). For the static home that
 * meant decoding 11.7 KB of brotli bytes as UTF-8 in the load generator for each answer,
 * about three times the CPU the server spent on it, which throttled the row on two cores
 * by the generator's cost rather than the server's. Bytes are still counted.
 */
import autocannon from 'autocannon';
import PipelinedRequestsQueue from 'autocannon/lib/pipelinedRequestsQueue.js';

PipelinedRequestsQueue.prototype.addBody = () => undefined;

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** Requests the connections cycle through (each connection in order); default the url's. */
  requests?: { path: string; headers: Record<string, string>; method?: 'GET' | 'POST'; body?: string }[];
  /** Replace `[<id>]` in bodies and headers with a new id per request (a message's client_id). */
  idReplacement?: boolean;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p97_5: number;
  p99: number;
  /** Answers that were not 2xx/3xx (304 counts as an answer), errors and timeouts. */
  failed: number;
  statuses: Record<string, number>;
  /** CPU time the load generator itself used while loading (user + system), in seconds. */
  cpuSeconds: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
const times: number[] = [];
let connected = 0;
const statuses: Record<string, number> = {};
const cpuAtStart = process.cpuUsage();
const instance = autocannon(
  {
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    headers: spec.headers,
    timeout: 10,
    ...(spec.requests ? { requests: spec.requests } : {}),
    ...(spec.idReplacement ? { idReplacement: true } : {}),
    // Each connection starts elsewhere in the list, as different people ask at the same
    // moment (else all connections would send the same member's request at once).
    setupClient: (client) => {
      const list = spec.requests;
      if (!list || list.length < 2) return;
      const shift = (connected++ * Math.max(1, Math.floor(list.length / spec.connections))) % list.length;
      client.setRequests([...list.slice(shift), ...list.slice(0, shift)]);
    },
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    const cpu = process.cpuUsage(cpuAtStart);
    times.sort((a, b) => a - b);
    const answered: LoadResult = {
      requests: times.length,
      perSecond: times.length / spec.seconds,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p97_5: percentile(times, 97.5),
      p99: percentile(times, 99),
      failed: result.errors + result.timeouts + (result.non2xx - (statuses['304'] ?? 0)),
      statuses,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
    process.stdout.write(`${JSON.stringify(answered)}\n`);
  },
);
instance.on('response', (_client, status, _bytes, ms) => {
  times.push(ms);
  statuses[status] = (statuses[status] ?? 0) + 1;
});

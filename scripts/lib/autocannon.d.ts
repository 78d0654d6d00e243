/** The part of autocannon's programmatic API the load benchmark uses (scripts/lib/bench-load-client.ts). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: { path?: string; method?: string; headers?: Record<string, string>; body?: string }[];
    idReplacement?: boolean;
    timeout?: number;
    setupClient?: (client: Client) => void;
  }

  interface Client {
    setRequests(requests: { path?: string; method?: string; headers?: Record<string, string>; body?: string }[]): void;
  }

  interface Histogram {
    average: number;
    total: number;
    sent?: number;
  }

  interface Result {
    requests: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }

  interface Instance extends EventEmitter {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}

/** The queue each autocannon connection keeps its answers in (bench-load-client.ts stops it keeping bodies). */
declare module 'autocannon/lib/pipelinedRequestsQueue.js' {
  class PipelinedRequestsQueue {
    addBody(data: Buffer): void;
  }
  export default PipelinedRequestsQueue;
}

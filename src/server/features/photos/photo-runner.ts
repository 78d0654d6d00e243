/**
 * Where a photo worker runs (photo-pool.ts): a worker thread, which gets the upload's bytes
 * transferred, or a child process, which gets them copied over its channel but runs at a lower
 * CPU priority (`niceness` added to the API's) with all its threads. Both run photo-worker.ts
 * and have a heap of their own, limited.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { RenderInput, RenderResult } from './render.ts';

/** One running worker, thread or process. */
export interface Runner {
  /** Sends a job; a thread gets the input's buffer transferred when it can be. */
  send(input: RenderInput): void;
  /** Lets the process exit while this worker idles (unref), or holds it (ref). */
  hold(held: boolean): void;
  /** Ends the worker; resolves once it is gone. */
  end(): Promise<void>;
}

export interface RunnerEvents {
  message: (result: RenderResult) => void;
  /** Out of heap, a thrown error, an exit without an answer. */
  failure: () => void;
}

export interface RunnerOptions {
  url: URL;
  /** V8 heap limits (a process gets the old generation's as --max-old-space-size). */
  limits: ResourceLimits;
  /** A child process of this lower priority instead of a thread (0: a thread). */
  niceness: number;
}

/** The buffer the input's bytes live in, when it can be handed over whole. */
function wholeBuffer(bytes: Uint8Array): ArrayBuffer | null {
  const buffer = bytes.buffer;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? buffer
    : null;
}

function threadRunner(options: RunnerOptions, events: RunnerEvents): Runner {
  const worker = new Worker(options.url, { resourceLimits: options.limits, stdout: false, stderr: false });
  worker.on('message', events.message);
  worker.on('error', events.failure);
  worker.on('exit', events.failure);
  return {
    send(input) {
      const bytes = input.kind === 'file' ? input.bytes : input.data;
      const whole = wholeBuffer(bytes);
      try {
        worker.postMessage(input, whole ? [whole] : []);
      } catch {
        // Not transferable (a Buffer of native memory): the worker gets a copy of its own.
        const copy = new Uint8Array(bytes);
        worker.postMessage(input.kind === 'file' ? { ...input, bytes: copy } : { ...input, data: copy }, [copy.buffer]);
      }
    },
    hold(held) {
      if (held) worker.ref();
      else worker.unref();
    },
    async end() {
      worker.removeAllListeners();
      // Errors after the end (a late exit) are of no interest any more.
      worker.on('error', () => {});
      await worker.terminate();
    },
  };
}

const PROCESS_ENTRY = new URL('./photo-process.ts', import.meta.url);

function processRunner(options: RunnerOptions, events: RunnerEvents): Runner {
  const child: ChildProcess = fork(PROCESS_ENTRY, [options.url.href, String(options.niceness)], {
    serialization: 'advanced',
    execArgv: [...process.execArgv, `--max-old-space-size=${options.limits.maxOldGenerationSizeMb ?? 64}`],
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const onMessage = (result: unknown) => events.message(result as RenderResult);
  child.on('message', onMessage);
  child.on('error', events.failure);
  child.on('exit', events.failure);
  return {
    send(input) {
      child.send(input);
    },
    hold(held) {
      if (held) {
        child.ref();
        child.channel?.ref();
      } else {
        child.unref();
        child.channel?.unref();
      }
    },
    async end() {
      child.off('message', onMessage);
      child.off('exit', events.failure);
      child.off('error', events.failure);
      // Errors after the end (a failed kill) are of no interest any more.
      child.on('error', () => {});
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Starts a worker as `options` say. */
export function startRunner(options: RunnerOptions, events: RunnerEvents): Runner {
  return options.niceness > 0 ? processRunner(options, events) : threadRunner(options, events);
}

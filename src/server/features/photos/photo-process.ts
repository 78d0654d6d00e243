/**
 * A photo worker as a child process (photo-runner.ts), started with the worker script and a
 * niceness: lowers its own CPU priority by that niceness before anything starts a thread, so
 * every thread of the decode inherits it, then runs the worker script (photo-worker.ts).
 * Node-only imports: Node runs this file itself (type stripping), outside any bundler.
 */
import { getPriority, setPriority } from 'node:os';

const [script, nicenessArg] = process.argv.slice(2);
const niceness = Number(nicenessArg ?? 0);
if (niceness > 0) {
  try {
    setPriority(Math.min(19, getPriority() + niceness));
  } catch {
    // A system that refuses: the decode runs at the API's priority.
  }
}
await import(script ?? './photo-worker.ts');

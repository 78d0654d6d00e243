/**
 * The one submit flow of every form (docs/decisions.md 'Patterns'). `createForm(action)`
 * owns three stores: $busy while the action runs, $error with the text of its failure in the
 * member's language (errorText), and $done once it succeeded. `submit` ignores a second
 * press while busy or done, clears the error, runs the action and always clears busy. A list
 * loader whose control changes while it loads (an order select) asks for `latest`: a call
 * while busy runs once more after the running one, with the newest arguments.
 * Components render the three stores and call `submit`; they keep no state of their own.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { errorField, errorText } from './errors.ts';

export interface Form<Args extends unknown[], Result> {
  readonly $busy: ReadableAtom<boolean>;
  /** The text of the last failure, null when there is none. */
  readonly $error: ReadableAtom<string | null>;
  /** The field the last failure belongs to (server `field` or a CheckError's), if any. */
  readonly $errorField: ReadableAtom<string | null>;
  readonly $done: ReadableAtom<boolean>;
  /** Runs the action; the result, or undefined when it failed or was ignored. */
  submit: (...args: Args) => Promise<Result | undefined>;
  /** Back to the start: not busy, no error, not done (e.g. when the form is shown again). */
  reset: () => void;
}

export interface FormOptions<Result> {
  /**
   * A failure the form handles itself (e.g. a banned account goes to another page): return
   * true and no error text is shown.
   */
  handle?: (error: unknown) => boolean;
  /** Runs after a success, with the action's result (navigation, reloading a list). */
  onDone?: (result: Result) => void;
  /** Stay submittable after a success (a settings section saved twice); default false. */
  repeatable?: boolean;
  /**
   * A call while busy is not dropped: the action runs again when the running one ends, with
   * the newest call's arguments, so the last choice wins (implies repeatable). Calls made
   * meanwhile share that run's result.
   */
  latest?: boolean;
}

export function createForm<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  options: FormOptions<Result> = {},
): Form<Args, Result> {
  const $busy = atom(false);
  const $error = atom<string | null>(null);
  const $errorField = atom<string | null>(null);
  const $done = atom(false);

  /** The running action's outcome, and (with `latest`) the call waiting for it to end. */
  let current: Promise<unknown> = Promise.resolve();
  let queued: { args: Args; run: Promise<Result | undefined> } | null = null;

  async function submit(...args: Args): Promise<Result | undefined> {
    if (options.latest && $busy.get()) {
      if (queued) {
        queued.args = args;
        return queued.run;
      }
      const next: { args: Args; run: Promise<Result | undefined> } = {
        args,
        run: current.then(() => {
          queued = null;
          return submit(...next.args);
        }),
      };
      queued = next;
      return next.run;
    }
    const run = start(...args);
    current = run;
    return run;
  }

  async function start(...args: Args): Promise<Result | undefined> {
    if ($busy.get() || ($done.get() && !(options.repeatable ?? options.latest))) return undefined;
    $busy.set(true);
    $error.set(null);
    $errorField.set(null);
    $done.set(false);
    try {
      const result = await action(...args);
      $done.set(true);
      options.onDone?.(result);
      return result;
    } catch (error) {
      if (!options.handle?.(error)) {
        $error.set(errorText(error));
        $errorField.set(errorField(error) ?? null);
      }
      return undefined;
    } finally {
      $busy.set(false);
    }
  }

  function reset(): void {
    $busy.set(false);
    $error.set(null);
    $errorField.set(null);
    $done.set(false);
  }

  return { $busy, $error, $errorField, $done, submit, reset };
}

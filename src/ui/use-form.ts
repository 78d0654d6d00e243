/** The three stores of a form (src/stores/form.ts), read in a component. */
import { useStore } from '@nanostores/react';
import type { Form } from '#src/stores/form.ts';

export function useForm<Args extends unknown[], Result>(
  form: Form<Args, Result>,
): { busy: boolean; error: string | null; errorField: string | null; done: boolean } {
  return {
    busy: useStore(form.$busy),
    error: useStore(form.$error),
    errorField: useStore(form.$errorField),
    done: useStore(form.$done),
  };
}

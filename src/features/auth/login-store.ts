/**
 * The login form (SPEC §2.7, §8): e-mail and password. Success lands on the page of the
 * `?return=` parameter when it is a path of this site (src/lib/return-path.ts), otherwise on
 * members; a banned account goes to the access-ban page instead of showing an error.
 */
import { ApiError } from '#src/client/api.ts';
import { postLogin } from '#src/contract/accounts.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { RETURN_PARAM, safeReturnPath } from '#src/lib/return-path.ts';

export const loginForm = createForm(
  (email: string, password: string) => environment().api.call(postLogin, { body: { email: email.trim(), password } }),
  {
    handle: (error) => {
      if (!(error instanceof ApiError) || error.code !== 'login_banned') return false;
      environment().navigate('/pages/ban');
      return true;
    },
    onDone: () => environment().navigate(safeReturnPath(environment().location().searchParams.get(RETURN_PARAM))),
  },
);

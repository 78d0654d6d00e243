/**
 * The login form (SPEC §2.7, §8): e-mail and password. Success lands on members; a banned
 * account goes to the access-ban page instead of showing an error.
 */
import { ApiError } from '#src/client/api.ts';
import { postLogin } from '#src/contract/accounts.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';

export const loginForm = createForm(
  (email: string, password: string) => environment().api.call(postLogin, { body: { email: email.trim(), password } }),
  {
    handle: (error) => {
      if (!(error instanceof ApiError) || error.code !== 'login_banned') return false;
      environment().navigate('/pages/ban');
      return true;
    },
    onDone: () => environment().navigate('/members'),
  },
);

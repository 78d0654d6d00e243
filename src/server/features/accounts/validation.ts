/**
 * Input rules of the account calls (SPEC §5, docs/security.md): e-mail syntax, username,
 * date of birth with the minimum age, and passwords of 8-128 characters without composition
 * rules, common passwords refused. Each failure is an HttpError naming the field and the
 * `accounts.errors.<code>` text.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '#src/contract/limits.ts';
import { MIN_AGE } from '#src/lib/constants.ts';
import { fail } from '#src/server/http/errors.ts';

const emailSchema = z.email();

/** Normalizes an address (trimmed, lower-case); null when it is not a valid address. */
export function normalizeEmail(value: string): string | null {
  const email = value.trim().toLowerCase();
  if (email.length > EMAIL_MAX || !emailSchema.safeParse(email).success) return null;
  return email;
}

export function validateName(name: string, email: string): void {
  if (name.trim().toLowerCase() === email.trim().toLowerCase()) throw fail('name_is_email', { field: 'name' });
  if (name.startsWith('@')) throw fail('name_starts_with_at', { field: 'name' });
  // Control characters and markup have no place in a username shown to others.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f<>]/.test(name)) throw fail('name_invalid', { field: 'name' });
}

/** A real calendar date (YYYY-MM-DD), not in the future, at least MIN_AGE years ago. */
export function validateDateOfBirth(value: string, now: Date): void {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const invalid = () => fail('date_of_birth_invalid', { field: 'date_of_birth' });
  if (!match) throw invalid();
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) throw invalid();
  if (year < now.getUTCFullYear() - 120 || date.getTime() > now.getTime()) throw invalid();
  let age = now.getUTCFullYear() - year;
  const beforeBirthday = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  if (age < MIN_AGE) throw fail('date_of_birth_too_young', { field: 'date_of_birth', params: { min_age: MIN_AGE } });
}

let commonPasswords: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** Length 8-128 (in characters, not bytes) and not a common password. */
export function validatePassword(password: string, field = 'password'): void {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN) throw fail('password_too_short', { field: field, params: { min: PASSWORD_MIN } });
  if (length > PASSWORD_MAX) throw fail('password_too_long', { field: field, params: { max: PASSWORD_MAX } });
  if (isCommonPassword(password)) throw fail('password_common', { field: field });
}

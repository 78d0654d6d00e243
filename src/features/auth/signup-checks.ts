/**
 * The account step's client checks (SPEC §5) before anything is sent, and which field a
 * refusal belongs to. Pure: each failed check is a CheckError (src/stores/errors.ts) with its
 * catalogue key, field and the values its text names. The password rule and the e-mail
 * syntax serve the password reset too.
 */
import emailSpellChecker from '@zootools/email-spell-checker';
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '#src/contract/limits.ts';
import type { TranslationKey } from '#src/i18n/index.ts';
import { MIN_AGE } from '#src/lib/constants.ts';
import { CheckError } from '#src/stores/errors.ts';
import { SIGNUP_FIELDS, type SignupField, type SignupValues } from './signup-state.ts';

/** The client checks that failed, by field. */
export type AccountChecks = Partial<Record<SignupField, CheckError>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** 'Did you mean …?' for likely typos in the domain; null when nothing better is known. */
export function emailSuggestion(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed.includes('@')) return null;
  const suggestion = emailSpellChecker.run({ email: trimmed });
  return suggestion && suggestion.full !== trimmed ? suggestion.full : null;
}

/** Age in whole years on `now`; null when the date does not exist. */
export function ageOn(dateOfBirth: string, now: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (date.getTime() > now.getTime()) return null;
  let age = now.getUTCFullYear() - year;
  const beforeBirthday = now.getUTCMonth() < month - 1 || (now.getUTCMonth() === month - 1 && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age > 130 ? null : age;
}

/** The password length rule of SPEC §5 (signup and the reset link), with the values its texts name. */
export function passwordCheck(password: string, field = 'password'): CheckError | undefined {
  const bounds = { min: PASSWORD_MIN, max: PASSWORD_MAX };
  if (password.length < PASSWORD_MIN) return new CheckError('auth.validation.password_too_short', field, bounds);
  if (password.length > PASSWORD_MAX) return new CheckError('auth.validation.password_too_long', field, bounds);
  return undefined;
}

function nameCheck(name: string, email: string): CheckError | undefined {
  const check = (key: TranslationKey) => new CheckError(key, 'name', { min: NAME_MIN, max: NAME_MAX });
  if (name.startsWith('@')) return check('auth.validation.name_starts_with_at');
  if (email !== '' && name.toLowerCase() === email.toLowerCase()) return check('auth.validation.name_is_email');
  if (name.length < NAME_MIN) return check('auth.validation.name_too_short');
  if (name.length > NAME_MAX) return check('auth.validation.name_too_long');
  return undefined;
}

function dateOfBirthCheck(dateOfBirth: string, now: Date): CheckError | undefined {
  const age = dateOfBirth === '' ? 0 : ageOn(dateOfBirth, now);
  if (age === null) return new CheckError('auth.validation.date_of_birth_invalid', 'date_of_birth');
  if (age < MIN_AGE)
    return new CheckError('auth.validation.date_of_birth_too_young', 'date_of_birth', { min_age: MIN_AGE });
  return undefined;
}

/** Client-side checks of SPEC §5 before anything is sent. */
export function validateAccount(values: SignupValues, now: Date = new Date()): AccountChecks {
  const email = values.email.trim();
  const checks: Record<SignupField, CheckError | undefined> = {
    email: isValidEmail(email) ? undefined : new CheckError('auth.validation.email_invalid', 'email'),
    name: nameCheck(values.name.trim(), email),
    password: passwordCheck(values.password),
    date_of_birth: dateOfBirthCheck(values.date_of_birth, now),
    gender: values.gender === '' ? new CheckError('auth.validation.gender_required', 'gender') : undefined,
    terms: values.terms ? undefined : new CheckError('auth.validation.terms_required', 'terms'),
  };
  return Object.fromEntries(Object.entries(checks).filter(([, check]) => check !== undefined));
}

/** Which field a server error belongs to: its `field`, else by code. */
export function fieldOfError(code: string, field?: string): SignupField | null {
  if (field && (SIGNUP_FIELDS as readonly string[]).includes(field)) return field as SignupField;
  if (code.startsWith('email_')) return 'email';
  if (code.startsWith('name_')) return 'name';
  if (code.startsWith('password_')) return 'password';
  if (code.startsWith('date_of_birth_')) return 'date_of_birth';
  return null;
}

/**
 * Every error code the API answers, with its HTTP status and default text: ERROR_STATUS's
 * generic codes and each feature's ErrorDeclaration. A code is declared once; the server's
 * `fail(code)` (src/server/http/route.ts) looks its status and text up here, and a test
 * (tests/integration/endpoint-roles.test.ts) checks every endpoint's codes are declared.
 */
import { ACCOUNT_ERRORS } from './accounts.ts';
import { BILLING_ERRORS } from './billing.ts';
import { CHAT_ERRORS } from './chat.ts';
import { DATA_EXPORT_ERRORS } from './data-export.ts';
import { GENERIC_ERRORS, type ErrorDeclaration } from './define.ts';
import { DIRECT_DEBIT_ERRORS } from './direct-debit.ts';
import { DISCOUNT_ERRORS } from './discounts.ts';
import { LIKES_ERRORS } from './likes.ts';
import { MEMBER_ERRORS } from './members.ts';
import { OPERATOR_ERRORS } from './operator.ts';
import { PHOTO_ERRORS } from './photos.ts';
import { REPORT_ERRORS } from './reports.ts';
import { STAFF_ERRORS } from './staff.ts';
import { STAFF_MEMBERS_ERRORS } from './staff-members.ts';
import { STAFF_MODERATION_ERRORS } from './staff-moderation.ts';
import { STAFF_PRICES_ERRORS } from './staff-prices.ts';

/** Every declaration; a new feature's codes are added here. */
export const ERROR_DECLARATIONS = [
  GENERIC_ERRORS,
  ACCOUNT_ERRORS,
  BILLING_ERRORS,
  CHAT_ERRORS,
  DATA_EXPORT_ERRORS,
  DIRECT_DEBIT_ERRORS,
  DISCOUNT_ERRORS,
  LIKES_ERRORS,
  MEMBER_ERRORS,
  OPERATOR_ERRORS,
  PHOTO_ERRORS,
  REPORT_ERRORS,
  STAFF_ERRORS,
  STAFF_MEMBERS_ERRORS,
  STAFF_MODERATION_ERRORS,
  STAFF_PRICES_ERRORS,
] as const;

/** A code of the API. */
export type ApiErrorCode = (typeof ERROR_DECLARATIONS)[number]['codes'][number];

/** A declared code's status and default text. */
export interface DeclaredError {
  status: number;
  /** The i18n key of the default text. */
  message: string;
  /** Statuses of other texts of the code (ErrorDeclaration's statusOfMessage). */
  statusOfMessage: Readonly<Record<string, number>>;
}

const declared = new Map<string, DeclaredError>();
for (const declaration of ERROR_DECLARATIONS as readonly ErrorDeclaration[]) {
  for (const code of declaration.codes) {
    if (declared.has(code)) throw new Error(`error code '${code}' is declared twice`);
    declared.set(code, {
      status: declaration.status[code] ?? 400,
      message: `${declaration.messages}.${code}`,
      statusOfMessage: declaration.statusOfMessage,
    });
  }
}

/** The declaration of a code, or undefined for a code nobody declared. */
export function declaredError(code: string): DeclaredError | undefined {
  return declared.get(code);
}

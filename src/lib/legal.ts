import { TERMS_BASE_DATE } from './constants.ts';

/** The terms version date: 2023-12-01 12:00 UTC, or the company's added date if later (SPEC §9). */
export function termsVersionDate(companyAdded: string | Date | null | undefined): Date {
  const added = companyAdded ? new Date(companyAdded) : null;
  if (added && !Number.isNaN(added.getTime()) && added > TERMS_BASE_DATE) return added;
  return TERMS_BASE_DATE;
}

/** Support phone as dialled: dashes and spaces removed (SPEC §5). */
export function normalizePhone(phone: string): string {
  return phone.replace(/[-\s]/g, '');
}

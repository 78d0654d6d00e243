/**
 * The discount codes' state in the Money section (docs/staff.md "Money"): the codes list with
 * its prefix search and pages, a code's uses, creating, pausing and resuming a code. Forgotten
 * at logout.
 */
import { atom } from 'nanostores';
import {
  getStaffCodeUses,
  getStaffCodes,
  postStaffCode,
  postStaffCodeStatus,
  type CodeUse,
  type NewCode,
  type StaffCode,
} from '#src/contract/staff-money.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { onSessionEnd } from '../session-store.ts';

export const $codes = atom<{ codes: StaffCode[]; next: number | null; q: string } | null>(null);
export const $uses = atom<{ code: StaffCode; uses: CodeUse[]; next: number | null } | null>(null);

onSessionEnd(() => {
  $codes.set(null);
  $uses.set(null);
});

export const codesForm = createForm(
  async (q: string) => {
    const page = await environment().api.call(getStaffCodes, { query: q ? { q } : {} });
    $codes.set({ ...page, q });
    $uses.set(null);
  },
  { repeatable: true },
);

export const moreCodesForm = createForm(
  async () => {
    const current = $codes.get();
    if (current?.next == null) return;
    const query = { ...(current.q ? { q: current.q } : {}), after: String(current.next) };
    const page = await environment().api.call(getStaffCodes, { query });
    $codes.set({ ...current, codes: [...current.codes, ...page.codes], next: page.next });
  },
  { repeatable: true },
);

function replaceCode(code: StaffCode): void {
  const current = $codes.get();
  const known = current?.codes.some((row) => row.id === code.id) ?? false;
  const codes = known
    ? (current?.codes ?? []).map((row) => (row.id === code.id ? code : row))
    : [code, ...(current?.codes ?? [])];
  $codes.set({ codes, next: current?.next ?? null, q: current?.q ?? '' });
  const uses = $uses.get();
  if (uses?.code.id === code.id) $uses.set({ ...uses, code });
}

export const createCodeForm = createForm(
  async (input: NewCode) => {
    const { code } = await environment().api.call(postStaffCode, { body: input });
    replaceCode(code);
    return code;
  },
  { repeatable: true },
);

export const codeStatusForm = createForm(
  async (id: number, status: StaffCode['status'], reason: string) => {
    const { code } = await environment().api.call(postStaffCodeStatus, { body: { id, status, reason } });
    replaceCode(code);
  },
  { repeatable: true },
);

export const usesForm = createForm(
  async (id: number) => {
    $uses.set(await environment().api.call(getStaffCodeUses, { query: { id: String(id) } }));
  },
  { repeatable: true },
);

export function closeUses(): void {
  $uses.set(null);
}

/**
 * The new code's body from the form's texts: an empty text is "none", the minimum is in major
 * units (12.50), the expiry the end of the chosen UTC day, the start its beginning.
 */
export function newCodeOf(fields: {
  code: string;
  percentage: string;
  site: string;
  country: string;
  minimum: string;
  currency: string;
  validity: NewCode['validity'];
  expires: string;
  starts?: string;
  maxUses?: string;
  firstPurchaseOnly?: boolean;
  reason: string;
}): NewCode {
  const maxUses = fields.maxUses?.trim() ? Number(fields.maxUses.trim()) : null;
  const minimum = fields.minimum.trim() ? Math.round(Number(fields.minimum.replace(',', '.')) * 100) : null;
  return {
    code: fields.code,
    percentage: fields.percentage.replace(',', '.'),
    site: fields.site || null,
    country: fields.country.trim() ? fields.country.trim().toUpperCase() : null,
    minimum_minor: minimum,
    currency: minimum === null ? null : fields.currency.trim().toUpperCase() || null,
    validity: fields.validity,
    expires_at: fields.expires ? `${fields.expires}T23:59:59Z` : null,
    starts_at: fields.starts ? `${fields.starts}T00:00:00Z` : null,
    max_uses: maxUses,
    first_purchase_only: fields.firstPurchaseOnly ?? false,
    payment_methods: [],
    reason: fields.reason,
  };
}

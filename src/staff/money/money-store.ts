/**
 * The Money section's state (docs/staff.md "Money"): the orders list with its filters and
 * pages, an order's page with the refund behind a fresh second factor, the discount codes with
 * a code's uses, creating, pausing and resuming a code, and the daily reconciliation. Screens
 * render these stores and call the forms; everything is forgotten at logout.
 */
import { atom } from 'nanostores';
import {
  getStaffCodeUses,
  getStaffCodes,
  getStaffOrder,
  getStaffOrders,
  getStaffReconciliation,
  postStaffCode,
  postStaffCodeStatus,
  postStaffOrderRefund,
  type CodeUse,
  type NewCode,
  type Reconciliation,
  type StaffCode,
  type StaffOrderPage,
  type StaffOrderRow,
} from '#src/contract/staff-money.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { askForReauth, onSessionEnd } from '../session-store.ts';

export type MoneyTab = 'orders' | 'codes' | 'reconciliation';

/** The orders filters as the form gives them (empty: not filtered). */
export interface OrderFilters {
  site: string;
  status: string;
  method: string;
  from: string;
  to: string;
  member: string;
  order: string;
}

export const $tab = atom<MoneyTab>('orders');
export const $orders = atom<{ orders: StaffOrderRow[]; next: number | null; filters: OrderFilters } | null>(null);
export const $order = atom<StaffOrderPage | null>(null);
export const $codes = atom<{ codes: StaffCode[]; next: number | null; q: string } | null>(null);
export const $uses = atom<{ code: StaffCode; uses: CodeUse[]; next: number | null } | null>(null);
export const $reconciliation = atom<Reconciliation | null>(null);

onSessionEnd(() => {
  $tab.set('orders');
  $orders.set(null);
  $order.set(null);
  $codes.set(null);
  $uses.set(null);
  $reconciliation.set(null);
});

export function openTab(tab: MoneyTab): void {
  $tab.set(tab);
  $order.set(null);
  $uses.set(null);
}

/** The query of the filters given (empty ones left out). */
export function orderQuery(filters: OrderFilters, after?: number) {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters) as [string, string][]) {
    if (value.trim()) query[name] = value.trim();
  }
  if (after !== undefined) query.after = String(after);
  return query;
}

export const ordersForm = createForm(
  async (filters: OrderFilters) => {
    const page = await environment().api.call(getStaffOrders, { query: orderQuery(filters) });
    $orders.set({ ...page, filters });
    $order.set(null);
  },
  { repeatable: true },
);

export const moreOrdersForm = createForm(
  async () => {
    const current = $orders.get();
    if (current?.next == null) return;
    const page = await environment().api.call(getStaffOrders, { query: orderQuery(current.filters, current.next) });
    $orders.set({ ...current, orders: [...current.orders, ...page.orders], next: page.next });
  },
  { repeatable: true },
);

export const openOrderForm = createForm(
  async (id: string) => {
    $order.set(await environment().api.call(getStaffOrder, { query: { id } }));
  },
  { repeatable: true },
);

export function closeOrder(): void {
  $order.set(null);
}

export const refundForm = createForm(
  async (id: string, reason: string) => {
    const { page } = await environment().api.call(postStaffOrderRefund, { body: { order: id, reason } });
    $order.set(page);
    // The list shows the new status too.
    const list = $orders.get();
    if (list) {
      $orders.set({
        ...list,
        orders: list.orders.map((row) => (row.id === id ? { ...row, status: page.order.status } : row)),
      });
    }
  },
  { repeatable: true, handle: askForReauth },
);

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

export const reconciliationForm = createForm(
  async (from: string, to: string) => {
    $reconciliation.set(await environment().api.call(getStaffReconciliation, { query: { from, to } }));
  },
  { repeatable: true },
);

/** An ISO date `days` before `today` (the reconciliation's default range). */
export function daysBefore(today: number, days: number): string {
  return new Date(today - days * 86_400_000).toISOString().slice(0, 10);
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

/**
 * The Money section's state (docs/staff.md "Money"): the tab, the orders list with its filters
 * and pages, an order's page with the refund behind a fresh second factor, and the daily
 * reconciliation (the discount codes: codes-store.ts). Screens render these stores and call
 * the forms; everything is forgotten at logout.
 */
import { atom } from 'nanostores';
import {
  getStaffOrder,
  getStaffOrders,
  getStaffReconciliation,
  postStaffOrderRefund,
  type Reconciliation,
  type StaffOrderPage,
  type StaffOrderRow,
} from '#src/contract/staff-money.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { askForReauth, onSessionEnd } from '../session-store.ts';
import { closeUses } from './codes-store.ts';

export type MoneyTab = 'orders' | 'codes' | 'reconciliation' | 'prices';

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
export const $reconciliation = atom<Reconciliation | null>(null);

onSessionEnd(() => {
  $tab.set('orders');
  $orders.set(null);
  $order.set(null);
  $reconciliation.set(null);
});

export function openTab(tab: MoneyTab): void {
  $tab.set(tab);
  $order.set(null);
  closeUses();
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

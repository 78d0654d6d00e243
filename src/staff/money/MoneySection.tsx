/**
 * The Money section (docs/staff.md "Money"): orders with their filters and an order's page
 * (payment history, provider events, member, credits, refund behind a fresh second factor),
 * discount codes, the daily reconciliation and the bundle prices (PricesPanel.tsx). Finance
 * acts; admin reads. The server checks every role again.
 */
import { useStore } from '@nanostores/react';
import { ORDER_STATUSES, PAYMENT_METHODS } from '#src/contract/billing.ts';
import { MONEY_WRITERS, type StaffOrderPage } from '#src/contract/staff-money.ts';
import { Alert, FormMessage, SelectField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { Heading, List, MoreButton, ReauthForm, Table, field } from '../console-ui.tsx';
import type { SectionProps } from '../sections.ts';
import { $reauthNeeded, holdsRole } from '../session-store.ts';
import CodesPanel from './CodesPanel.tsx';
import PricesPanel from './PricesPanel.tsx';
import {
  $order,
  $orders,
  $tab,
  closeOrder,
  moreOrdersForm,
  openOrderForm,
  openTab,
  ordersForm,
  refundForm,
  type MoneyTab,
} from './money-store.ts';
import ReconciliationPanel from './ReconciliationPanel.tsx';
import { money, when } from './format.ts';
import { MONEY_TEXT as T, fill } from './texts.ts';

const TABS: readonly [MoneyTab, string][] = [
  ['orders', T.tab_orders],
  ['codes', T.tab_codes],
  ['reconciliation', T.tab_reconciliation],
  ['prices', T.tab_prices],
];

function statusLabel(status: string): string {
  return status === 'charged_back' ? T.status_charged_back : status;
}

function OrdersPanel({ sites }: SectionProps) {
  const { busy, error } = useForm(ordersForm);
  const list = useStore($orders);
  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        aria-label={T.tab_orders}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          void ordersForm.submit({
            member: field(event, 'member'),
            order: field(event, 'order'),
            site: field(event, 'site'),
            status: field(event, 'status'),
            method: field(event, 'method'),
            from: field(event, 'from'),
            to: field(event, 'to'),
          });
        }}
      >
        <TextField label={T.filter_member} name="member" type="search" />
        <TextField label={T.filter_order} name="order" type="search" maxLength={16} />
        <SelectField label={T.col_site} name="site" defaultValue="">
          <option value="">{T.any}</option>
          {sites.map((site) => (
            <option key={site.id} value={site.id}>
              {site.brand}
            </option>
          ))}
        </SelectField>
        <SelectField label={T.filter_status} name="status" defaultValue="">
          <option value="">{T.any}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </SelectField>
        <SelectField label={T.filter_method} name="method" defaultValue="">
          <option value="">{T.any}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </SelectField>
        <TextField label={T.filter_from} name="from" type="date" />
        <TextField label={T.filter_to} name="to" type="date" />
        <div className="flex items-end">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {T.find}
          </button>
        </div>
      </form>
      {error && <Alert tone="danger">{error}</Alert>}
      {list && list.orders.length === 0 && <p>{T.no_orders}</p>}
      {list && list.orders.length > 0 && (
        <div>
          <Table
            columns={[
              T.col_order,
              T.col_created,
              T.col_site,
              T.col_member,
              T.col_status,
              T.col_method,
              T.col_amount,
              T.col_credits,
            ]}
          >
            {list.orders.map((order) => (
              <tr key={order.id} className="border-t border-line">
                <td className="p-2">
                  <button type="button" className="link" onClick={() => void openOrderForm.submit(order.id)}>
                    {order.id}
                  </button>
                </td>
                <td className="p-2 whitespace-nowrap">{when(order.created_at)}</td>
                <td className="p-2">{order.site}</td>
                <td className="p-2">
                  {order.member_id} {order.member_email ?? ''}
                </td>
                <td className="p-2">{statusLabel(order.status)}</td>
                <td className="p-2">{order.method}</td>
                <td className="p-2 whitespace-nowrap">{money(order.amount_minor, order.currency)}</td>
                <td className="p-2">{order.credits}</td>
              </tr>
            ))}
          </Table>
          <MoreButton form={moreOrdersForm} next={list.next} />
        </div>
      )}
    </div>
  );
}

function RefundPanel({ page }: { page: StaffOrderPage }) {
  const { busy, error, done } = useForm(refundForm);
  const reauth = useStore($reauthNeeded);
  const { order, refundable } = page;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="refund-heading">
      <h2 id="refund-heading" className="text-lg font-bold">
        {T.refund_title}
      </h2>
      {done && order.status === 'refunded' && (
        <p role="status" className="font-semibold">
          {T.refund_done}
        </p>
      )}
      {refundable ? (
        <>
          <p>
            {fill(T.refund_offer, {
              credits: refundable.credits,
              amount: money(refundable.amount_minor, order.currency),
              until: when(refundable.until),
            })}
          </p>
          {reauth && <ReauthForm />}
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void refundForm.submit(order.id, field(event, 'reason'));
            }}
          >
            <TextField label={T.reason} name="reason" required minLength={3} maxLength={500} />
            {error && <FormMessage tone="danger">{error}</FormMessage>}
            <button type="submit" className="btn btn-outline self-start" disabled={busy}>
              {T.refund_button}
            </button>
          </form>
        </>
      ) : (
        <p>
          {T.refund_refused} {page.refund_refusal}
        </p>
      )}
    </section>
  );
}

function OrderScreen({ page }: { page: StaffOrderPage }) {
  const { order, member } = page;
  const pay = (minor: number) => money(minor, order.currency);
  const facts: [string, string][] = [
    [T.col_status, statusLabel(order.status)],
    [T.col_created, when(order.created_at)],
    [T.col_site, order.site],
    [T.payment, `${order.method} (${order.kind}) · ${order.country} · ${order.package} · ${order.credits} credits`],
    [T.col_amount, pay(order.amount_minor)],
    [T.list_price, pay(order.list_price_minor)],
    [
      T.discount,
      order.discount_code
        ? `${order.discount_code} ${order.discount_percentage ?? ''} % · −${pay(order.discount_minor)}`
        : T.none,
    ],
    [T.fee, pay(order.transaction_fee_minor)],
    [T.provider, order.provider],
    [T.provider_session, order.provider_session ?? ''],
    [T.provider_ref, order.provider_ref ?? ''],
  ];
  if (order.failure_reason) facts.push([T.failure, order.failure_reason]);
  if (order.refunded_at)
    facts.push([
      T.refunded,
      `${when(order.refunded_at)} · ${order.refunded_credits} credits · ${pay(order.refund_minor)} · ${order.refund_provider_ref ?? ''}`,
    ]);
  if (order.charged_back_at)
    facts.push([
      T.chargeback,
      `${when(order.charged_back_at)} · ${order.chargeback_credits} credits · ${order.chargeback_shortfall} ${T.shortfall}`,
    ]);
  facts.push([
    T.member,
    `#${member.id} · ${member.email ?? ''} · ${member.site} · ${member.status} · ${member.credits} credits${member.billing_hold ? ` · ${T.billing_hold}` : ''}`,
  ]);
  return (
    <article className="flex flex-col gap-5">
      <button type="button" className="link self-start" onClick={closeOrder}>
        {T.back_orders}
      </button>
      <Heading>
        {T.order_title} {order.id}
      </Heading>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold">{term}</dt>
            <dd className="break-words" data-testid={term === T.col_status ? 'order-status' : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {holdsRole(MONEY_WRITERS) && <RefundPanel page={page} />}
      <List
        title={T.history}
        items={page.history.map((h) => `${when(h.at)} · ${h.from ?? '—'} → ${h.to} · ${h.cause}`)}
      />
      <List
        title={T.events}
        items={page.events.map((e) => `${when(e.at)} · ${e.provider} ${e.event_id} · ${e.type} · ${e.outcome}`)}
      />
      <List
        title={T.credits}
        items={page.credits.map((l) => `${when(l.at)} · ${l.reason} · ${l.delta} → ${l.balance_after}`)}
      />
    </article>
  );
}

export default function MoneySection({ sites }: SectionProps) {
  const tab = useStore($tab);
  const order = useStore($order);
  if (order) return <OrderScreen page={order} />;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="money-heading">
      <Heading>
        <span id="money-heading">{T.title}</span>
      </Heading>
      {!holdsRole(MONEY_WRITERS) && <p className="text-ink-muted">{T.read_only}</p>}
      <nav aria-label={T.tabs}>
        <ul className="flex flex-wrap gap-2">
          {TABS.map(([name, label]) => (
            <li key={name}>
              <button
                type="button"
                className={name === tab ? 'btn btn-primary' : 'btn btn-outline'}
                aria-current={name === tab ? 'page' : undefined}
                onClick={() => openTab(name)}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'orders' && <OrdersPanel sites={sites} />}
      {tab === 'codes' && <CodesPanel sites={sites} />}
      {tab === 'reconciliation' && <ReconciliationPanel />}
      {tab === 'prices' && <PricesPanel />}
    </section>
  );
}

import { randomBytes } from "node:crypto";
import type {
  ApiList, BillingReason, Charge, CheckoutLineItem, CheckoutSession, Customer, Invoice, InvoiceLine, InvoicePayment, Metadata,
  PaymentError, PaymentIntent, Price, Product, Recurring, Refund, Subscription, SubscriptionItem, SubscriptionStatus,
} from "./types";

export function newId(prefix: string): string {
  return prefix + randomBytes(12).toString("base64url").replace(/[-_]/g, "x");
}

export function now(): number {
  return Math.floor(Date.now() / 1000);
}

export function list<T>(data: T[], url: string, hasMore = false): ApiList<T> {
  return { object: "list", data, has_more: hasMore, url };
}

/** Stripe's metadata update: keys are set one by one, and an empty value removes its key. */
export function mergeMetadata(target: Metadata, update: Metadata | undefined): void {
  for (const [key, value] of Object.entries(update ?? {})) {
    if (value === "") delete target[key];
    else target[key] = value;
  }
}

/** Adds whole intervals the way Stripe bills: Jan 31 + 1 month is Feb 28 (29), not Mar 3. */
export function addInterval(at: number, recurring: Pick<Recurring, "interval" | "interval_count">): number {
  const count = recurring.interval_count;
  if (recurring.interval === "day") return at + count * 86_400;
  if (recurring.interval === "week") return at + count * 7 * 86_400;
  const d = new Date(at * 1000);
  const months = recurring.interval === "year" ? 12 * count : count;
  const target = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(target / 12);
  const month = target % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000;
}

/** Builders for new objects with Stripe's defaults; the flows that change them live in payments.ts and billing.ts. */

export function newCustomer(p: { email: string | null; name: string | null; description: string | null; metadata: Metadata }): Customer {
  return { id: newId("cus_"), object: "customer", created: now(), livemode: false, ...p, invoice_settings: { default_payment_method: null } };
}

export function newProduct(name: string, metadata: Metadata = {}): Product {
  return { id: newId("prod_"), object: "product", created: now(), livemode: false, name, active: true, metadata };
}

export function newPrice(p: {
  currency: string; unit_amount: number; recurring: Recurring | null; product: string; lookup_key: string | null;
  nickname: string | null; metadata: Metadata;
}): Price {
  return {
    id: newId("price_"), object: "price", created: now(), livemode: false, active: true, billing_scheme: "per_unit",
    type: p.recurring ? "recurring" : "one_time", unit_amount_decimal: String(p.unit_amount), ...p,
  };
}

export function newPaymentIntent(p: {
  amount: number; currency: string; customer: string | null; description: string | null; metadata: Metadata;
  payment_method_types?: string[]; automatic_payment_methods?: boolean;
}): PaymentIntent {
  const id = newId("pi_");
  return {
    id, object: "payment_intent", created: now(), livemode: false,
    amount: p.amount, amount_received: 0, currency: p.currency, customer: p.customer, description: p.description, metadata: p.metadata,
    status: "requires_payment_method", client_secret: `${id}_secret_${newId("")}`,
    latest_charge: null, last_payment_error: null, payment_method: null,
    payment_method_types: p.payment_method_types?.length ? p.payment_method_types : ["card"],
    automatic_payment_methods: p.automatic_payment_methods ? { enabled: true, allow_redirects: "always" } : null,
    canceled_at: null, cancellation_reason: null,
  };
}

/** A succeeded charge, or with `failure` the failed one Stripe records for a declined card. */
export function newCharge(pi: PaymentIntent, paymentMethod: string, last4: string, failure: PaymentError | null = null): Charge {
  return {
    id: newId("ch_"), object: "charge", created: now(), livemode: false,
    amount: pi.amount, amount_captured: failure ? 0 : pi.amount, amount_refunded: 0, refunded: false, captured: !failure, paid: !failure,
    status: failure ? "failed" : "succeeded", failure_code: failure?.code ?? null, failure_message: failure?.message ?? null,
    currency: pi.currency, customer: pi.customer, description: pi.description, metadata: { ...pi.metadata },
    payment_intent: pi.id, payment_method: paymentMethod, payment_method_details: { type: "card", card: { brand: "visa", last4 } },
  };
}

export function newRefund(charge: Charge, amount: number, reason: string | null): Refund {
  return {
    id: newId("re_"), object: "refund", created: now(), livemode: false, amount, charge: charge.id,
    payment_intent: charge.payment_intent, currency: charge.currency, status: "succeeded", reason, metadata: {},
  };
}

export function newSubscription(p: {
  customer: string; price: Price; quantity: number; metadata: Metadata; status: SubscriptionStatus; saveDefault: string | null;
}): Subscription {
  const id = newId("sub_");
  const start = now();
  const item: SubscriptionItem = {
    id: newId("si_"), object: "subscription_item", created: start, livemode: false, price: structuredClone(p.price),
    quantity: p.quantity, subscription: id, current_period_start: start, current_period_end: addInterval(start, p.price.recurring!),
    metadata: {},
  };
  return {
    id, object: "subscription", created: start, livemode: false, status: p.status, customer: p.customer,
    currency: p.price.currency, metadata: p.metadata, items: list([item], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null, cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null,
    start_date: start, billing_cycle_anchor: start, collection_method: "charge_automatically", default_payment_method: null,
    payment_settings: { save_default_payment_method: p.saveDefault },
  };
}

/** The invoice for the subscription's current period, open, with the PaymentIntent that will pay it. */
export function newInvoice(sub: Subscription, pi: PaymentIntent, reason: BillingReason, number: string, productName: string): Invoice {
  const item = sub.items.data[0]!;
  const amount = item.price.unit_amount * item.quantity;
  const id = newId("in_");
  const created = now();
  const period = { start: item.current_period_start, end: item.current_period_end };
  const line: InvoiceLine = {
    id: newId("il_"), object: "line_item", amount, currency: sub.currency, description: `${item.quantity} × ${productName}`,
    period, quantity: item.quantity,
    pricing: { type: "price_details", price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: item.price.unit_amount_decimal },
  };
  return {
    id, object: "invoice", created, livemode: false, status: "open",
    amount_due: amount, amount_paid: 0, amount_remaining: amount, subtotal: amount, total: amount, currency: sub.currency,
    customer: sub.customer, billing_reason: reason, collection_method: "charge_automatically", attempted: false, attempt_count: 0,
    number, metadata: {}, period_start: period.start, period_end: period.end,
    parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
    lines: list([line], `/v1/invoices/${id}/lines`),
    status_transitions: { finalized_at: created, paid_at: null, marked_uncollectible_at: null, voided_at: null },
    confirmation_secret: { client_secret: pi.client_secret, type: "payment_intent" },
    payments: list([], `/v1/invoice_payments?invoice=${id}`),
  };
}

export function newInvoicePayment(invoice: Invoice, pi: PaymentIntent): InvoicePayment {
  const at = now();
  return {
    id: newId("inpay_"), object: "invoice_payment", created: at, livemode: false, invoice: invoice.id, is_default: true, status: "paid",
    amount_paid: pi.amount, amount_requested: pi.amount, currency: pi.currency, payment: { type: "payment_intent", payment_intent: pi.id },
    status_transitions: { paid_at: at, canceled_at: null },
  };
}

export function newCheckoutSession(p: {
  serverUrl: string; mode: CheckoutSession["mode"]; customer: string | null; customer_email: string | null; lineItems: { price: Price; quantity: number; description: string }[];
  success_url: string | null; cancel_url: string | null; client_reference_id: string | null; metadata: Metadata;
  payment_method_types: string[]; paymentIntentData: { metadata: Metadata; description: string | null }; subscriptionMetadata: Metadata;
}): CheckoutSession {
  const id = newId("cs_test_");
  const created = now();
  const items: CheckoutLineItem[] = p.lineItems.map(({ price, quantity, description }) => ({
    id: newId("li_"), object: "item", description, price: structuredClone(price), quantity,
    amount_subtotal: price.unit_amount * quantity, amount_total: price.unit_amount * quantity, currency: price.currency,
  }));
  const total = items.reduce((sum, i) => sum + i.amount_total, 0);
  return {
    id, object: "checkout.session", created, livemode: false, mode: p.mode, status: "open", payment_status: "unpaid",
    url: `${p.serverUrl}/checkout/${id}`, success_url: p.success_url, cancel_url: p.cancel_url, client_reference_id: p.client_reference_id,
    customer: p.customer, customer_email: p.customer_email, customer_details: null, amount_subtotal: total, amount_total: total, currency: items[0]!.currency,
    metadata: p.metadata, payment_method_types: p.payment_method_types.length ? p.payment_method_types : ["card"],
    payment_intent: null, subscription: null, invoice: null, expires_at: created + 86_400,
    payment_intent_data: p.paymentIntentData, subscription_data: { metadata: p.subscriptionMetadata },
    line_items: list(items, `/v1/checkout/sessions/${id}/line_items`),
  };
}

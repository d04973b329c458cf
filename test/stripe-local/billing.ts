import { invalid } from "./errors";
import { addInterval, mergeMetadata, newInvoice, newInvoicePayment, newPaymentIntent, newSubscription, now } from "./objects";
import { attemptPayment, SUCCESS_CARD } from "./payments";
import { changes, publicView, type Store } from "./state";
import type { BillingReason, Invoice, Metadata, PaymentError, PaymentIntent, Price, Subscription } from "./types";

function emitUpdated(store: Store, sub: Subscription, before: Record<string, unknown>): void {
  const previous = changes(before, publicView(sub));
  if (Object.keys(previous).length > 0) store.emit("customer.subscription.updated", sub, previous);
}

export function requireRecurring(price: Price, param: string): void {
  if (!price.recurring) throw invalid(`The price specified (${price.id}) is not a recurring price.`, param);
}

/** An open invoice for the subscription's current period, with the PaymentIntent that pays it; it becomes latest_invoice. */
export function openInvoice(store: Store, sub: Subscription, reason: BillingReason): Invoice {
  const item = sub.items.data[0]!;
  const pi = store.put(newPaymentIntent({
    amount: item.price.unit_amount * item.quantity, currency: sub.currency, customer: sub.customer, metadata: {},
    description: reason === "subscription_create" ? "Subscription creation" : "Subscription update",
  }));
  const product = store.get("product", item.price.product);
  const invoice = store.put(newInvoice(sub, pi, reason, store.nextInvoiceNumber(), product.name));
  store.linkInvoice(pi.id, invoice.id);
  sub.latest_invoice = invoice.id;
  return invoice;
}

/**
 * Pays the invoice with the card. Success: the payment events, then invoice.paid and invoice.payment_succeeded.
 * Failure: payment_intent.payment_failed then invoice.payment_failed. The subscription is left to the caller.
 */
export function settleInvoice(store: Store, invoice: Invoice, card: string): { pi: PaymentIntent; error: PaymentError | null } {
  const pi = store.get("payment_intent", store.paymentIntentOf(invoice.id));
  invoice.attempted = true;
  invoice.attempt_count += 1;
  const error = attemptPayment(store, pi, card);
  if (error) {
    store.emit("invoice.payment_failed", invoice);
    return { pi, error };
  }
  Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0 });
  invoice.status_transitions.paid_at = now();
  invoice.payments.data.push(newInvoicePayment(invoice, pi));
  store.emit("invoice.paid", invoice);
  store.emit("invoice.payment_succeeded", invoice);
  return { pi, error: null };
}

function markPaid(sub: Subscription, pi: PaymentIntent): void {
  if (sub.status === "incomplete" || sub.status === "past_due") sub.status = "active";
  if (sub.payment_settings.save_default_payment_method === "on_subscription") sub.default_payment_method = pi.payment_method;
}

/** `payment_behavior=default_incomplete`: status incomplete, its first invoice open until its PaymentIntent is confirmed. */
export function createSubscription(store: Store, p: {
  customer: string; price: Price; quantity: number; metadata: Metadata; saveDefault: string | null;
}): Subscription {
  requireRecurring(p.price, "items[0][price]");
  const sub = store.put(newSubscription({ ...p, status: "incomplete" }));
  openInvoice(store, sub, "subscription_create");
  store.emit("customer.subscription.created", sub);
  return sub;
}

/** Checkout creates the subscription once the card is known to pay: active from the start, first invoice paid. */
export function createSubscriptionForCheckout(store: Store, p: {
  customer: string; price: Price; quantity: number; metadata: Metadata;
}, card: string): { sub: Subscription; invoice: Invoice } {
  const sub = store.put(newSubscription({ ...p, status: "active", saveDefault: "on_subscription" }));
  const invoice = openInvoice(store, sub, "subscription_create");
  store.emit("customer.subscription.created", sub);
  const { pi } = settleInvoice(store, invoice, card);
  markPaid(sub, pi);
  return { sub, invoice };
}

/**
 * Confirms a PaymentIntent as Stripe.js would. It lives here because the PaymentIntent may pay a subscription's invoice:
 * then the invoice is settled too and the subscription becomes active (customer.subscription.updated, last).
 */
export function confirmPaymentIntent(store: Store, id: string, card = SUCCESS_CARD): PaymentIntent {
  const pi = store.get("payment_intent", id);
  const invoiceId = store.invoiceOf(id);
  if (!invoiceId) {
    attemptPayment(store, pi, card);
    return pi;
  }
  const invoice = store.get("invoice", invoiceId);
  const sub = store.get("subscription", invoice.parent.subscription_details.subscription);
  const before = publicView(sub);
  if (!settleInvoice(store, invoice, card).error && sub.status !== "canceled") markPaid(sub, pi);
  emitUpdated(store, sub, before);
  return pi;
}

/**
 * The end of the current period: the period moves on by one interval and a new invoice is charged with the card.
 * Events: the payment events, invoice.paid, invoice.payment_succeeded, customer.subscription.updated (a declined
 * card: payment_intent.payment_failed, invoice.payment_failed, customer.subscription.updated with status past_due).
 */
export function renewSubscription(store: Store, id: string, card = SUCCESS_CARD): Invoice {
  const sub = store.get("subscription", id);
  if (sub.status === "canceled" || sub.status === "incomplete") {
    throw invalid(`Subscription ${id} is ${sub.status} and does not renew.`);
  }
  if (sub.cancel_at_period_end) {
    throw invalid(`Subscription ${id} cancels at period end; simulate that with POST /_local/subscriptions/${id}/cancel.`);
  }
  const before = publicView(sub);
  const item = sub.items.data[0]!;
  item.current_period_start = item.current_period_end;
  item.current_period_end = addInterval(item.current_period_start, item.price.recurring!);
  const invoice = openInvoice(store, sub, "subscription_cycle");
  const { pi, error } = settleInvoice(store, invoice, card);
  if (error) sub.status = "past_due";
  else markPaid(sub, pi);
  emitUpdated(store, sub, before);
  return invoice;
}

export function updateSubscription(store: Store, id: string, p: { cancelAtPeriodEnd?: boolean; metadata?: Metadata }): Subscription {
  const sub = store.get("subscription", id);
  if (sub.status === "canceled") throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
  const before = publicView(sub);
  if (p.cancelAtPeriodEnd !== undefined && p.cancelAtPeriodEnd !== sub.cancel_at_period_end) {
    sub.cancel_at_period_end = p.cancelAtPeriodEnd;
    sub.cancel_at = p.cancelAtPeriodEnd ? sub.items.data[0]!.current_period_end : null;
    sub.canceled_at = p.cancelAtPeriodEnd ? now() : null;
  }
  mergeMetadata(sub.metadata, p.metadata);
  emitUpdated(store, sub, before);
  return sub;
}

/** Immediate cancellation (also how the end of a cancel_at_period_end subscription is simulated). */
export function cancelSubscription(store: Store, id: string): Subscription {
  const sub = store.get("subscription", id);
  if (sub.status === "canceled") throw invalid(`Subscription ${id} is already canceled.`);
  const at = now();
  Object.assign(sub, { status: "canceled", canceled_at: sub.canceled_at ?? at, ended_at: at });
  store.emit("customer.subscription.deleted", sub);
  return sub;
}

import { createSubscriptionForCheckout } from "./billing";
import { ApiError, invalid } from "./errors";
import { newCustomer, newPaymentIntent } from "./objects";
import { attemptPayment, cardOutcome, SUCCESS_CARD } from "./payments";
import type { Store } from "./state";
import type { CheckoutSession } from "./types";

/**
 * The customer pays on the hosted page. A card error changes nothing (the page shows it; the API answers 402).
 * Payment mode: charge.succeeded, payment_intent.succeeded, checkout.session.completed.
 * Subscription mode: customer.subscription.created (already active), charge.succeeded, payment_intent.succeeded,
 * invoice.paid, invoice.payment_succeeded, checkout.session.completed.
 */
export function completeCheckoutSession(store: Store, id: string, card = SUCCESS_CARD): CheckoutSession {
  const session = store.get("checkout.session", id);
  if (session.status !== "open") throw invalid(`Checkout Session ${id} is ${session.status}.`);
  const { error } = cardOutcome(card);
  if (error) throw new ApiError(402, error);

  if (session.mode === "payment") {
    const pi = store.put(newPaymentIntent({
      amount: session.amount_total, currency: session.currency, customer: session.customer,
      description: session.payment_intent_data.description,
      metadata: { ...session.payment_intent_data.metadata }, payment_method_types: session.payment_method_types,
    }));
    attemptPayment(store, pi, card);
    session.payment_intent = pi.id;
  } else {
    if (!session.customer) {
      const customer = store.put(newCustomer({ email: session.customer_email, name: null, description: null, metadata: {} }));
      session.customer = customer.id;
    }
    const item = session.line_items.data[0]!;
    const { sub, invoice } = createSubscriptionForCheckout(store, {
      customer: session.customer, price: store.get("price", item.price.id), quantity: item.quantity,
      metadata: { ...session.subscription_data.metadata },
    }, card);
    session.subscription = sub.id;
    session.invoice = invoice.id;
  }
  const customer = session.customer ? store.get("customer", session.customer) : null;
  Object.assign(session, {
    status: "complete", payment_status: "paid",
    customer_details: { email: customer?.email ?? session.customer_email, name: customer?.name ?? null },
  });
  store.emit("checkout.session.completed", session);
  return session;
}

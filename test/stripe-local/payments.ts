import { invalid, unexpectedState } from "./errors";
import { newCharge, newId, newRefund, now } from "./objects";
import type { Store } from "./state";
import type { Charge, PaymentError, PaymentIntent, Refund } from "./types";

export const SUCCESS_CARD = "4242424242424242";

/** Stripe's test cards that fail, with the error Stripe reports for each. */
const DECLINES: Record<string, Omit<PaymentError, "type">> = {
  "4000000000000002": { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  "4000000000009995": { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * What paying with this card number does (spaces and dashes ignored): a valid number has `last4` and may still be
 * declined; a malformed one never reaches a charge.
 */
export function cardOutcome(card: string): { last4: string | null; error: PaymentError | null } {
  const digits = card.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) {
    return { last4: null, error: { type: "card_error", code: "incorrect_number", message: "Your card number is incorrect." } };
  }
  const decline = DECLINES[digits];
  return { last4: digits.slice(-4), error: decline ? { type: "card_error", ...decline } : null };
}

/**
 * Pays the PaymentIntent with the card. Success: a charge, events charge.succeeded then payment_intent.succeeded.
 * Decline: a failed charge (latest_charge, last_payment_error.charge), event payment_intent.payment_failed only.
 * Returns the card error, if any.
 */
export function attemptPayment(store: Store, pi: PaymentIntent, card: string): PaymentError | null {
  if (pi.status !== "requires_payment_method") {
    throw unexpectedState(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`);
  }
  const { last4, error } = cardOutcome(card);
  const paymentMethod = newId("pm_");
  if (error) {
    // Declined cards leave a failed charge behind, so two declines are told apart by their charge ids.
    const failed = last4 ? store.put(newCharge(pi, paymentMethod, last4, error)) : null;
    pi.last_payment_error = failed ? { ...error, charge: failed.id } : error;
    if (failed) pi.latest_charge = failed.id;
    store.emit("payment_intent.payment_failed", pi);
    return error;
  }
  const charge = store.put(newCharge(pi, paymentMethod, last4!));
  Object.assign(pi, {
    status: "succeeded", amount_received: pi.amount, latest_charge: charge.id, payment_method: paymentMethod, last_payment_error: null,
  });
  store.emit("charge.succeeded", charge);
  store.emit("payment_intent.succeeded", pi);
  return null;
}

export function cancelPaymentIntent(store: Store, id: string, reason: string | null): PaymentIntent {
  const pi = store.get("payment_intent", id);
  if (store.invoiceOf(id)) throw unexpectedState("You cannot cancel this PaymentIntent because it was created by an invoice.");
  if (pi.status !== "requires_payment_method") {
    throw unexpectedState(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`);
  }
  Object.assign(pi, { status: "canceled", canceled_at: now(), cancellation_reason: reason });
  store.emit("payment_intent.canceled", pi);
  return pi;
}

/** Refunds `amount` (default: what is left) of the charge. Events charge.refunded (the charge) then refund.created. */
export function refundCharge(store: Store, chargeId: string, amount?: number, reason: string | null = null): { charge: Charge; refund: Refund } {
  const charge = store.get("charge", chargeId, "charge");
  if (charge.status !== "succeeded") throw invalid(`Charge ${charge.id} failed and has nothing to refund.`, "charge");
  const left = charge.amount - charge.amount_refunded;
  if (left === 0) throw invalid(`Charge ${charge.id} has already been refunded.`, "charge", "charge_already_refunded");
  const value = amount ?? left;
  if (value <= 0 || value > left) {
    throw invalid(`Refund amount (${value}) is greater than unrefunded amount on charge (${left})`, "amount");
  }
  const refund = store.put(newRefund(charge, value, reason));
  charge.amount_refunded += value;
  charge.refunded = charge.amount_refunded === charge.amount;
  store.emit("charge.refunded", charge);
  store.emit("refund.created", refund);
  return { charge, refund };
}

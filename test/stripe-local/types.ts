/** Stripe-shaped objects as the stand-in stores and returns them (the subset of fields this project reads). */

export const API_VERSION = "2026-10-28.endive";

export type Metadata = Record<string, string>;

export interface ApiList<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

interface Base {
  id: string;
  created: number;
  livemode: false;
}

export interface Customer extends Base {
  object: "customer";
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
}

export interface Product extends Base {
  object: "product";
  name: string;
  active: boolean;
  metadata: Metadata;
}

export interface Recurring {
  interval: "day" | "week" | "month" | "year";
  interval_count: number;
  usage_type: "licensed";
}

export interface Price extends Base {
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  unit_amount_decimal: string;
  type: "one_time" | "recurring";
  recurring: Recurring | null;
  product: string;
  lookup_key: string | null;
  nickname: string | null;
  billing_scheme: "per_unit";
  metadata: Metadata;
}

export interface PaymentError {
  type: "card_error";
  code: string;
  decline_code?: string;
  message: string;
  /** The failed charge, for declines. */
  charge?: string;
}

export interface PaymentIntent extends Base {
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  status: "requires_payment_method" | "succeeded" | "canceled";
  client_secret: string;
  latest_charge: string | null;
  last_payment_error: PaymentError | null;
  payment_method: string | null;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean; allow_redirects: "always" } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

export interface Charge extends Base {
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  captured: boolean;
  paid: boolean;
  status: "succeeded" | "failed";
  failure_code: string | null;
  failure_message: string | null;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: "card"; card: { brand: string; last4: string } };
}

export interface Refund extends Base {
  object: "refund";
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: "succeeded";
  reason: string | null;
  metadata: Metadata;
}

export interface Period {
  start: number;
  end: number;
}

export interface InvoiceLine {
  id: string;
  object: "line_item";
  amount: number;
  currency: string;
  description: string;
  period: Period;
  pricing: { type: "price_details"; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
}

export interface InvoicePayment extends Base {
  object: "invoice_payment";
  invoice: string;
  is_default: true;
  status: "paid";
  amount_paid: number;
  amount_requested: number;
  currency: string;
  payment: { type: "payment_intent"; payment_intent: string };
  status_transitions: { paid_at: number; canceled_at: null };
}

export type BillingReason = "subscription_create" | "subscription_cycle";

export interface Invoice extends Base {
  object: "invoice";
  status: "open" | "paid";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  subtotal: number;
  total: number;
  currency: string;
  customer: string;
  billing_reason: BillingReason;
  collection_method: "charge_automatically";
  attempted: boolean;
  attempt_count: number;
  number: string;
  metadata: Metadata;
  period_start: number;
  period_end: number;
  parent: { type: "subscription_details"; subscription_details: { subscription: string; metadata: Metadata } };
  lines: ApiList<InvoiceLine>;
  status_transitions: { finalized_at: number; paid_at: number | null; marked_uncollectible_at: null; voided_at: null };
  /** Includable: only present in responses that expand it. */
  confirmation_secret: { client_secret: string; type: "payment_intent" };
  /** Includable: only present in responses that expand it. */
  payments: ApiList<InvoicePayment>;
}

export interface SubscriptionItem extends Base {
  object: "subscription_item";
  price: Price;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  metadata: Metadata;
}

export type SubscriptionStatus = "incomplete" | "active" | "past_due" | "canceled";

export interface Subscription extends Base {
  object: "subscription";
  status: SubscriptionStatus;
  customer: string;
  currency: string;
  metadata: Metadata;
  items: ApiList<SubscriptionItem>;
  latest_invoice: string | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  start_date: number;
  billing_cycle_anchor: number;
  collection_method: "charge_automatically";
  default_payment_method: string | null;
  payment_settings: { save_default_payment_method: string | null };
}

export interface CheckoutLineItem {
  id: string;
  object: "item";
  description: string;
  price: Price;
  quantity: number;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
}

export interface CheckoutSession extends Base {
  object: "checkout.session";
  mode: "payment" | "subscription";
  status: "open" | "complete";
  payment_status: "unpaid" | "paid";
  url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  metadata: Metadata;
  payment_method_types: string[];
  payment_intent: string | null;
  subscription: string | null;
  invoice: string | null;
  expires_at: number;
  /** Not Stripe's: what to copy onto the PaymentIntent / Subscription made at completion. */
  payment_intent_data: { metadata: Metadata; description: string | null };
  subscription_data: { metadata: Metadata };
  /** Includable: only present in responses that expand it. */
  line_items: ApiList<CheckoutLineItem>;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
}

export type StripeObject =
  | Customer | Product | Price | PaymentIntent | Charge | Refund | Invoice | Subscription | CheckoutSession;

export interface ObjectTypes {
  customer: Customer;
  product: Product;
  price: Price;
  payment_intent: PaymentIntent;
  charge: Charge;
  refund: Refund;
  invoice: Invoice;
  subscription: Subscription;
  "checkout.session": CheckoutSession;
}

/** Fields Stripe leaves out unless the request expands them; they never appear in event snapshots. */
export const INCLUDABLE: Partial<Record<StripeObject["object"], string[]>> = {
  invoice: ["confirmation_secret", "payments"],
  "checkout.session": ["line_items"],
};

/** The stand-in's own bookkeeping, never sent. */
export const HIDDEN: Partial<Record<StripeObject["object"], string[]>> = {
  "checkout.session": ["payment_intent_data", "subscription_data"],
};


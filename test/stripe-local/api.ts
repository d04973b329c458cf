import { cancelSubscription, createSubscription, requireRecurring, updateSubscription } from "./billing";
import { invalid } from "./errors";
import { render, renderList } from "./expand";
import type { Params } from "./form";
import { list, mergeMetadata, newCheckoutSession, newCustomer, newPaymentIntent, newPrice, newProduct } from "./objects";
import { cancelPaymentIntent, refundCharge } from "./payments";
import { json, route, type Context, type Route } from "./router";
import type { Store } from "./state";
import type { Recurring, StripeObject } from "./types";

/** Stripe's list paging: newest first, `limit` (default 10, at most 100), `starting_after`. */
/** What a payment method of a configuration says: offered (`available`) because its display preference is on. */
const offered = { available: true, display_preference: { overridable: null, preference: "on", value: "on" } };

/**
 * The account's default payment method configuration, as `GET /v1/payment_method_configurations` lists it: cards,
 * Alipay and WeChat Pay on (the methods the app lists on /price and /pay when Stripe offers them).
 */
const DEFAULT_PAYMENT_METHOD_CONFIGURATION = {
  id: "pmc_local_default", object: "payment_method_configuration", active: true, application: null, is_default: true,
  livemode: false, name: "Default", parent: null,
  card: offered, alipay: offered, wechat_pay: offered,
};

function page<T extends { id: string }>(newestFirst: T[], params: Params): { data: T[]; hasMore: boolean } {
  const limit = params.int("limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalid("This value must be between 1 and 100.", "limit");
  const after = params.text("starting_after");
  const start = after ? newestFirst.findIndex((x) => x.id === after) + 1 : 0;
  if (after && start === 0) throw invalid(`No such object: '${after}'`, "starting_after");
  return { data: newestFirst.slice(start, start + limit), hasMore: newestFirst.length > start + limit };
}

function listReply(ctx: Context, items: StripeObject[], url: string): ReturnType<typeof json> {
  const { data, hasMore } = page([...items].reverse(), ctx.params);
  return json(renderList(ctx.store, data, url, hasMore, ctx.expand));
}

function optionalCustomer(store: Store, params: Params): string | null {
  const id = params.text("customer");
  return id ? store.get("customer", id, "customer").id : null;
}

function one(ctx: Context, obj: StripeObject) {
  return json(render(ctx.store, obj, ctx.expand));
}

function createPrice({ store, params }: Context): StripeObject {
  const currency = params.requireText("currency").toLowerCase();
  const unitAmount = params.int("unit_amount");
  if (unitAmount === undefined || unitAmount < 0) throw invalid("Missing required param: unit_amount.", "unit_amount");
  const interval = params.text("recurring[interval]");
  if (interval !== undefined && !["day", "week", "month", "year"].includes(interval)) {
    throw invalid(`Invalid recurring[interval]: must be one of day, week, month, or year`, "recurring[interval]");
  }
  const recurring: Recurring | null = interval
    ? { interval: interval as Recurring["interval"], interval_count: params.int("recurring[interval_count]") ?? 1, usage_type: "licensed" }
    : null;
  const productId = params.text("product");
  const product = productId
    ? store.get("product", productId, "product")
    : store.put(newProduct(params.requireText("product_data[name]"), params.map("product_data[metadata]") ?? {}));
  const lookupKey = params.text("lookup_key") || null;
  const holder = lookupKey ? store.all("price").find((p) => p.lookup_key === lookupKey) : undefined;
  if (holder && !params.bool("transfer_lookup_key")) {
    throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, "lookup_key");
  }
  if (holder) holder.lookup_key = null;
  return store.put(newPrice({
    currency, unit_amount: unitAmount, recurring, product: product.id, lookup_key: lookupKey,
    nickname: params.text("nickname") ?? null, metadata: params.map("metadata") ?? {},
  }));
}

function listPrices(ctx: Context) {
  const { params } = ctx;
  const keys = params.list("lookup_keys");
  const active = params.bool("active");
  const product = params.text("product");
  const type = params.text("type");
  const prices = ctx.store.all("price").filter((p) =>
    (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) && (active === undefined || p.active === active)
    && (!product || p.product === product) && (!type || p.type === type));
  return listReply(ctx, prices, "/v1/prices");
}

function createPaymentIntent({ store, params }: Context): StripeObject {
  const amount = params.int("amount");
  if (amount === undefined || amount < 1) throw invalid("Missing required param: amount.", "amount");
  return store.put(newPaymentIntent({
    amount, currency: params.requireText("currency").toLowerCase(), customer: optionalCustomer(store, params),
    description: params.text("description") ?? null, metadata: params.map("metadata") ?? {},
    payment_method_types: params.list("payment_method_types"),
    automatic_payment_methods: params.bool("automatic_payment_methods[enabled]") ?? false,
  }));
}

function createCheckoutSession({ store, params, serverUrl }: Context): StripeObject {
  const mode = params.requireText("mode");
  if (mode !== "payment" && mode !== "subscription") throw invalid(`mode ${mode} is not supported by stripe-local.`, "mode");
  const raw = params.value("line_items");
  const count = Array.isArray(raw) ? raw.length : 0;
  if (count === 0) throw invalid("Missing required param: line_items.", "line_items");
  if (mode === "subscription" && count !== 1) throw invalid("stripe-local supports one line item in subscription mode.", "line_items");
  const lineItems = Array.from({ length: count }, (_, i) => {
    const param = `line_items[${i}][price]`;
    const price = store.get("price", params.requireText(param), param);
    if (mode === "subscription") requireRecurring(price, param);
    else if (price.recurring) throw invalid(`You must provide at least one recurring price in \`subscription\` mode when using prices.`, param);
    return { price, quantity: params.int(`line_items[${i}][quantity]`) ?? 1, description: store.get("product", price.product).name };
  });
  if (new Set(lineItems.map((l) => l.price.currency)).size > 1) throw invalid("All line items must use the same currency.", "line_items");
  return store.put(newCheckoutSession({
    serverUrl, mode, customer: optionalCustomer(store, params), customer_email: params.text("customer_email") ?? null, lineItems,
    success_url: params.text("success_url") ?? null, cancel_url: params.text("cancel_url") ?? null,
    client_reference_id: params.text("client_reference_id") ?? null, metadata: params.map("metadata") ?? {},
    payment_method_types: params.list("payment_method_types"),
    paymentIntentData: {
      metadata: params.map("payment_intent_data[metadata]") ?? {}, description: params.text("payment_intent_data[description]") ?? null,
    },
    subscriptionMetadata: params.map("subscription_data[metadata]") ?? {},
  }));
}

function listEvents(ctx: Context) {
  const { params } = ctx;
  const types = [...params.list("types"), ...params.list("type")];
  const matchesType = (type: string) =>
    types.length === 0 || types.some((t) => (t.endsWith(".*") ? type.startsWith(t.slice(0, -1)) : type === t));
  const exact = typeof params.value("created") === "string" ? params.int("created") : undefined;
  const bound = (op: string) => params.int(`created[${op}]`);
  const [gt, gte, lt, lte] = ["gt", "gte", "lt", "lte"].map(bound);
  const events = ctx.store.events.filter((e) => matchesType(e.type) && (exact === undefined || e.created === exact)
    && (gt === undefined || e.created > gt) && (gte === undefined || e.created >= gte)
    && (lt === undefined || e.created < lt) && (lte === undefined || e.created <= lte));
  const { data, hasMore } = page([...events].reverse(), params);
  return json(list(structuredClone(data), "/v1/events", hasMore));
}

export const apiRoutes: Route[] = [
  route("POST", "/v1/customers", (ctx) => one(ctx, ctx.store.put(newCustomer({
    email: ctx.params.text("email") ?? null, name: ctx.params.text("name") ?? null,
    description: ctx.params.text("description") ?? null, metadata: ctx.params.map("metadata") ?? {},
  })))),
  route("GET", "/v1/customers/:id", (ctx) => one(ctx, ctx.store.get("customer", ctx.ids[0]!))),
  route("POST", "/v1/customers/:id", (ctx) => {
    const customer = ctx.store.get("customer", ctx.ids[0]!);
    for (const field of ["email", "name", "description"] as const) {
      const value = ctx.params.text(field);
      if (value !== undefined) customer[field] = value || null;
    }
    mergeMetadata(customer.metadata, ctx.params.map("metadata"));
    return one(ctx, customer);
  }),
  route("GET", "/v1/products/:id", (ctx) => one(ctx, ctx.store.get("product", ctx.ids[0]!))),

  route("POST", "/v1/prices", (ctx) => one(ctx, createPrice(ctx))),
  route("GET", "/v1/prices", listPrices),
  route("GET", "/v1/prices/:id", (ctx) => one(ctx, ctx.store.get("price", ctx.ids[0]!))),

  route("POST", "/v1/payment_intents", (ctx) => one(ctx, createPaymentIntent(ctx))),
  route("GET", "/v1/payment_intents/:id", (ctx) => one(ctx, ctx.store.get("payment_intent", ctx.ids[0]!))),
  route("POST", "/v1/payment_intents/:id/cancel", (ctx) =>
    one(ctx, cancelPaymentIntent(ctx.store, ctx.ids[0]!, ctx.params.text("cancellation_reason") ?? null))),

  route("POST", "/v1/subscriptions", (ctx) => one(ctx, createSubscription(ctx.store, {
    customer: ctx.store.get("customer", ctx.params.requireText("customer"), "customer").id,
    price: ctx.store.get("price", ctx.params.requireText("items[0][price]"), "items[0][price]"),
    quantity: ctx.params.int("items[0][quantity]") ?? 1, metadata: ctx.params.map("metadata") ?? {},
    saveDefault: ctx.params.text("payment_settings[save_default_payment_method]") ?? null,
  }))),
  route("GET", "/v1/subscriptions", (ctx) => {
    const customer = ctx.params.text("customer");
    const status = ctx.params.text("status");
    const subs = ctx.store.all("subscription").filter((s) => (!customer || s.customer === customer)
      && (status === "all" || (status ? s.status === status : s.status !== "canceled")));
    return listReply(ctx, subs, "/v1/subscriptions");
  }),
  route("GET", "/v1/subscriptions/:id", (ctx) => one(ctx, ctx.store.get("subscription", ctx.ids[0]!))),
  route("POST", "/v1/subscriptions/:id", (ctx) => one(ctx, updateSubscription(ctx.store, ctx.ids[0]!, {
    cancelAtPeriodEnd: ctx.params.bool("cancel_at_period_end"), metadata: ctx.params.map("metadata"),
  }))),
  route("DELETE", "/v1/subscriptions/:id", (ctx) => one(ctx, cancelSubscription(ctx.store, ctx.ids[0]!))),

  route("GET", "/v1/invoices/:id", (ctx) => one(ctx, ctx.store.get("invoice", ctx.ids[0]!))),

  route("POST", "/v1/checkout/sessions", (ctx) => one(ctx, createCheckoutSession(ctx))),
  route("GET", "/v1/checkout/sessions/:id", (ctx) => one(ctx, ctx.store.get("checkout.session", ctx.ids[0]!))),
  route("GET", "/v1/checkout/sessions/:id/line_items", (ctx) => {
    const session = ctx.store.get("checkout.session", ctx.ids[0]!);
    const { data, hasMore } = page(session.line_items.data, ctx.params);
    return json(list(structuredClone(data), session.line_items.url, hasMore));
  }),

  route("GET", "/v1/charges/:id", (ctx) => one(ctx, ctx.store.get("charge", ctx.ids[0]!))),
  route("POST", "/v1/refunds", (ctx) => {
    const { store, params } = ctx;
    const piId = params.text("payment_intent");
    const chargeId = params.text("charge")
      ?? (piId ? store.get("payment_intent", piId, "payment_intent").latest_charge : null);
    if (!chargeId) throw invalid("One of `charge` or `payment_intent` (with a successful charge) is required.", "charge");
    return one(ctx, refundCharge(store, chargeId, params.int("amount"), params.text("reason") ?? null).refund);
  }),
  route("GET", "/v1/refunds/:id", (ctx) => one(ctx, ctx.store.get("refund", ctx.ids[0]!))),

  route("GET", "/v1/events", listEvents),
  route("GET", "/v1/events/:id", (ctx) => json(structuredClone(ctx.store.event(ctx.ids[0]!)))),

  route("GET", "/v1/payment_method_configurations", () => json(list([DEFAULT_PAYMENT_METHOD_CONFIGURATION], "/v1/payment_method_configurations"))),
];

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";
import { apiRoutes } from "./api";
import { cancelSubscription, confirmPaymentIntent, renewSubscription } from "./billing";
import { completeCheckoutSession } from "./checkout";
import { controlRoutes } from "./control";
import { Deliverer, signEvent, type SignedEvent } from "./delivery";
import { ApiError } from "./errors";
import { render } from "./expand";
import { fromJson, Params, parseForm } from "./form";
import { newId } from "./objects";
import { refundCharge, SUCCESS_CARD } from "./payments";
import { findRoute, json, type Reply } from "./router";
import { Store } from "./state";
import { API_VERSION, type StripeEvent, type StripeObject } from "./types";

export type { StripeEvent } from "./types";

export interface StripeLocalOptions {
  /** 0 = a free port (tests). */
  port?: number;
  /** Where events are POSTed, signed; null = not delivered. */
  webhookUrl?: string | null;
  webhookSecret: string;
  /** 'auto' (default): POST each event to webhookUrl as it is created; 'manual': keep them for the test to deliver. */
  delivery?: "auto" | "manual";
  /** The expected secret key; by default any key starting with sk_test_. */
  apiKey?: string;
}

/** One API or control request the stand-in answered, oldest first. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  idempotencyKey: string | null;
}

/** An error answered in Stripe's shape, e.g. `{ status: 404, body: { type: "invalid_request_error", code: "resource_missing", … } }`. */
export interface InjectedError {
  status: number;
  body: ApiError["body"];
}

export interface StripeLocal {
  url: string;
  port: number;
  close(): Promise<void>;
  /**
   * Forgets objects as if Stripe had never made them (deleted, or the keys switched to another account or mode): their
   * ids then answer 404 `resource_missing`, in the path or as a parameter. Throws for an id it does not hold.
   */
  forget(...ids: string[]): void;
  /** The next `times` requests to `method path` (exact path, e.g. `POST /v1/checkout/sessions`) answer this error instead. */
  failNext(method: string, path: string, error: InjectedError, times?: number): void;
  /** Every request answered so far (oldest first). */
  requests(): LoggedRequest[];
  /** All events created so far (oldest first). */
  events(): StripeEvent[];
  /** The exact raw body and a Stripe-Signature header for an event. */
  signedEvent(eventId: string, timestamp?: number): SignedEvent;
  /*
   * The control actions answer with the object as the API would return it (typed with the SDK's types, though only the
   * fields listed in README.md are present; id fields are strings, not expanded objects).
   */
  confirmPaymentIntent(id: string, card?: string): Promise<Stripe.PaymentIntent>;
  /** With line_items expanded. */
  completeCheckoutSession(id: string, card?: string): Promise<Stripe.Checkout.Session>;
  /** Charges the next period; a declining card leaves the invoice open and the subscription past_due. With payments expanded. */
  renewSubscription(id: string, card?: string): Promise<Stripe.Invoice>;
  refundCharge(chargeId: string, amount?: number): Promise<Stripe.Charge>;
  cancelSubscription(id: string): Promise<Stripe.Subscription>;
  /** Waits until all auto deliveries in flight have been answered. */
  idle(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function errorReply(err: unknown): Reply {
  if (err instanceof ApiError) return json({ error: err.body }, err.status);
  console.error("[stripe-local] internal error:", err);
  return json({ error: { type: "api_error", message: (err as Error).message } }, 500);
}

/** The bearer (or basic-auth user) key of a request, or null. */
function apiKeyOf(req: IncomingMessage): string | null {
  const auth = req.headers.authorization ?? "";
  if (auth.startsWith("Bearer ")) return auth.slice(7).trim();
  if (auth.startsWith("Basic ")) return Buffer.from(auth.slice(6), "base64").toString("utf8").split(":")[0] ?? null;
  return null;
}

function parseParams(req: IncomingMessage, query: string, body: string): Params {
  const isJson = (req.headers["content-type"] ?? "").includes("application/json");
  let fromBody: Record<string, unknown> = {};
  if (isJson && body) {
    try {
      fromBody = fromJson(JSON.parse(body));
    } catch {
      throw new ApiError(400, { type: "invalid_request_error", message: "Invalid JSON body." });
    }
  } else if (body) {
    fromBody = parseForm(body);
  }
  return new Params({ ...parseForm(query), ...fromBody } as ReturnType<typeof parseForm>);
}

export async function startStripeLocal(options: StripeLocalOptions): Promise<StripeLocal> {
  const webhookUrl = options.webhookUrl === undefined ? null : options.webhookUrl;
  const deliverer = new Deliverer(webhookUrl, options.webhookSecret);
  const auto = (options.delivery ?? "auto") === "auto" && webhookUrl !== null;
  // Events wait here until the response that caused them has been sent, so the webhook never overtakes the API answer.
  const pending: StripeEvent[] = [];
  const store = new Store((event) => auto && pending.push(event));
  const flush = () => pending.splice(0).forEach((event) => deliverer.enqueue(event));
  const routes = [...apiRoutes, ...controlRoutes(deliverer)];
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>();
  const faults: { method: string; path: string; error: InjectedError; left: number }[] = [];
  const log: LoggedRequest[] = [];
  let serverUrl = "";

  const keyAccepted = (key: string | null) => key !== null && (options.apiKey ? key === options.apiKey : key.startsWith("sk_test_"));

  async function respond(req: IncomingMessage): Promise<Reply> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    const body = await readBody(req);
    const isApi = url.pathname.startsWith("/v1/");
    const key = apiKeyOf(req);
    if (isApi && !keyAccepted(key)) {
      const message = key ? `Invalid API Key provided: ${key.slice(0, 8)}***` : "You did not provide an API key.";
      return json({ error: { type: "invalid_request_error", message } }, 401);
    }
    const found = findRoute(routes, method, url.pathname);
    if (!found) {
      return json({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${url.pathname}).` } }, 404);
    }
    const idempotencyKey = req.headers["idempotency-key"];
    const cacheKey = isApi && method !== "GET" && typeof idempotencyKey === "string" ? `${key}|${idempotencyKey}` : null;
    const fingerprint = `${method} ${url.pathname} ${[...url.search.slice(1).split("&"), ...body.split("&")].sort().join("&")}`;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached && cached.fingerprint !== fingerprint) {
      return json({ error: { type: "idempotency_error", message:
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } }, 400);
    }
    if (cached) return { ...cached.reply, headers: { ...cached.reply.headers, "idempotent-replayed": "true" } };
    const fault = faults.find((f) => f.method === method && f.path === url.pathname && f.left > 0);
    if (fault) {
      fault.left -= 1;
      return json({ error: fault.error.body }, fault.error.status);
    }

    let reply: Reply;
    try {
      const params = parseParams(req, url.search.slice(1), body);
      reply = await found.handler({ store, params, expand: params.list("expand"), ids: found.ids, serverUrl });
    } catch (err) {
      reply = errorReply(err);
    }
    // Like Stripe, failed validation is not remembered; results (including card errors) are.
    if (cacheKey && (reply.status < 400 || reply.status === 402)) idempotent.set(cacheKey, { fingerprint, reply });
    return reply;
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    respond(req).catch(errorReply).then((reply) => {
      const idempotencyKey = req.headers["idempotency-key"];
      log.push({
        method: req.method ?? "GET", path: new URL(req.url ?? "/", "http://localhost").pathname, status: reply.status,
        idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : null,
      });
      res.once("finish", flush);
      res.once("close", flush); // a client that hung up still caused its events
      res.writeHead(reply.status, { ...reply.headers, "request-id": newId("req_"), "stripe-version": API_VERSION });
      res.end(reply.body);
    });
  }

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 12111, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  serverUrl = `http://localhost:${port}`;

  /** Runs a control action the way its endpoint would, returning what the endpoint would answer. */
  async function act<T>(fn: () => StripeObject, expand: string[] = []): Promise<T> {
    try {
      return render(store, fn(), expand) as unknown as T;
    } finally {
      flush();
    }
  }

  return {
    url: serverUrl,
    port,
    close: async () => {
      await deliverer.idle();
      const closed = new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
      server.closeAllConnections(); // the SDK keeps connections alive
      await closed;
    },
    forget: (...ids) => {
      for (const id of ids) if (!store.forget(id)) throw new Error(`stripe-local holds no object ${id}`);
    },
    failNext: (method, path, error, times = 1) => {
      faults.push({ method, path, error: structuredClone(error), left: times });
    },
    requests: () => structuredClone(log),
    events: () => structuredClone(store.events),
    signedEvent: (eventId, timestamp) => signEvent(store.event(eventId), options.webhookSecret, timestamp),
    confirmPaymentIntent: (id, card = SUCCESS_CARD) => act(() => confirmPaymentIntent(store, id, card)),
    completeCheckoutSession: (id, card = SUCCESS_CARD) => act(() => completeCheckoutSession(store, id, card), ["line_items"]),
    renewSubscription: (id, card = SUCCESS_CARD) => act(() => renewSubscription(store, id, card), ["payments", "confirmation_secret"]),
    refundCharge: (chargeId, amount) => act(() => refundCharge(store, chargeId, amount).charge),
    cancelSubscription: (id) => act(() => cancelSubscription(store, id)),
    idle: async () => {
      flush();
      await deliverer.idle();
    },
  };
}

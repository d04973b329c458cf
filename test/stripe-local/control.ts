import { cancelSubscription, confirmPaymentIntent, renewSubscription } from "./billing";
import { completeCheckoutSession } from "./checkout";
import { checkoutPage } from "./checkout-page";
import type { Deliverer } from "./delivery";
import { ApiError, notFound } from "./errors";
import { render } from "./expand";
import { refundCharge, SUCCESS_CARD } from "./payments";
import { html, json, redirect, route, type Route } from "./router";
import type { ObjectTypes } from "./types";

/** Not Stripe's: what the customer or the clock would do, for tests and for clicking through the app by hand. */
export function controlRoutes(deliverer: Deliverer): Route[] {
  return [
    route("POST", "/_local/payment_intents/:id/confirm", ({ store, params, ids }) =>
      json(render(store, confirmPaymentIntent(store, ids[0]!, params.text("card") || SUCCESS_CARD)))),
    route("POST", "/_local/checkout/sessions/:id/complete", ({ store, params, ids }) =>
      json(render(store, completeCheckoutSession(store, ids[0]!, params.text("card") || SUCCESS_CARD)))),
    route("POST", "/_local/subscriptions/:id/renew", ({ store, params, ids }) =>
      json(render(store, renewSubscription(store, ids[0]!, params.text("card") || SUCCESS_CARD), ["payments"]))),
    route("POST", "/_local/subscriptions/:id/cancel", ({ store, ids }) => json(render(store, cancelSubscription(store, ids[0]!)))),
    route("POST", "/_local/charges/:id/refund", ({ store, params, ids }) =>
      json(render(store, refundCharge(store, ids[0]!, params.int("amount")).charge))),
    route("POST", "/_local/objects/:id/forget", ({ store, ids }) => {
      if (!store.forget(ids[0]!)) throw notFound("object", ids[0]!);
      return json({ id: ids[0], forgotten: true });
    }),
    route("POST", "/_local/forget/:type", ({ store, ids }) => {
      const forgotten = store.all(ids[0] as keyof ObjectTypes).map((o) => o.id).filter((id) => store.forget(id));
      return json({ forgotten });
    }),
    route("GET", "/_local/events", ({ store }) => json(store.events)),
    route("POST", "/_local/events/:id/deliver", async ({ store, ids }) => json(await deliverer.deliver(store.event(ids[0]!)))),

    route("GET", "/checkout/:id", ({ store, ids }) => html(checkoutPage(store.get("checkout.session", ids[0]!)))),
    route("POST", "/checkout/:id", ({ store, params, ids }) => {
      const session = store.get("checkout.session", ids[0]!);
      try {
        completeCheckoutSession(store, session.id, params.text("card") || SUCCESS_CARD);
      } catch (err) {
        if (err instanceof ApiError) return html(checkoutPage(session, err.message), err.status);
        throw err;
      }
      return session.success_url ? redirect(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id)) : html(checkoutPage(session));
    }),
  ];
}

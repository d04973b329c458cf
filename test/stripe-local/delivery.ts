import Stripe from "stripe";
import type { StripeEvent } from "./types";

export interface SignedEvent {
  payload: string;
  header: string;
}

export function signEvent(event: StripeEvent, secret: string, timestamp?: number): SignedEvent {
  const payload = JSON.stringify(event, null, 2);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

/** Posts signed events to the webhook endpoint, one at a time in the order they were queued. */
export class Deliverer {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly url: string | null, private readonly secret: string) {}

  async deliver(event: StripeEvent): Promise<{ status: number; body: string }> {
    if (!this.url) throw new Error("No webhook URL configured");
    const { payload, header } = signEvent(event, this.secret);
    const res = await fetch(this.url, {
      method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload,
    });
    return { status: res.status, body: await res.text() };
  }

  /** Failures are logged, not retried: tests that need a retry deliver again by hand. */
  enqueue(event: StripeEvent): void {
    this.tail = this.tail.then(async () => {
      try {
        const { status, body } = await this.deliver(event);
        if (status >= 300) console.error(`[stripe-local] ${event.type} ${event.id} → ${this.url} answered ${status}: ${body.slice(0, 200)}`);
      } catch (err) {
        console.error(`[stripe-local] ${event.type} ${event.id} → ${this.url} failed: ${(err as Error).message}`);
      }
    });
  }

  /** Resolves once every queued delivery has been answered, including ones queued while waiting. */
  async idle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.tail;
      await seen;
    } while (seen !== this.tail);
  }
}

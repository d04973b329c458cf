import { notFound } from "./errors";
import { newId, now } from "./objects";
import { API_VERSION, HIDDEN, INCLUDABLE, type ObjectTypes, type StripeEvent, type StripeObject } from "./types";

/** What a response or an event shows of a stored object: a deep copy without includable or bookkeeping fields. */
export function publicView(obj: StripeObject): Record<string, unknown> {
  const copy = structuredClone(obj) as unknown as Record<string, unknown>;
  for (const field of [...(INCLUDABLE[obj.object] ?? []), ...(HIDDEN[obj.object] ?? [])]) delete copy[field];
  return copy;
}

/** Stripe's `previous_attributes`: the old value of each top-level field that changed. */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  }
  return previous;
}

/** Every object and event of one stand-in server, in memory. */
export class Store {
  private readonly objects = new Map<string, StripeObject>();
  readonly events: StripeEvent[] = [];
  /** The current API no longer links a PaymentIntent to its invoice publicly; the flows need both directions. */
  private readonly invoiceOfPi = new Map<string, string>();
  private readonly piOfInvoice = new Map<string, string>();
  private invoiceCount = 0;

  constructor(private readonly onEvent: (event: StripeEvent) => void = () => {}) {}

  put<T extends StripeObject>(obj: T): T {
    this.objects.set(obj.id, obj);
    return obj;
  }

  /**
   * Drops an object as if Stripe had never made it (deleted in the Dashboard, or the keys switched to another account
   * or mode): every later use of its id answers `resource_missing`. Idempotent replies that named it are kept, as
   * Stripe keeps them for 24 hours. False when there was no such object.
   */
  forget(id: string): boolean {
    return this.objects.delete(id);
  }

  find(id: string): StripeObject | undefined {
    return this.objects.get(id);
  }

  get<K extends keyof ObjectTypes>(type: K, id: string, param = "id"): ObjectTypes[K] {
    const obj = this.objects.get(id);
    if (!obj || obj.object !== type) throw notFound(type, id, param);
    return obj as ObjectTypes[K];
  }

  all<K extends keyof ObjectTypes>(type: K): ObjectTypes[K][] {
    return [...this.objects.values()].filter((o) => o.object === type) as ObjectTypes[K][];
  }

  linkInvoice(paymentIntentId: string, invoiceId: string): void {
    this.invoiceOfPi.set(paymentIntentId, invoiceId);
    this.piOfInvoice.set(invoiceId, paymentIntentId);
  }

  invoiceOf(paymentIntentId: string): string | undefined {
    return this.invoiceOfPi.get(paymentIntentId);
  }

  paymentIntentOf(invoiceId: string): string {
    return this.piOfInvoice.get(invoiceId)!;
  }

  nextInvoiceNumber(): string {
    this.invoiceCount += 1;
    return `LOCAL-${String(this.invoiceCount).padStart(4, "0")}`;
  }

  /** Records an event with a snapshot of `obj` as it is now. */
  emit(type: string, obj: StripeObject, previousAttributes?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId("evt_"), object: "event", api_version: API_VERSION, created: now(), livemode: false, pending_webhooks: 1,
      request: { id: null, idempotency_key: null }, type,
      data: { object: publicView(obj), ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}) },
    };
    this.events.push(event);
    this.onEvent(event);
    return event;
  }

  event(id: string): StripeEvent {
    const event = this.events.find((e) => e.id === id);
    if (!event) throw notFound("event", id);
    return event;
  }
}

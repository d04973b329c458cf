import { invalid } from "./errors";
import { list } from "./objects";
import { publicView, type Store } from "./state";
import { INCLUDABLE, type ApiList, type StripeObject } from "./types";

type Json = Record<string, unknown>;

/** `["a.b", "a.c", "d"]` → { a: ["b", "c"], d: [] } */
function group(paths: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const path of paths) {
    const [head, ...rest] = path.split(".");
    const tails = out.get(head!) ?? [];
    if (rest.length) tails.push(rest.join("."));
    out.set(head!, tails);
  }
  return out;
}

/**
 * Applies `expand[]`: an id field becomes the object it names; an includable field (invoice.payments,
 * invoice.confirmation_secret, checkout session line_items) is added; `data.x` reaches into lists.
 */
function expandInto(store: Store, source: StripeObject | null, out: Json, paths: string[], at: string): Json {
  for (const [field, rest] of group(paths)) {
    const where = at ? `${at}.${field}` : field;
    const includable = source !== null && (INCLUDABLE[source.object] ?? []).includes(field);
    const value = includable ? structuredClone((source as unknown as Json)[field]) : out[field];
    if (value === null) continue;
    if (typeof value === "string") {
      const target = store.find(value);
      if (!target) throw invalid(`This property cannot be expanded (${where}).`, "expand");
      out[field] = render(store, target, rest, where);
    } else if (Array.isArray(value) && field === "data") {
      out[field] = value.map((item: Json) => expandNested(store, item, rest, where));
    } else if (value && typeof value === "object" && (includable || rest.length)) {
      out[field] = expandNested(store, value as Json, rest, where);
    } else {
      throw invalid(`This property cannot be expanded (${where}).`, "expand");
    }
  }
  return out;
}

function expandNested(store: Store, value: Json, paths: string[], at: string): Json {
  const stored = typeof value.id === "string" ? store.find(value.id) : undefined;
  return stored ? render(store, stored, paths, at) : expandInto(store, null, value, paths, at);
}

export function render(store: Store, obj: StripeObject, expand: string[] = [], at = ""): Json {
  return expandInto(store, obj, publicView(obj), expand, at);
}

/** A list response; `expand[]=data.x` expands inside each item. */
export function renderList(store: Store, items: StripeObject[], url: string, hasMore: boolean, expand: string[]): ApiList<Json> {
  const data = items.map((item) => render(store, item));
  return expandInto(store, null, list(data, url, hasMore) as unknown as Json, expand, "") as unknown as ApiList<Json>;
}

import { invalid } from "./errors";

/**
 * Stripe's form encoding: `items[0][price]=x&expand[]=y&metadata[k]=v`. Objects whose keys are all indices become
 * arrays (except under `metadata`, where "0" is an ordinary key).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** `items[0][price]` → ["items", "0", "price"]; `expand[]` → ["expand", ""]. */
function splitKey(key: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return [key];
  return [m[1]!, ...Array.from(m[2]!.matchAll(/\[([^[\]]*)\]/g), (x) => x[1]!)];
}

function assign(root: FormObject, path: string[], value: string): void {
  let node = root;
  path.forEach((segment, i) => {
    const key = segment === "" ? String(Object.keys(node).length) : segment;
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== "object" || Array.isArray(next)) node[key] = {};
    node = node[key] as FormObject;
  });
}

function arrayify(value: FormValue, key: string): FormValue {
  if (typeof value !== "object" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arrayify(value[k]!, k)] as const);
  if (key !== "metadata" && keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    assign(root, splitKey(key), decode(eq < 0 ? "" : pair.slice(eq + 1)));
  }
  return arrayify(root, "") as FormObject;
}

/** JSON bodies (control endpoints) read through the same accessors: numbers and booleans become strings. */
export function fromJson(json: unknown): FormObject {
  const convert = (v: unknown): FormValue =>
    Array.isArray(v) ? v.map(convert)
    : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, convert(x)]))
    : v == null ? "" : String(v);
  const out = convert(json);
  return typeof out === "object" && !Array.isArray(out) ? out : {};
}

/** Typed reads by Stripe's own parameter names (`params.text("items[0][price]")`), failing with Stripe's 400s. */
export class Params {
  constructor(readonly raw: FormObject) {}

  value(name: string): FormValue | undefined {
    let node: FormValue | undefined = this.raw;
    for (const segment of splitKey(name)) {
      if (node === undefined || typeof node === "string") return undefined;
      node = Array.isArray(node) ? node[Number(segment)] : node[segment];
    }
    return node;
  }

  text(name: string): string | undefined {
    const v = this.value(name);
    if (v === undefined) return undefined;
    if (typeof v !== "string") throw invalid(`Invalid string: ${name}`, name);
    return v;
  }

  requireText(name: string): string {
    const v = this.text(name);
    if (!v) throw invalid(`Missing required param: ${name}.`, name, "parameter_missing");
    return v;
  }

  int(name: string): number | undefined {
    const v = this.text(name);
    if (v === undefined || v === "") return undefined;
    if (!/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${v}`, name);
    return Number(v);
  }

  bool(name: string): boolean | undefined {
    const v = this.text(name);
    if (v === undefined || v === "") return undefined;
    if (v !== "true" && v !== "false") throw invalid(`Invalid boolean: ${v}`, name);
    return v === "true";
  }

  /** Metadata as sent: an empty value means "remove this key" on updates. */
  map(name: string): Record<string, string> | undefined {
    const v = this.value(name);
    if (v === undefined || v === "") return v === "" ? {} : undefined;
    if (typeof v !== "object" || Array.isArray(v) || Object.values(v).some((x) => typeof x !== "string")) {
      throw invalid(`Invalid object: ${name}`, name);
    }
    return v as Record<string, string>;
  }

  list(name: string): string[] {
    const v = this.value(name);
    if (v === undefined) return [];
    const items = Array.isArray(v) ? v : [v];
    if (items.some((x) => typeof x !== "string")) throw invalid(`Invalid array: ${name}`, name);
    return items as string[];
  }
}

/** Conversion of request payloads that carry files into multipart form data (SPEC §7). */

export type Payload = Record<string, unknown>;

/** True when the payload holds a File or Blob, directly or in an array value. */
export function containsBlob(data: unknown): boolean {
  if (data instanceof Blob) return true;
  if (!isPlainRecord(data)) return false;
  return Object.values(data).some((value) =>
    value instanceof Blob || (Array.isArray(value) && value.some((item) => item instanceof Blob)));
}

export function toFormData(data: FormData | Payload): FormData {
  if (data instanceof FormData) return data;
  const form = new FormData();
  for (const [key, value] of Object.entries(data)) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) appendValue(form, key, item);
  }
  return form;
}

function appendValue(form: FormData, key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (value instanceof Blob) form.append(key, value);
  else if (value instanceof Date) form.append(key, value.toISOString());
  else if (typeof value === "object") form.append(key, JSON.stringify(value));
  else form.append(key, String(value));
}

function isPlainRecord(value: unknown): value is Payload {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof FormData);
}

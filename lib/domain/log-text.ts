/** Makes outside text safe to store and print in logs: control characters escaped, length capped (ASVS 16.4.1). */
export function sanitizeLogText(value: unknown, maxLength: number): string {
  const text = typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value);
   
  const escaped = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) =>
    c === "\n" ? "\\n" : c === "\r" ? "\\r" : c === "\t" ? "\\t" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return escaped.length > maxLength ? escaped.slice(0, maxLength) + "…" : escaped;
}

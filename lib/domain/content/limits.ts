/** The article editor's bounds, in a module without zod so the form can show them in its first load. */

export const ADMIN_TITLE_MAX = 100;
export const ADMIN_SUMMARY_MAX = 200;
export const ADMIN_BODY_MAX = 100_000;
export const ADMIN_TAGS_MAX = 10;
export const ADMIN_TAG_CHARS = 20;

/** Our own paths (not `//host` or `/\host`, which browsers read as another host) and http(s) URLs; "" for none. */
export function isMediaAddress(value: string): boolean {
  return value === "" || /^https?:\/\/[^\s\\]+$/i.test(value) || /^\/(?![/\\])[^\s\\]*$/.test(value);
}

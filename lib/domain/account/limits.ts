/** The account forms' bounds and labels, in a module without zod so the forms can show them in their first load. */

export const NICKNAME_MAX_CHARS = 32;

export const AVATAR_ACCEPT = "image/jpeg,image/png,image/webp";

export const BIND_KINDS = ["email", "mobile"] as const;
export type BindKind = (typeof BIND_KINDS)[number];
export const BIND_LABELS: Record<BindKind, string> = { email: "邮箱", mobile: "手机号" };

import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The 10,000 most common passwords: the first 10,000 entries of the ranked list `dictionary['passwords-common']`
 * of the npm package @zxcvbn-ts/language-common (4.1.3, MIT; zxcvbn-ts's list from public password leaks, most
 * frequent first, all lower case). Server only: the list is ~38 kB gzipped, too much for the password forms'
 * bundle (ADR 0029), so the browser's check skips it and the server's answer carries the message.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: ReadonlySet<string> | null = null;

export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT));
  return common;
}

/** Case-insensitive: "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

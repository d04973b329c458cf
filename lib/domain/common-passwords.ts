import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The 10,000 most common passwords: the first 10,000 entries of the ranked list `dictionary['passwords-common']`
 * of the npm package @zxcvbn-ts/language-common (4.1.3, MIT; zxcvbn-ts's list from public password leaks, most
 * frequent first, all lower case). Server only: the list is ~38 kB gzipped, too much for the password forms'
 * bundle (ADR 0029), so the browser's check skips it and the server's answer carries the message.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

/**
 * The most frequent passwords of 8 characters or more in Chinese leaks, which the list above (mostly English-language
 * sites) misses: the top of the CSDN leak (2011, 6.4 million accounts) as republished in analyses of Chinese
 * passwords (e.g. Li, Han and Xu, "A Large-Scale Empirical Analysis of Chinese Web Passwords", USENIX Security 2014),
 * and the ones an outside audit of this site found accepted. Most are also refused by shape (guessable-password.ts);
 * the ones listed here are not all shapes: pinyin words, names, phrases.
 */
export const CHINESE_LEAK_PASSWORDS = [
  // the CSDN list's top entries of 8+ characters
  "123456789", "12345678", "11111111", "dearbook", "00000000", "123123123", "1234567890", "88888888", "111111111",
  "147258369", "987654321", "aaaaaaaa", "1111111111", "66666666", "a123456789", "11223344", "1qaz2wsx", "xiazhili",
  "789456123", "password", "87654321", "qqqqqqqq", "000000000", "qwertyuiop", "qq123456", "iloveyou", "31415926",
  "12344321", "0000000000", "asdfghjkl", "1q2w3e4r", "123456abc", "0123456789", "123654789", "12121212", "qazwsxedc",
  "abcd1234", "12341234", "110110110", "asdasdasd", "123456aa", "22222222", "123321123", "abc123456", "a12345678",
  "123456123", "a1234567", "1234qwer", "qwertyui", "123456789a",
  // found accepted by the audit
  "woaini1314", "5201314520",
];

let common: ReadonlySet<string> | null = null;

export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set([...dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT), ...CHINESE_LEAK_PASSWORDS]);
  return common;
}

/** Case-insensitive: "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

import fc from "fast-check";
import { CHINESE_LEAK_PASSWORDS, isCommonPassword } from "./common-passwords";
import { isGuessableByShape } from "./guessable-password";
import { COMMON_PASSWORD_MESSAGE, passwordProblem } from "./password-policy";

/** What an outside audit found accepted: 8+ character favourites of Chinese leaks. */
const AUDIT_FOUND = ["88888888", "00000000", "123123123", "woaini1314", "qq123456", "5201314520", "abc123456", "11111111", "66666666",
  "1qaz2wsx", "1q2w3e4r", "qwertyuiop", "147258369", "987654321", "a123456789", "1234qwer", "19900101", "20001231", "520520520", "1314520520",
  // symbols are no disguise; the site's own name is no secret
  "qq123456!", "woaini@1314", "zhang.1990", "lianghua123", "Lianghua2026"];

describe("guessable passwords", () => {
  it("refuses the audit's accepted favourites, by shape or by the Chinese list", () => {
    for (const password of AUDIT_FOUND) {
      expect([password, passwordProblem(password, {}, isCommonPassword)]).toEqual([password, COMMON_PASSWORD_MESSAGE]);
    }
    for (const password of CHINESE_LEAK_PASSWORDS.filter((p) => p.length >= 8)) expect([password, passwordProblem(password, {}, isCommonPassword)]).toEqual([password, COMMON_PASSWORD_MESSAGE]);
  });

  it("refuses repetitions, runs, keyboard walks and dates of any length from 8, in any case", () => {
    const shapes = fc.oneof(
      fc.tuple(fc.string({ minLength: 1, maxLength: 4 }).filter((s) => s.trim() !== ""), fc.integer({ min: 2, max: 8 })).map(([unit, n]) => unit.repeat(n)),
      fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 8, max: 10 })).map(([down, n]) => (down ? "9876543210".slice(0, n) : "1234567890".slice(0, n))),
      fc.integer({ min: 0, max: 18 }).map((start) => "abcdefghijklmnopqrstuvwxyz".slice(start, start + 8)),
      fc.constantFrom("qwertyuiop", "asdfghjkl", "zxcvbnm,./", "1qaz2wsx3edc", "1q2w3e4r5t6y", "poiuytrewq", "qazwsxedcrfv"),
      fc.date({ min: new Date("1950-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10).replaceAll("-", "")),
    ).filter((p) => p.length >= 8);
    fc.assert(
      fc.property(shapes, fc.boolean(), (password, upper) => {
        expect(isGuessableByShape(upper ? password.toUpperCase() : password)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("accepts passwords with no such shape", () => {
    for (const password of ["quiet-river-41", "amber-kite-52", "Round-Robin-2026!", "马上涨停了吧2026", "x7Kq9mPz", "correct horse battery staple", "tiger-lily-88", "hk4s8w2q"]) {
      expect([password, passwordProblem(password, {}, isCommonPassword)]).toEqual([password, null]);
    }
  });
});

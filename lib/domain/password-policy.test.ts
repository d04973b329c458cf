import fc from "fast-check";
import { dictionary } from "@zxcvbn-ts/language-common";
import { CHINESE_LEAK_PASSWORDS, COMMON_PASSWORD_COUNT, commonPasswords, isCommonPassword } from "./common-passwords";
import { ACCOUNT_NAME_MIN, COMMON_PASSWORD_MESSAGE, PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from "./password-policy";

const serverCheck = (password: string, names = {}) => passwordProblem(password, names, isCommonPassword);

describe("the common-password list", () => {
  it("is the first 10,000 of zxcvbn-ts's ranked list and the Chinese leaks' favourites", () => {
    const ranked = dictionary["passwords-common"];
    expect(commonPasswords().size).toBe(new Set([...ranked.slice(0, COMMON_PASSWORD_COUNT), ...CHINESE_LEAK_PASSWORDS]).size);
    for (const p of CHINESE_LEAK_PASSWORDS) expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword(ranked[0]!)).toBe(true);
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT - 1]!)).toBe(true);
    expect(commonPasswords().has(ranked[COMMON_PASSWORD_COUNT]!)).toBe(false);
  });

  it("refuses every listed password long enough to pass the length rule, in any case", () => {
    const listed = [...commonPasswords()].filter((p) => p.length >= PASSWORD_MIN);
    expect(listed.length).toBeGreaterThan(3000);
    for (const p of listed) expect(serverCheck(p)).toBe(COMMON_PASSWORD_MESSAGE);
    expect(serverCheck("PassWord1")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(serverCheck("Trustno1")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(serverCheck("trustno1-but-longer-7q")).toBeNull();
  });

  it("is the server's only: the browser's check without it lets a common password through", () => {
    expect(passwordProblem("sunshine")).toBeNull();
    expect(serverCheck("sunshine")).toBe(COMMON_PASSWORD_MESSAGE);
  });
});

describe("passwordProblem", () => {
  it("checks length and blanks first, in Chinese", () => {
    expect(passwordProblem("")).toBe("请输入新密码");
    expect(passwordProblem("a1b2c3d")).toBe(`新密码至少 ${PASSWORD_MIN} 位`);
    expect(passwordProblem("x".repeat(PASSWORD_MAX + 1))).toBe(`新密码最长 ${PASSWORD_MAX} 位`);
    expect(passwordProblem(" ".repeat(10))).toBe("新密码不能全是空格");
    expect(passwordProblem(" 8 chars")).toBeNull();
    // not "x" × 128: a repetition is refused by its shape (guessable-password.ts)
    expect(passwordProblem(`${"x".repeat(PASSWORD_MAX - 1)}y`)).toBeNull();
  });

  it("refuses the e-mail's local part, the mobile number and the nickname, case-insensitively", () => {
    expect(serverCheck("Member-pass-1", { email: "member@e2e.test" })).toBe("新密码不能包含邮箱 @ 前面的部分");
    expect(serverCheck("x13800138000y", { mobile: "13800138000" })).toBe("新密码不能包含手机号");
    expect(serverCheck("i-am-LAOWANG!", { nickname: "LaoWang" })).toBe("新密码不能包含昵称");
    expect(serverCheck("我是股神小明2024", { nickname: " 股神小明 " })).toBe("新密码不能包含昵称");
    // The domain is not a name; names shorter than three characters are not looked for.
    expect(serverCheck("e2e.test-is-fine", { email: "member@e2e.test" })).toBeNull();
    expect(serverCheck("jo-likes-tea-42", { email: "jo@example.com", nickname: "阿乐" })).toBeNull();
    expect(serverCheck("long-and-odd-42", {})).toBeNull();
  });

  it("never accepts a password that contains a name of three or more characters", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: ACCOUNT_NAME_MIN, maxLength: 20 }).filter((s) => s.trim() === s && s.length >= ACCOUNT_NAME_MIN),
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        fc.boolean(),
        (nickname, before, after, upper) => {
          const password = before + (upper ? nickname.toUpperCase() : nickname) + after;
          fc.pre(password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX && password.trim() !== "");
          expect(passwordProblem(password, { nickname })).toBe("新密码不能包含昵称");
        },
      ),
      { numRuns: 500 },
    );
  });

  it("accepts what no rule refuses, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.emailAddress(), (password, email) => {
        const problem = serverCheck(password, { email, nickname: "测试会员" });
        const lowered = password.toLowerCase();
        const localPart = email.slice(0, email.lastIndexOf("@")).toLowerCase();
        const refusable =
          password.length < PASSWORD_MIN || password.length > PASSWORD_MAX || password.trim() === "" ||
          (localPart.length >= ACCOUNT_NAME_MIN && lowered.includes(localPart)) || lowered.includes("测试会员") || isCommonPassword(password);
        expect(problem === null).toBe(!refusable);
      }),
      { numRuns: 1000 },
    );
  });
});

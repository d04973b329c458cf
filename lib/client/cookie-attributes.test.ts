import { cookieAttributes, expiresAfterDays } from "./cookie-attributes";

describe("cookieAttributes", () => {
  const now = Date.UTC(2026, 0, 1);

  it("is site-wide and lax, with an expiry only when given", () => {
    expect(cookieAttributes()).toEqual({ path: "/", sameSite: "lax", secure: false });
    expect(cookieAttributes(7, now)).toEqual({ path: "/", sameSite: "lax", secure: false, expires: new Date(Date.UTC(2026, 0, 8)) });
  });

  it("counts whole days from now", () => {
    expect(expiresAfterDays(3, now).toISOString()).toBe("2026-01-04T00:00:00.000Z");
  });
});

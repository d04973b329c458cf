import { cookieAttributes } from "./cookie-attributes";

describe("cookieAttributes", () => {
  it("is site-wide and lax, with an expiry only when given", () => {
    expect(cookieAttributes()).toEqual({ path: "/", sameSite: "lax", secure: false });
    expect(cookieAttributes(7)).toEqual({ path: "/", sameSite: "lax", secure: false, expires: 7 });
  });
});

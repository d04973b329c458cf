import { getCookies, setCookie, deleteCookie } from "cookies-next/client";
import type { UserInfo } from "@/lib/domain/user-info";
import { clearUserInfo, fetchUserInfoIfMissing, isLoggedIn, loadUserInfo, refreshUserInfo, saveUserInfo, userInfoFromBody } from "./userinfo";

const member: UserInfo = {
  nickName: "短线客", avatar: "/a.png", mobile: "13800000000", email: "m@example.com", invitationCode: "ABC123",
  levelEndDate: "2026-01-31", levelName: "VIP", levelId: 100, levelCode: "vip", uguid: "u-1",
};

function clearCookies() {
  for (const name of Object.keys(getCookies() ?? {})) deleteCookie(name, { path: "/" });
}

beforeEach(() => {
  clearCookies();
  localStorage.clear();
});

describe("loadUserInfo", () => {
  it("reads the cookie and mirrors it into localStorage", () => {
    setCookie("userinfo", JSON.stringify(member), { path: "/" });
    expect(loadUserInfo()).toEqual(member);
    expect(JSON.parse(localStorage.getItem("userinfo_lianghua")!)).toEqual(member);
  });

  it("prefers the cookie over a stale localStorage copy", () => {
    localStorage.setItem("userinfo_lianghua", JSON.stringify({ ...member, nickName: "旧名" }));
    setCookie("userinfo", JSON.stringify(member), { path: "/" });
    expect(loadUserInfo()?.nickName).toBe("短线客");
  });

  it("clears localStorage when the cookie is gone (logged out elsewhere)", () => {
    localStorage.setItem("userinfo_lianghua", JSON.stringify(member));
    expect(loadUserInfo()).toBeNull();
    expect(localStorage.getItem("userinfo_lianghua")).toBeNull();
  });

  it("treats a malformed cookie as absent", () => {
    setCookie("userinfo", "{not json", { path: "/" });
    expect(loadUserInfo()).toBeNull();
  });
});

describe("save, clear, isLoggedIn", () => {
  it("saveUserInfo logs in, clearUserInfo logs out", () => {
    expect(isLoggedIn()).toBe(false);
    saveUserInfo(member);
    expect(isLoggedIn()).toBe(true);
    expect(loadUserInfo()).toEqual(member);
    clearUserInfo();
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem("userinfo_lianghua")).toBeNull();
  });
});

describe("refreshUserInfo", () => {
  afterEach(() => {
    (globalThis as { fetch?: unknown }).fetch = undefined;
  });

  it("keeps the cookie the server's answer rewrote and mirrors it; writes one only when none came back; null when refused", async () => {
    const renewed = { ...member, levelEndDate: "2026-03-02" };
    setCookie("userinfo", JSON.stringify(member), { path: "/" });
    globalThis.fetch = jest.fn(async () => {
      setCookie("userinfo", JSON.stringify(renewed), { path: "/" });
      return { ok: true, json: async () => ({ data: renewed }) };
    }) as unknown as typeof fetch;
    expect(await refreshUserInfo()).toEqual(renewed);
    expect(JSON.parse(localStorage.getItem("userinfo_lianghua")!)).toEqual(renewed);

    clearCookies();
    globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => ({ data: renewed }) })) as unknown as typeof fetch;
    expect(await refreshUserInfo()).toEqual(renewed);
    expect(loadUserInfo()).toEqual(renewed);

    clearCookies();
    globalThis.fetch = jest.fn(async () => ({ ok: false, json: async () => ({ data: null }) })) as unknown as typeof fetch;
    expect(await refreshUserInfo()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });
});

describe("userInfoFromBody", () => {
  it("accepts {data: info} and {data: {data: info}}", () => {
    expect(userInfoFromBody({ data: member })).toEqual(member);
    expect(userInfoFromBody({ data: { data: member } })).toEqual(member);
  });

  it("rejects anything else", () => {
    expect(userInfoFromBody(null)).toBeNull();
    expect(userInfoFromBody({ data: null })).toBeNull();
    expect(userInfoFromBody({ data: { nickName: "x" } })).toBeNull();
    expect(userInfoFromBody("text")).toBeNull();
  });
});

describe("fetchUserInfoIfMissing", () => {
  it("fetches and stores the user info when none is held", async () => {
    const request = { get: jest.fn(async () => ({ data: member })) };
    await expect(fetchUserInfoIfMissing("/detail/g1", request)).resolves.toEqual(member);
    expect(request.get).toHaveBeenCalledWith("/api/user/info", undefined, { silent: true });
    expect(isLoggedIn()).toBe(true);
  });

  it("passes a readable token as a query parameter", async () => {
    localStorage.setItem("token", "tok");
    const request = { get: jest.fn(async () => ({ data: { data: member } })) };
    await fetchUserInfoIfMissing("/rank", request);
    expect(request.get).toHaveBeenCalledWith("/api/user/info", { token: "tok" }, { silent: true });
  });

  it("does not fetch on Home (/god)", async () => {
    const request = { get: jest.fn() };
    await expect(fetchUserInfoIfMissing("/god", request)).resolves.toBeNull();
    await fetchUserInfoIfMissing("/god/", request);
    expect(request.get).not.toHaveBeenCalled();
  });

  it("does not fetch when the user info is already held", async () => {
    saveUserInfo(member);
    const request = { get: jest.fn() };
    await expect(fetchUserInfoIfMissing("/quant", request)).resolves.toEqual(member);
    expect(request.get).not.toHaveBeenCalled();
  });

  it("ignores failures silently", async () => {
    const request = { get: jest.fn(async () => { throw new Error("401"); }) };
    await expect(fetchUserInfoIfMissing("/quant", request)).resolves.toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it("shares one request between overlapping navigations", async () => {
    const request = { get: jest.fn(async () => ({ data: member })) };
    await Promise.all([fetchUserInfoIfMissing("/a", request), fetchUserInfoIfMissing("/b", request)]);
    expect(request.get).toHaveBeenCalledTimes(1);
  });
});

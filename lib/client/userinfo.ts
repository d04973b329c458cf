/**
 * The user info of SPEC §3/§4 in the browser: the `userinfo` cookie is the source of truth (the server writes it at
 * login; the token cookie is HttpOnly, so this cookie is the browser's logged-in signal) and localStorage
 * `userinfo_lianghua` mirrors it.
 */
import { getCookie, setCookie, deleteCookie } from "cookies-next/client";
import { TOKEN_COOKIE, USERINFO_COOKIE, USERINFO_STORAGE_KEY } from "@/lib/domain/site";
import { parseUserInfo, sameUserInfo, type UserInfo } from "@/lib/domain/user-info";
import { cookieAttributes } from "./cookie-attributes";
import { getOwnJson } from "./own-json";
import type { QueryParams, RequestOptions } from "./request";
import { readStoredToken } from "./token";

const HOME_PATH = "/god";
const USER_INFO_PATH = "/api/user/info";

let pendingFetch: Promise<UserInfo | null> | null = null;

/** The part of the request layer used here (a Requester from createRequest fits). */
export interface UserInfoSource {
  get(path: string, params?: QueryParams, options?: RequestOptions): Promise<unknown>;
}

/** Reads the user info from the cookie and syncs localStorage; no cookie means logged out, so the mirror is cleared. */
export function loadUserInfo(): UserInfo | null {
  const info = parseUserInfo(getCookie(USERINFO_COOKIE));
  if (info) writeStorage(JSON.stringify(info));
  else writeStorage(null);
  return info;
}

/** Stores the user info as a session cookie (the server's login cookie sets the lasting one) and in localStorage. */
export function saveUserInfo(info: UserInfo): void {
  const json = JSON.stringify(info);
  setCookie(USERINFO_COOKIE, json, cookieAttributes());
  writeStorage(json);
}

/**
 * Forgets the user in the browser. The HttpOnly `token` cookie can only be cleared by the server's logout;
 * a readable copy of the token (cookie or localStorage) is removed here.
 */
export function clearUserInfo(): void {
  deleteCookie(USERINFO_COOKIE, { path: "/" });
  deleteCookie(TOKEN_COOKIE, { path: "/" });
  writeStorage(null);
  try {
    window.localStorage.removeItem(TOKEN_COOKIE);
  } catch {
    // Storage disabled: nothing stored there.
  }
}

export function isLoggedIn(): boolean {
  return getCookie(USERINFO_COOKIE) !== undefined;
}

/**
 * Called on each navigation: when no user info is held and the target is not Home (/god), asks the server for it.
 * Resolves with the user info held afterwards; failures are ignored (resolves null, no toast).
 */
export async function fetchUserInfoIfMissing(pathname: string, request: UserInfoSource): Promise<UserInfo | null> {
  const held = loadUserInfo();
  if (held) return held;
  if (isHomePath(pathname)) return null;
  pendingFetch ??= fetchUserInfo(request).finally(() => {
    pendingFetch = null;
  });
  return pendingFetch;
}

async function fetchUserInfo(request: UserInfoSource): Promise<UserInfo | null> {
  try {
    const token = readStoredToken();
    const body = await request.get(USER_INFO_PATH, token ? { token } : undefined, { silent: true });
    const info = userInfoFromBody(body);
    // The server rewrites the cookie of a login it knows (ending with the session); a lasting cookie is not shortened.
    if (info && !sameUserInfo(loadUserInfo(), info)) saveUserInfo(info);
    return info;
  } catch {
    return null;
  }
}

/**
 * Asks the server for the user info with the browser's login cookie; its answer rewrites a `userinfo` cookie that no
 * longer says what the server does (ADR 0067). Syncs the localStorage mirror from the cookie, and writes a cookie for
 * this browser session only when none came back. Null when nobody is logged in or the request failed (quietly).
 */
export async function refreshUserInfo(): Promise<UserInfo | null> {
  const info = userInfoFromBody(await getOwnJson(USER_INFO_PATH));
  if (info && !loadUserInfo()) saveUserInfo(info);
  return info;
}

/** Our server answers {data: UserInfo}; the original API answered {data: {data: UserInfo}}. Both are accepted. */
export function userInfoFromBody(body: unknown): UserInfo | null {
  const data = field(body, "data");
  for (const candidate of [field(data, "data"), data]) {
    if (candidate && typeof candidate === "object") {
      const info = parseUserInfo(JSON.stringify(candidate));
      if (info) return info;
    }
  }
  return null;
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function isHomePath(pathname: string): boolean {
  return pathname.replace(/\/+$/, "") === HOME_PATH;
}

function writeStorage(json: string | null): void {
  try {
    if (json === null) window.localStorage.removeItem(USERINFO_STORAGE_KEY);
    else window.localStorage.setItem(USERINFO_STORAGE_KEY, json);
  } catch {
    // Storage can be disabled; the cookie alone still works.
  }
}

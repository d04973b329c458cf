"use client";

import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { USERINFO_COOKIE } from "@/lib/domain/site";
import { parseUserInfo, type UserInfo } from "@/lib/domain/user-info";
import { getOwnJson } from "@/lib/client/own-json";

const noSubscription = () => () => {};
const afterHydration = () => true;
const duringHydration = () => false;

/** The `userinfo` cookie's text, read without cookies-next (which the shared layout must not load up front). */
function userInfoCookie(): string | null {
  const prefix = `${USERINFO_COOKIE}=`;
  const raw = document.cookie.split("; ").find((c) => c.startsWith(prefix))?.slice(prefix.length);
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export interface OwnUserInfo {
  info: UserInfo | null;
  /** The member's unread count when read here; null on their own render, and while being read. */
  unread: number | null;
  /** A class view whose count is still being read (the badge is not yet the member's). */
  unreadPending: boolean;
}

/**
 * The member's own user info on a page served from the cache of their access class (ADR 0067): the render knows the
 * class, not the member, so the header's avatar, nickname and unread badge come from the browser — the `userinfo`
 * cookie the login wrote, or `/api/user/info` when it is gone or names another level than the page's (a purchase, a
 * grant or an expiry since the login) — and `GET /api/user/notifications`. Nothing is read before hydration, so the
 * first client render matches the cached HTML, and each request is made once. On a member's own render (`classOnly`
 * false) the server's user info is used as it is, and nothing is asked.
 */
export function useOwnUserInfo(server: UserInfo | null, classOnly: boolean): OwnUserInfo {
  const hydrated = useSyncExternalStore(noSubscription, afterHydration, duringHydration);
  const heldCookie = useSyncExternalStore(noSubscription, () => (classOnly ? userInfoCookie() : null), () => null);
  const held = useMemo(() => parseUserInfo(heldCookie), [heldCookie]);
  const current = held && server && held.levelId === server.levelId ? held : null;
  const [fetched, setFetched] = useState<UserInfo | null>(null);
  const [unread, setUnread] = useState<number | null>(null);
  const [unreadSettled, setUnreadSettled] = useState(false);
  const needsInfo = classOnly && hydrated && current === null;

  useEffect(() => {
    if (!needsInfo) return;
    let live = true;
    void import("@/lib/client/userinfo")
      .then((userinfo) => userinfo.refreshUserInfo())
      .then((info) => {
        if (info && live) setFetched(info);
      })
      // The module could not load (a deploy in between): the neutral avatar stays.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [needsInfo]);

  useEffect(() => {
    if (!classOnly || !hydrated) return;
    let live = true;
    void getOwnJson("/api/user/notifications").then((body) => {
      if (!live) return;
      const count = (body as { unread?: unknown } | null)?.unread;
      if (typeof count === "number" && Number.isInteger(count) && count >= 0) setUnread(count);
      setUnreadSettled(true);
    });
    return () => {
      live = false;
    };
  }, [classOnly, hydrated]);

  if (!classOnly) return { info: server, unread: null, unreadPending: false };
  return { info: current ?? fetched, unread, unreadPending: !unreadSettled };
}

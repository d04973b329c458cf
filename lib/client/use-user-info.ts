"use client";

import { useCallback } from "react";
import useSWR from "swr";
import type { UserInfo } from "@/lib/domain/user-info";
import { fetchUserInfoIfMissing, type UserInfoSource } from "./userinfo";

/** The swr key of the user info every component on the page shares. */
export const USER_INFO_KEY = "/api/user/info";

const ON_REQUEST_ONLY = { revalidateOnMount: false, revalidateOnFocus: false, revalidateOnReconnect: false } as const;

/**
 * The member's user info, shared through swr. `refresh(pathname)` is the navigation's check: the `userinfo` cookie when
 * it is there, else one request through the request client (concurrent checks share it; Home asks nothing).
 */
export function useUserInfo(request: UserInfoSource): { user: UserInfo | null | undefined; refresh: (pathname: string) => void } {
  const { data, mutate } = useSWR<UserInfo | null>(USER_INFO_KEY, null, ON_REQUEST_ONLY);
  const refresh = useCallback(
    (pathname: string) => void mutate(fetchUserInfoIfMissing(pathname, request), { revalidate: false }),
    [mutate, request],
  );
  return { user: data, refresh };
}

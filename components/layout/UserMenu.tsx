"use client";

import { useState } from "react";
import type { UserInfo } from "@/lib/domain/user-info";
import { Badge, badgeText } from "@/components/ui/Badge";
import { buttonClass } from "@/components/ui/Button";
import { useLoginState } from "@/components/dialogs/login-state";
import { useLazyModule } from "@/components/ui/lazy-module";
import { USER_MENU_TRIGGER_CLASS } from "./nav-trigger";
import { useOwnUserInfo } from "./use-own-user-info";

export interface UserMenuProps {
  viewer: UserInfo | null;
  unreadCount: number;
  /** Adds 管理后台 (/admin). */
  isStaff: boolean;
  /** The page was rendered for the member's access class (ADR 0067): their own info and badge are read here. */
  classOnly?: boolean;
}

function Avatar({ viewer }: { viewer: UserInfo | null }) {
  const [broken, setBroken] = useState(false);
  // A page of the member's access class, before the browser has read whose it is.
  if (!viewer) return <span aria-hidden="true" className="block size-8 rounded-full bg-slate-200" />;
  const initial = Array.from(viewer.nickName.trim())[0] ?? "我";
  if (viewer.avatar && !broken) {
    return (
      // A plain <img>: avatars are served as they are (next/image would add its client code to every page for nothing).
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={viewer.avatar}
        alt=""
        width={32}
        height={32}
        decoding="async"
        onError={() => setBroken(true)}
        className="size-8 rounded-full bg-slate-100 object-cover"
      />
    );
  }
  return (
    <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand text-sm font-semibold text-white">
      {initial}
    </span>
  );
}

const loadAccountMenu = () => import("./account-menu");
const loadUnreadCountSync = () => import("@/components/notifications/UnreadCountSync");

/** The header's account corner: 登录/注册 for visitors, the avatar menu for members (its menu loads on first use). */
export function UserMenu({ viewer, unreadCount: renderedUnreadCount, isStaff, classOnly = false }: UserMenuProps) {
  const { openLogin } = useLoginState();
  const { info: own, unread: ownUnreadCount, unreadPending } = useOwnUserInfo(viewer, classOnly);
  const serverUnreadCount = ownUnreadCount ?? renderedUnreadCount;
  // The server's count until the shared count (which a read answer on /user/notif updates) has loaded.
  const [liveUnreadCount, setLiveUnreadCount] = useState<number | null>(null);
  const unreadCount = liveUnreadCount ?? serverUnreadCount;
  const sync = useLazyModule(loadUnreadCountSync, viewer !== null);
  const [clicked, setClicked] = useState(false);
  const loaded = useLazyModule(loadAccountMenu, clicked);

  if (!viewer) {
    return (
      <button type="button" onClick={() => openLogin()} className={buttonClass("primary", "sm", "px-3.5")}>
        登录/注册
      </button>
    );
  }

  const unread = unreadCount > 0 ? `，${badgeText(unreadCount)}条未读消息` : "";
  const face = (
    <Badge value={unreadCount}>
      <Avatar viewer={own} />
      {sync ? <sync.UnreadCountSync serverCount={serverUnreadCount} onCount={setLiveUnreadCount} /> : null}
    </Badge>
  );
  if (loaded) return <loaded.AccountMenu viewer={own ?? viewer} unreadCount={unreadCount} isStaff={isStaff} defaultOpen={clicked} face={face} />;
  return (
    <button type="button" aria-label={`用户菜单${unread}`} aria-busy={clicked || undefined} data-unread-pending={unreadPending || undefined} onClick={() => setClicked(true)} className={USER_MENU_TRIGGER_CLASS}>
      {face}
    </button>
  );
}

"use client";

import { Bell, Crown, FileUp, Gift, LogOut, Settings, Share2, ShieldCheck, UserRound } from "lucide-react";
import Link from "@/components/ui/Link";
import { DropdownMenu } from "radix-ui";
import { useState, type ReactNode } from "react";
import { submitJson } from "@/lib/client/request";
import { notify } from "@/lib/client/toast";
import { clearUserInfo } from "@/lib/client/userinfo";
import type { UserInfo } from "@/lib/domain/user-info";
import { Badge, badgeText } from "@/components/ui/Badge";
import { reloadPage } from "@/components/ui/browser";
import { cn } from "@/components/ui/cn";
import { floatingCard } from "@/components/ui/floating";
import { useShare } from "@/components/dialogs/share-state";
import { USER_MENU_TRIGGER_CLASS } from "./nav-trigger";

const itemClass =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-[15px] text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100";

function MenuLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild>
      <Link href={href} className={itemClass}>
        {icon}
        <span className="flex flex-1 items-center justify-between gap-2">{children}</span>
      </Link>
    </DropdownMenu.Item>
  );
}

async function logout() {
  const { ok } = await submitJson("/api/auth/logout", undefined);
  if (!ok) {
    notify({ type: "error", message: "网络异常，请稍后再试" });
    return;
  }
  clearUserInfo();
  reloadPage();
}

/** The member's avatar menu (radix), loaded on first use by UserMenu. */
export function AccountMenu({ viewer, unreadCount, isStaff, defaultOpen, face }: {
  viewer: UserInfo;
  unreadCount: number;
  isStaff: boolean;
  defaultOpen: boolean;
  face: ReactNode;
}) {
  const { openShare } = useShare();
  const [leaving, setLeaving] = useState(false);
  const iconProps = { "aria-hidden": true, size: 18, className: "shrink-0 text-slate-500" } as const;
  const unread = unreadCount > 0 ? `，${badgeText(unreadCount)}条未读消息` : "";

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label={`用户菜单${unread}`}
        className={USER_MENU_TRIGGER_CLASS}
      >
        {face}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content {...floatingCard({ align: "end", className: "w-64 max-w-[calc(100vw-16px)] p-1.5" })}>
          <div className="px-3 pt-2 pb-2.5">
            <p className="truncate text-[15px] font-semibold text-slate-900">{viewer.nickName || "会员"}</p>
            <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500">
              <span className={cn("rounded px-1.5 py-px font-medium", viewer.levelId > 0 ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-600")}>
                {viewer.levelName || "普通会员"}
              </span>
              {viewer.levelEndDate ? <span>有效期至 {viewer.levelEndDate}</span> : null}
            </p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <MenuLink href="/upload" icon={<FileUp {...iconProps} />}>上传交割单</MenuLink>
          <MenuLink href="/user" icon={<UserRound {...iconProps} />}>个人主页</MenuLink>
          <MenuLink href="/user/account" icon={<Settings {...iconProps} />}>账户设置</MenuLink>
          <MenuLink href="/user/subscription" icon={<Crown {...iconProps} />}>我的订阅</MenuLink>
          <MenuLink href="/user/invite" icon={<Gift {...iconProps} />}>邀请好友</MenuLink>
          <MenuLink href="/user/notif" icon={<Bell {...iconProps} />}>
            消息通知
            <Badge value={unreadCount} />
          </MenuLink>
          <DropdownMenu.Item className={itemClass} onSelect={() => openShare()}>
            <Share2 {...iconProps} />
            分享
          </DropdownMenu.Item>
          {isStaff ? <MenuLink href="/admin" icon={<ShieldCheck {...iconProps} />}>管理后台</MenuLink> : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item
            className={cn(itemClass, "text-slate-600")}
            disabled={leaving}
            onSelect={async () => {
              setLeaving(true);
              await logout();
              setLeaving(false);
            }}
          >
            <LogOut {...iconProps} />
            {leaving ? "正在退出…" : "退出登录"}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

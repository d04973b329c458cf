"use client";

import Link from "@/components/ui/Link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonClass, Button, type ButtonSize } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { notify } from "@/lib/client/toast";
import { postFollow } from "./follow-api";

export interface FollowButtonProps {
  strategyGuid: string;
  following: boolean;
  /** false when the member's tier allows no more follows (unfollowing is always possible) */
  canFollow: boolean;
  /** why following is not possible, e.g. "普通会员最多关注 1 个策略，升级 VIP 可关注 10 个" */
  limitText?: string;
  /** set for visitors: the button becomes a link to log in */
  loginHref?: string | null;
  size?: ButtonSize;
  className?: string;
}

/**
 * 关注 / 已关注. On a followed strategy the button turns into 取消关注 while hovered (mouse) or after a first tap
 * (touch, keyboard), and the next click unfollows. Shows the server's message as a toast and re-renders the page.
 */
export function FollowButton({ strategyGuid, following: followingProp, canFollow, limitText, loginHref, size = "sm", className }: FollowButtonProps) {
  const router = useRouter();
  const [following, setFollowing] = useState(followingProp);
  const [seenProp, setSeenProp] = useState(followingProp);
  const [armed, setArmed] = useState(false);
  const [sending, setSending] = useState(false);
  const [refreshing, startRefresh] = useTransition();

  // A new answer from the server (router.refresh) wins over the local state.
  if (seenProp !== followingProp) {
    setSeenProp(followingProp);
    setFollowing(followingProp);
  }

  if (loginHref) {
    return (
      <Link href={loginHref} className={buttonClass("primary", size, cn("min-w-20", className))} aria-label="登录后关注策略">
        <span aria-hidden>＋</span>关注
      </Link>
    );
  }

  async function send(follow: boolean) {
    setSending(true);
    const result = await postFollow({ strategyGuid, follow });
    setSending(false);
    setArmed(false);
    if (!result.ok) {
      notify({ type: result.status === 409 ? "warning" : "error", message: result.message });
      return;
    }
    const now = typeof result.body.following === "boolean" ? result.body.following : follow;
    setFollowing(now);
    notify({ type: "success", message: result.message || (now ? "已关注" : "已取消关注") });
    startRefresh(() => router.refresh());
  }

  function onClick() {
    if (!following) {
      if (!canFollow) {
        notify({ type: "warning", message: limitText || "关注的策略数量已达上限" });
        return;
      }
      void send(true);
      return;
    }
    if (!armed) {
      setArmed(true);
      return;
    }
    void send(false);
  }

  const busy = sending || refreshing;
  const text = !following ? "关注" : armed ? "取消关注" : "已关注";
  return (
    <Button
      variant={following ? "ghost" : "primary"}
      size={size}
      loading={busy}
      data-following={following ? "true" : "false"}
      title={!following && !canFollow ? limitText : undefined}
      onClick={onClick}
      onPointerEnter={(e) => (e.pointerType === "mouse" && following ? setArmed(true) : undefined)}
      onPointerLeave={(e) => (e.pointerType === "mouse" ? setArmed(false) : undefined)}
      onBlur={() => setArmed(false)}
      className={cn(
        "min-w-20",
        // ghost + a border (cn does not merge conflicting utilities: only add what the variant lacks)
        following ? "border" : undefined,
        following && armed ? "border-slate-400 ring-1 ring-slate-200" : following ? "border-slate-300" : undefined,
        className,
      )}
    >
      {busy ? null : <span aria-hidden>{!following ? "＋" : armed ? "" : "✓"}</span>}
      {text}
    </Button>
  );
}

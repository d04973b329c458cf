"use client";

import Link from "@/components/ui/Link";
import { ThumbsUp } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "@/components/ui/cn";
import { getOwnJson } from "@/lib/client/own-json";
import { NETWORK_RETRY_MESSAGE, submitJson } from "@/lib/client/request";
import { notify } from "@/lib/client/toast";

export interface LikeButtonProps {
  infoguid: string;
  likes: number;
  liked: boolean;
  /** for visitors: the button is a link to log in and come back */
  loginHref?: string | null;
  /** false when the article is above the member's level */
  canLike: boolean;
  /** The page was rendered for the member's access class (ADR 0067): their own like is read here. */
  readOwnLike?: boolean;
}

/** 点赞: once per member (POST /api/articles/{id}/like); the count comes back from the server. */
export function LikeButton({ infoguid, likes: initialLikes, liked: initialLiked, loginHref, canLike, readOwnLike = false }: LikeButtonProps) {
  const [likes, setLikes] = useState(initialLikes);
  const [liked, setLiked] = useState(initialLiked);
  const [sending, setSending] = useState(false);
  const [reading, setReading] = useState(readOwnLike);
  useEffect(() => {
    if (!readOwnLike) return;
    let live = true;
    void getOwnJson(`/api/articles/${infoguid}/like`).then((answer) => {
      if (!live) return;
      const body = answer as { liked?: unknown; likes?: unknown } | null;
      if (body?.liked === true) setLiked(true);
      if (typeof body?.likes === "number") setLikes(body.likes);
      setReading(false);
    });
    return () => {
      live = false;
    };
  }, [infoguid, readOwnLike]);
  const className = cn(
    "inline-flex h-9 items-center gap-1.5 rounded-full border px-4 text-sm",
    liked ? "border-red-200 bg-red-50 text-red-600" : "border-slate-200 bg-white text-slate-600 hover:border-red-200 hover:text-red-600",
  );
  const content = (
    <>
      <ThumbsUp aria-hidden className="h-4 w-4" />
      <span>{liked ? "已赞" : "点赞"}</span>
      <span data-testid="like-count">{likes}</span>
    </>
  );
  // the name begins with what the link shows (WCAG 2.5.3): 点赞 12，登录后点赞
  if (loginHref) {
    return (
      <Link href={loginHref} className={className}>
        {content}
        <span className="sr-only">，登录后点赞</span>
      </Link>
    );
  }

  async function onClick() {
    if (liked || sending || reading) return;
    if (!canLike) {
      notify({ type: "warning", message: "升级会员后才能点赞这篇文章" });
      return;
    }
    setSending(true);
    const answer = await submitJson(`/api/articles/${infoguid}/like`, undefined, { fallback: () => NETWORK_RETRY_MESSAGE });
    setSending(false);
    if (!answer.ok) {
      notify({ type: answer.status === 403 ? "warning" : "error", message: answer.message });
      return;
    }
    setLiked(true);
    if (typeof answer.body.likes === "number") setLikes(answer.body.likes);
  }

  return (
    <button type="button" className={className} onClick={onClick} aria-pressed={liked} disabled={sending} aria-busy={reading || undefined}>
      {content}
    </button>
  );
}

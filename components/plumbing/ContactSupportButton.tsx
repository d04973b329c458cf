"use client";

import type { ReactNode } from "react";
import { bootIntercom, isIntercomUnavailable, openIntercom } from "@/lib/client/intercom";
import { notify } from "@/lib/client/toast";
import { loadUserInfo } from "@/lib/client/userinfo";

export interface ContactSupportButtonProps {
  supportEmail: string;
  intercomAppId: string | null;
  className?: string;
  children: ReactNode;
}

/**
 * 联系客服: opens the chat widget (booting it first if needed), or writes an e-mail when chat is not configured or
 * cannot be reached (the widget's CDN is often blocked); the address is also shown in a toast in case no mail app opens.
 */
export function ContactSupportButton({ supportEmail, intercomAppId, className, children }: ContactSupportButtonProps) {
  const mailto = `mailto:${supportEmail}`;
  if (!intercomAppId) {
    return <a href={mailto} className={className}>{children}</a>;
  }

  const fallBackToEmail = () => {
    notify({ type: "info", message: `在线客服暂时无法连接，请发邮件至 ${supportEmail}`, duration: 0 });
    window.open(mailto, "_self");
  };

  const openChat = async () => {
    if (isIntercomUnavailable()) return fallBackToEmail();
    try {
      await bootIntercom(intercomAppId, loadUserInfo());
    } catch {
      return fallBackToEmail();
    }
    if (!(await openIntercom())) fallBackToEmail();
  };

  return (
    <button type="button" className={className} onClick={() => void openChat()}>
      {children}
    </button>
  );
}

"use client";

import { useState } from "react";
import { LoginForm } from "@/components/dialogs/LoginForm";
import type { LoginType } from "@/components/dialogs/login-state";

/** The login form inline on /login and /new. */
export function LoginPanel({ invitationCode }: { invitationCode: string }) {
  const [activeType, setActiveType] = useState<LoginType>("password");
  return <LoginForm invitationCode={invitationCode} activeType={activeType} onActiveTypeChange={setActiveType} />;
}

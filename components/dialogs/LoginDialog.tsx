"use client";

import { Dialog } from "@/components/ui/Dialog";
import { useLoginState } from "./login-state";
import { LoginForm } from "./LoginForm";

export { LoginForm, type LoginFormProps } from "./LoginForm";

/** The login dialog of SPEC §3/§4, driven by the login state (useLoginState().openLogin()). */
export function LoginDialog() {
  const { shown, invitationCode, activeType, closeLogin, setActiveType } = useLoginState();
  return (
    <Dialog open={shown} onOpenChange={(open) => (open ? undefined : closeLogin())} title="登录 / 注册" width={400}>
      <LoginForm invitationCode={invitationCode} activeType={activeType} onActiveTypeChange={setActiveType} onNavigate={closeLogin} />
    </Dialog>
  );
}

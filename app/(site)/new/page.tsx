import type { Metadata } from "next";
import { LoginPage } from "../_views/LoginPage";

/** The same form as /login: its canonical (docs/adr/0082). */
export const metadata: Metadata = { title: "登录 / 注册", description: "登录或注册量化学堂。", alternates: { canonical: "/login" } };

export default function NewLoginPage() {
  return <LoginPage />;
}

import type { Metadata } from "next";
import { LoginPage } from "../_views/LoginPage";

export const metadata: Metadata = { title: "登录 / 注册", description: "登录或注册量化学堂。" };

export default function NewLoginPage() {
  return <LoginPage />;
}

import type { Metadata } from "next";
import { DemoShowcase } from "@/components/dialogs/DemoShowcase";

export const metadata: Metadata = { title: "组件演示", description: "弹窗、分享、提示与徽标等公共组件的演示页（供测试使用）。", robots: { index: false } };

export default function DemoPage() {
  return <DemoShowcase />;
}

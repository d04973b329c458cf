"use client";

import { addDays, format, isWeekend, subDays } from "date-fns";
import { useState, type ReactNode } from "react";
import { notify } from "@/lib/client/toast";
import { BADGE_TYPES, TOAST_TYPES, type BadgeType, type ToastType } from "@/lib/domain/constants";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { DatePicker } from "@/components/ui/DatePicker";
import { useLoginState } from "./login-state";
import { usePayState } from "./pay-state";
import { Popup } from "./Popup";
import { useShare } from "./share-state";

const TOAST_SAMPLES: Record<ToastType, string> = {
  success: "保存成功",
  info: "今日交割单已更新",
  warning: "请稍后再试",
  error: "网络异常",
};

const TOAST_LABELS: Record<ToastType, string> = { success: "成功提示", info: "信息提示", warning: "警告提示", error: "错误提示" };

const BADGE_LABELS: Record<BadgeType, string> = { primary: "主色", success: "成功", warning: "警告", info: "信息", danger: "危险" };

const BADGE_VALUES = [0, 5, 99, 100];

/** Weekdays of the last 120 days: a stand-in for the trading calendar. */
function demoTradingDays(): string[] {
  const today = new Date();
  const days: string[] = [];
  for (let d = subDays(today, 120); d <= today; d = addDays(d, 1)) {
    if (!isWeekend(d)) days.push(format(d, "yyyy-MM-dd"));
  }
  return days;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** The QA showcase of the shared pieces, for the /demo page. Render it inside <SiteProviders>. */
export function DemoShowcase() {
  const { openLogin } = useLoginState();
  const { openPay } = usePayState();
  const { openShare } = useShare();
  const [popup, setPopup] = useState<"normal" | "disabled" | null>(null);
  const [lastOutput, setLastOutput] = useState("无");
  const [date, setDate] = useState("");
  const [tradingDays] = useState(demoTradingDays);

  const output = (name: string) => () => {
    setLastOutput(name);
    setPopup(null);
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-xl font-bold text-slate-900">组件演示（供测试使用）</h1>

      <Section title="推荐弹窗">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setPopup("normal")}>打开弹窗</Button>
          <Button variant="secondary" onClick={() => setPopup("disabled")}>
            打开弹窗（禁用状态）
          </Button>
        </div>
        <p className="mt-2 text-sm text-slate-600" data-testid="popup-output">
          最近一次输出：{lastOutput}
        </p>
        <Popup
          open={popup !== null}
          title="开通VIP，看懂大神每一笔"
          subtitle="新会员首月特惠"
          primaryText="立即开通"
          secondaryText="再看看"
          cookieName="demo_popup_shown"
          disabled={popup === "disabled"}
          onClose={output("关闭")}
          onPrimary={output("主按钮")}
          onSecondary={output("次按钮")}
        >
          大神交割单每日更新。开通VIP后可查看全部大神的逐笔买卖、持仓周期与盈亏分析，并解锁完整排行榜和亏损追踪。
        </Popup>
      </Section>

      <Section title="对话框">
        <div className="flex flex-wrap gap-2">
          <Button onClick={openShare}>分享</Button>
          <Button variant="secondary" onClick={() => openLogin()}>
            登录
          </Button>
          <Button
            variant="secondary"
            onClick={() => openPay({ levelId: 200, bannerText: "该内容为SVIP专享，开通后即可查看", params: "from=demo" })}
          >
            开通会员
          </Button>
        </div>
      </Section>

      <Section title="消息提示">
        <div className="flex flex-wrap gap-2">
          {TOAST_TYPES.map((type) => (
            <Button key={type} variant="secondary" onClick={() => notify({ type, message: TOAST_SAMPLES[type] })}>
              {TOAST_LABELS[type]}
            </Button>
          ))}
          <Button
            variant="ghost"
            onClick={() => {
              for (let i = 0; i < 3; i += 1) notify({ type: "error", message: "网络异常" });
            }}
          >
            重复提示 ×3（合并计数）
          </Button>
        </div>
      </Section>

      <Section title="徽标">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[320px] text-sm">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-2 pr-2 font-normal">类型</th>
                {BADGE_VALUES.map((v) => (
                  <th key={v} className="py-2 pr-2 font-normal">
                    {v}
                  </th>
                ))}
                <th className="py-2 font-normal">0（显示零）</th>
              </tr>
            </thead>
            <tbody>
              {BADGE_TYPES.map((type) => (
                <tr key={type} className="border-t border-slate-100" data-testid={`badge-row-${type}`}>
                  <td className="py-2.5 pr-2 text-slate-700">{BADGE_LABELS[type]}</td>
                  {BADGE_VALUES.map((v) => (
                    <td key={v} className="py-2.5 pr-2">
                      <Badge value={v} type={type} />
                    </td>
                  ))}
                  <td className="py-2.5">
                    <Badge value={0} type={type} showZero />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title="日期选择">
        <div className="flex flex-wrap items-center gap-3">
          <DatePicker value={date} onChange={setDate} enabledDates={tradingDays} aria-label="选择交易日" placeholder="选择交易日" />
          <span className="text-sm text-slate-600">已选：{date || "未选择"}（仅工作日可选）</span>
        </div>
      </Section>

      <Section title="按钮">
        <div className="flex flex-wrap gap-2">
          <Button>主要按钮</Button>
          <Button variant="secondary">次要按钮</Button>
          <Button variant="ghost">文字按钮</Button>
          <Button loading>加载中</Button>
        </div>
      </Section>
    </div>
  );
}

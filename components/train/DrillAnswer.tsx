"use client";

import { usePathname } from "next/navigation";
import { useMemo, useState, type ReactNode } from "react";
import { KLineChartLazy, type KLineChartLazyProps } from "@/components/charts/KLineChartLazy";
import Link from "@/components/ui/Link";
import { cn } from "@/components/ui/cn";
import { submitJson } from "@/lib/client/request";
import { notify } from "@/lib/client/toast";
import { DRILL_CHOICE_LABELS, DRILL_CHOICES, type DrillChoice } from "@/lib/domain/lessons/drill";
import { packBars, unpackBars } from "@/lib/domain/market/packed-bars";
import type { DrillReveal } from "@/lib/domain/lessons/drill-dto";
import { DrillRevealView } from "./DrillRevealView";

const CHOICE_LOOK: Record<DrillChoice, string> = {
  buy: "bg-red-600 text-white",
  sell: "bg-green-700 text-white",
  watch: "border border-slate-300 bg-white text-slate-800",
};

export interface DrillAnswerProps {
  /** the question's chart: the bars before the day, no marker */
  questionChart: KLineChartLazyProps;
  /** what stands between the chart and the choices (the master's position, the study note) */
  children: ReactNode;
  caption: string;
  setHref: string;
  /** false for a visitor: a choice leads to the login page, which comes back here */
  signedIn: boolean;
  /** answers a free member has left today; null for no limit */
  leftToday: number | null;
  initialReveal: DrillReveal | null;
}

/**
 * The three choices (in thumb reach: a bar at the bottom of a phone's screen) and, once answered, the reveal. Nothing
 * of the day is in this component's props before the answer: it arrives with the answer.
 */
export function DrillAnswer({ questionChart, children, caption, setHref, signedIn, leftToday, initialReveal }: DrillAnswerProps) {
  // from the address, not from props: the page's payload names no date from the day on (docs/adr/0081)
  const pathname = usePathname();
  const answerUrl = `/api${pathname}/answer`;
  const loginHref = signedIn ? null : `/login?r=${encodeURIComponent(pathname)}`;
  const [reveal, setReveal] = useState<DrillReveal | null>(initialReveal);
  const [sending, setSending] = useState<DrillChoice | null>(null);
  const [quantity, setQuantity] = useState("");

  const chart = useMemo(() => {
    if (!reveal) return null;
    const bars = [...unpackBars(questionChart.bars), ...reveal.bars.map((b) => ({ ...b, code: "", amount: null }))];
    const markers = reveal.fills.map((f) => ({ date: f.date, time: f.time, side: f.side, price: f.price, quantity: f.quantity, play: f.play }));
    const day = reveal.fills[0]!.date;
    const last = reveal.bars[reveal.bars.length - 1]?.date ?? day;
    // assembled here rather than by kline-props (whose chart model would weigh on every drill's first load)
    const summary = `${caption}日K：${bars[0]?.date ?? day} 至 ${last}，共 ${bars.length} 根；${day} 起为揭晓的走势，大神当天的 ${reveal.fills.length} 笔成交已标出。`;
    const props: KLineChartLazyProps = { ...questionChart, bars: packBars(bars), markers, highlight: { from: day, to: last }, summary };
    return props;
  }, [reveal, questionChart, caption]);

  async function answer(choice: DrillChoice) {
    if (loginHref) {
      window.location.assign(loginHref);
      return;
    }
    const size = quantity.trim();
    setSending(choice);
    const result = await submitJson(answerUrl, { choice, ...(size ? { quantity: size } : {}) });
    setSending(null);
    if (!result.ok) {
      notify({ type: result.status === 403 ? "warning" : "error", message: result.message });
      return;
    }
    setReveal(result.body as unknown as DrillReveal);
  }

  return (
    <>
      <div className="mt-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
        {/* one chart: the question's, and after the answer the same with the day and the days after marked */}
        <KLineChartLazy {...(chart ?? questionChart)} />
      </div>
      {children}
      {reveal ? (
        <div className="mt-4" data-testid="drill-reveal">
          <DrillRevealView reveal={reveal} setHref={setHref} />
        </div>
      ) : (
        <>
          <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
            <span className="shrink-0">数量（可选）</span>
            <input
              inputMode="numeric"
              pattern="[0-9]*"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value.replace(/\D/g, ""))}
              placeholder="股数，如 1000"
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 px-2 text-sm"
              aria-label="买卖数量（股，可不填）"
            />
          </label>
          <div
            className="sticky bottom-[calc(3.5rem+env(safe-area-inset-bottom)+var(--disclaimer-height,0px))] z-30 -mx-4 mt-3 border-t border-slate-200 bg-white/95 px-4 pb-3 pt-2 backdrop-blur md:bottom-[var(--disclaimer-height,0px)] md:mx-0 md:rounded-xl md:border"
            data-testid="drill-choices"
          >
            {loginHref ? (
              <p className="mb-2 text-xs text-slate-600">
                <Link className="text-brand underline" href={loginHref} prefetch={false}>登录</Link>后作答，答完即可看到大神当天的操作。
              </p>
            ) : leftToday !== null ? (
              <p className="mb-2 text-xs text-slate-600">免费会员今天还可做 {leftToday} 道题，VIP 不限题数。</p>
            ) : null}
            <div className="grid grid-cols-3 gap-2" role="group" aria-label="你的选择">
              {DRILL_CHOICES.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  disabled={sending !== null}
                  aria-busy={sending === choice}
                  onClick={() => void answer(choice)}
                  className={cn("h-12 rounded-xl text-base font-semibold disabled:opacity-60", CHOICE_LOOK[choice])}
                >
                  {sending === choice ? "提交中…" : DRILL_CHOICE_LABELS[choice]}
                </button>
              ))}
            </div>
          </div>
        </>
      )}
    </>
  );
}

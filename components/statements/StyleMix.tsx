import { cn } from "@/components/ui/cn";
import { formatPercent, formatSignedYuanWan } from "@/lib/domain/statements/format";
import { Panel } from "./Panel";
import { pnlClass } from "./tone";
import type { StyleMixData } from "./types";

/** Entry kinds: label, colour and a one-line explanation. Keys may be the ids or the Chinese names. */
export const ENTRY_KINDS: Record<string, { label: string; color: string; hint: string }> = {
  daban: { label: "打板", color: "#e0282e", hint: "在涨停价买入" },
  banlu: { label: "半路", color: "#f97316", hint: "大涨途中、未封板前买入" },
  zhuizhang: { label: "追涨", color: "#f59e0b", hint: "上涨中追高买入" },
  dixi: { label: "低吸", color: "#16a34a", hint: "下跌或回调时买入" },
  other: { label: "未知", color: "#94a3b8", hint: "缺少当日行情，无法判断" },
};
const ENTRY_ALIASES: Record<string, string> = { 打板: "daban", 半路: "banlu", 追涨: "zhuizhang", 低吸: "dixi", 未知: "other", 其他: "other" };

export const BOARD_LABELS: Record<string, string> = { main: "主板", gem: "创业板", star: "科创板", bj: "北交所", other: "其他" };

function entryStyle(key: string, index: number) {
  const known = ENTRY_KINDS[ENTRY_ALIASES[key] ?? key];
  const spare = ["#6366f1", "#0ea5e9", "#a855f7"];
  return known ?? { label: key, color: spare[index % spare.length]!, hint: "" };
}

function ShareBar({ value, max, color }: { value: number; max: number; color?: string }) {
  return (
    <span className="relative h-4 overflow-hidden rounded bg-slate-100" aria-hidden>
      <span className={cn("absolute inset-y-0 left-0 rounded", color ? undefined : "bg-brand/70")} style={{ width: `${max ? (value / max) * 100 : 0}%`, background: color }} />
    </span>
  );
}

/** Trading style: the mix of entry kinds (打板/半路/追涨/低吸), when buys happen, and which boards were traded. */
export function StyleMix({ title = "交易风格", ...style }: StyleMixData & { title?: string }) {
  const entries = Object.entries(style.entries)
    .filter(([, n]) => n > 0)
    .map(([key, count], i) => ({ key, count, ...entryStyle(key, i) }))
    .sort((a, b) => b.count - a.count);
  const entryTotal = entries.reduce((s, e) => s + e.count, 0);
  const timeMax = Math.max(0, ...style.timeOfDay.map((t) => t.count));
  const timeTotal = style.timeOfDay.reduce((s, t) => s + t.count, 0);
  const boardMax = Math.max(0, ...style.boards.map((b) => b.count));

  return (
    <div className="grid gap-3 md:grid-cols-2" data-testid="style-mix">
      <Panel title={`${title} · 买入方式`} className="md:col-span-2" aside={entryTotal ? `共 ${entryTotal} 次买入` : undefined}>
        {entryTotal ? (
          <>
            <div className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden>
              {entries.map((e) => (
                <span key={e.key} style={{ width: `${(e.count / entryTotal) * 100}%`, background: e.color }} />
              ))}
            </div>
            <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {entries.map((e) => (
                <li key={e.key} className="min-w-0 rounded-lg bg-slate-50 px-2.5 py-2" title={e.hint || undefined}>
                  <span className="flex items-center gap-1.5 text-xs text-slate-600">
                    <span className="h-2.5 w-2.5 shrink-0 rounded-sm" style={{ background: e.color }} aria-hidden />
                    {e.label}
                  </span>
                  <span className="mt-0.5 block text-base font-semibold text-slate-900 tabular-nums">
                    {formatPercent(e.count / entryTotal, { signed: false, decimals: 1 })}
                  </span>
                  <span className="block truncate text-[11px] text-slate-500 tabular-nums">
                    {e.count} 次{e.hint ? ` · ${e.hint}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="py-4 text-center text-sm text-slate-500">暂无买入记录</p>
        )}
      </Panel>

      <Panel title="买入时段" aside={timeTotal ? `共 ${timeTotal} 次` : undefined}>
        {timeTotal ? (
          <ul className="space-y-2">
            {style.timeOfDay.map((t) => (
              <li key={t.bucket} className="grid grid-cols-[6.5rem_minmax(0,1fr)_3.5rem] items-center gap-2 text-xs tabular-nums">
                <span className="truncate text-slate-600">{t.bucket}</span>
                <ShareBar value={t.count} max={timeMax} />
                <span className="text-right text-slate-700">{t.count} 次</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="py-4 text-center text-sm text-slate-500">文件没有成交时间</p>
        )}
      </Panel>

      <Panel title="交易板块">
        {style.boards.some((b) => b.count > 0) ? (
          <ul className="space-y-2">
            {style.boards.map((b) => (
              <li key={b.board} className="grid grid-cols-[3.5rem_minmax(0,1fr)_3rem_4.5rem] items-center gap-2 text-xs tabular-nums">
                <span className="text-slate-600">{BOARD_LABELS[b.board] ?? b.board}</span>
                <ShareBar value={b.count} max={boardMax} />
                <span className="text-right text-slate-700">{b.count} 笔</span>
                <span className={cn("text-right font-medium", pnlClass(b.pnl))}>{formatSignedYuanWan(b.pnl, 1, 0)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="py-4 text-center text-sm text-slate-500">暂无交易</p>
        )}
      </Panel>
    </div>
  );
}

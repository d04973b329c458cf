import Link from "next/link";
import { DemoBadge } from "@/components/content/DemoBadge";
import { formatQuote, formatShares, formatYuan } from "@/lib/domain/statements/format";
import { SIDE_CLASS, SIDE_LABEL } from "./tone";

export interface DayTradeItem {
  masterGuid: string;
  masterName: string;
  isDemo: boolean;
  date: string;
  time: string | null;
  code: string;
  name: string;
  side: "buy" | "sell";
  quantity: number;
  price: number;
  amount: number;
}

/** One day's fills across masters; each row opens the master's detail at that day and stock. */
export function DayTrades({ items }: { items: DayTradeItem[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[560px] text-sm" data-testid="day-trades">
        <thead className="whitespace-nowrap bg-slate-50 text-left text-xs text-slate-500">
          <tr>
            <th className="px-3 py-2 font-medium">大神</th>
            <th className="px-3 py-2 font-medium">时间</th>
            <th className="px-3 py-2 font-medium">股票</th>
            <th className="px-3 py-2 font-medium">方向</th>
            <th className="px-3 py-2 text-right font-medium">数量</th>
            <th className="px-3 py-2 text-right font-medium">价格</th>
            <th className="px-3 py-2 text-right font-medium">金额</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 whitespace-nowrap">
          {items.map((t, i) => (
            <tr key={`${t.masterGuid}-${i}`}>
              <td className="px-3 py-2">
                <span className="inline-flex items-center gap-1">
                  <Link className="text-slate-900 hover:text-brand" href={`/detail/${t.masterGuid}/${t.date}`}>{t.masterName}</Link>
                  {t.isDemo ? <DemoBadge /> : null}
                </span>
              </td>
              <td className="px-3 py-2 tabular-nums text-slate-500">{t.time ?? "—"}</td>
              <td className="px-3 py-2">
                <Link className="hover:text-brand" href={`/detail/${t.masterGuid}/${t.date}/${t.code}`}>
                  {t.name}<span className="text-slate-400">({t.code})</span>
                </Link>
              </td>
              <td className={`px-3 py-2 ${SIDE_CLASS[t.side]}`}>{SIDE_LABEL[t.side]}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatShares(t.quantity)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatQuote(t.price)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatYuan(t.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

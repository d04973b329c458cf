import { DayReader, DayWriter } from "@/lib/domain/packed-days";
import type { DailyBar } from "./types";

/**
 * Daily bars as one string for the K-line's props: `date,open,high,low,close,volume,amount[,preClose]` per bar (the
 * exchange's 昨收 only when the bar has it), bars separated by `;`, dates as in packDays (the first in full, then distances in days), an unknown amount left empty. A page sends
 * ~140 bars to the chart; as arrays they were 1,100 values that React serialises and revives one by one on every
 * request (a fifth of a master page's server time), as a string they are one. Numbers keep their exact value
 * (JavaScript writes the shortest text that reads back as the same number).
 */
export function packBars(bars: readonly DailyBar[]): string {
  const days = new DayWriter();
  return bars
    .map((b) => {
      const fields = [days.write(b.date), b.open, b.high, b.low, b.close, b.volume, b.amount ?? ""];
      if (b.preClose !== undefined && b.preClose !== null) fields.push(b.preClose);
      return fields.join(",");
    })
    .join(";");
}

/** The bars packBars wrote, with `code` (which the page already knows) filled in. */
export function unpackBars(text: string, code = ""): DailyBar[] {
  if (text === "") return [];
  const days = new DayReader();
  return text.split(";").map((row) => {
    const [date = "", open, high, low, close, volume, amount, preClose] = row.split(",");
    const bar: DailyBar = {
      code,
      date: days.read(date),
      open: Number(open),
      high: Number(high),
      low: Number(low),
      close: Number(close),
      volume: Number(volume),
      amount: amount === "" || amount === undefined ? null : Number(amount),
    };
    if (preClose !== undefined && preClose !== "") bar.preClose = Number(preClose);
    return bar;
  });
}

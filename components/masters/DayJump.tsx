"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { dateTriggerClass, DateTriggerContent } from "@/components/ui/date-trigger";
import { dayLabel } from "@/lib/domain/day-label";
import { unpackDays } from "@/lib/domain/packed-days";

const loadPicker = () => import("@/components/ui/DatePicker");

// The calendar (react-day-picker, date-fns, the popover) is fetched when the button is pressed (or pointed at), not
// with the page: until then the button is plain HTML that looks the same.
const DatePicker = dynamic(() => loadPicker().then((m) => m.DatePicker), {
  ssr: false,
  loading: () => <span aria-hidden="true" className="inline-block h-10 w-44 animate-pulse rounded-lg border border-slate-200 bg-slate-50" />,
});

/**
 * A Monday-first picker of the days that have trades; choosing one opens `hrefTemplate` with `{date}` filled in.
 * `days` is packDays(…) of those days: one value in the page's payload however long the master has traded.
 */
export function DayJump({ value, days, hrefTemplate, label = "选择交易日" }: { value: string | null; days: string; hrefTemplate: string; label?: string }) {
  const router = useRouter();
  const [pressed, setPressed] = useState(false);
  const enabledDates = useMemo(() => (pressed ? unpackDays(days) : []), [pressed, days]);
  if (pressed) {
    return (
      <DatePicker
        defaultOpen
        value={value}
        enabledDates={enabledDates}
        aria-label={label}
        placeholder={label}
        onChange={(day) => router.push(hrefTemplate.replace("{date}", day))}
      />
    );
  }
  const day = dayLabel(value);
  const shown = day ?? label;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={`${label}：${shown}`}
      className={dateTriggerClass(day !== null)}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      onClick={() => setPressed(true)}
    >
      <DateTriggerContent label={shown} />
    </button>
  );
}

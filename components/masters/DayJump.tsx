"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";

// The calendar (react-day-picker, date-fns) is not needed for the first paint: it loads after the page, in a box of
// the same size, so it stays out of the page's first-load JavaScript.
const DatePicker = dynamic(() => import("@/components/ui/DatePicker").then((m) => m.DatePicker), {
  ssr: false,
  loading: () => <span aria-hidden="true" className="inline-block h-10 w-44 animate-pulse rounded-lg border border-slate-200 bg-slate-50" />,
});

/** A Monday-first picker of the days that have trades; choosing one opens `hrefTemplate` with `{date}` filled in. */
export function DayJump({ value, days, hrefTemplate, label = "选择交易日" }: { value: string | null; days: string[]; hrefTemplate: string; label?: string }) {
  const router = useRouter();
  return (
    <DatePicker value={value} enabledDates={days} aria-label={label} placeholder={label} onChange={(day) => router.push(hrefTemplate.replace("{date}", day))} />
  );
}

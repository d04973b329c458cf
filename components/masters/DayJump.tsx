"use client";

import { useRouter } from "next/navigation";
import { DatePicker } from "@/components/ui/DatePicker";

/** A Monday-first picker of the days that have trades; choosing one opens `hrefTemplate` with `{date}` filled in. */
export function DayJump({ value, days, hrefTemplate, label = "选择交易日" }: { value: string | null; days: string[]; hrefTemplate: string; label?: string }) {
  const router = useRouter();
  return (
    <DatePicker
      value={value}
      enabledDates={days}
      aria-label={label}
      placeholder={label}
      onChange={(day) => router.push(hrefTemplate.replace("{date}", day))}
    />
  );
}

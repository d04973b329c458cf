import { CalendarDays, ChevronDown } from "lucide-react";
import { cn } from "./cn";

export function dateTriggerClass(chosen: boolean, className?: string): string {
  return cn(
    "inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm tabular-nums",
    "hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand",
    "disabled:cursor-not-allowed disabled:opacity-60",
    chosen ? "text-slate-900" : "text-slate-500",
    className,
  );
}

/** What the date button shows: the calendar icon, the day or the placeholder, the chevron. */
export function DateTriggerContent({ label }: { label: string }) {
  return (
    <>
      <CalendarDays aria-hidden="true" size={16} className="text-slate-500" />
      <span>{label}</span>
      <ChevronDown aria-hidden="true" size={16} className="text-slate-500" />
    </>
  );
}

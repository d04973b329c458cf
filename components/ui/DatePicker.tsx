"use client";

import { format, isValid, parse } from "date-fns";
import { Popover } from "radix-ui";
import { useMemo, useState } from "react";
import { DayPicker } from "react-day-picker";
import { zhCN } from "react-day-picker/locale";
import "react-day-picker/style.css";
import { BASE_Z_INDEX } from "@/lib/domain/constants";
import { dayLabel } from "@/lib/domain/day-label";
import { dateTriggerClass, DateTriggerContent } from "./date-trigger";
import { floatingCard } from "./floating";

const DAY = "yyyy-MM-dd";

export interface DatePickerProps {
  /** The chosen day as `YYYY-MM-DD`, or empty. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  /**
   * When given, only these days (`YYYY-MM-DD`) can be picked — pass the trading days so weekends and
   * holidays are disabled — and navigation stops at the first and last month that has one.
   */
  enabledDates?: ReadonlySet<string> | readonly string[];
  /** Text on the button when nothing is chosen; 选择日期 by default. */
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** Accessible name of the button, e.g. 选择交易日. */
  "aria-label"?: string;
  className?: string;
  /** Opens the calendar at once (a trigger that loaded the picker on a press). */
  defaultOpen?: boolean;
}

/** Parses `YYYY-MM-DD` into a local date, or undefined. */
export function parseDay(value: string | null | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = parse(value, DAY, new Date());
  return isValid(date) ? date : undefined;
}

/**
 * A date field: a button showing the day (`2026-11-20 周五`) that opens a Monday-first calendar in Chinese
 * (react-day-picker with the date-fns zhCN locale and DayPicker's Chinese labels).
 */
export function DatePicker({
  value,
  onChange,
  enabledDates,
  placeholder = "选择日期",
  disabled,
  id,
  "aria-label": ariaLabel,
  className,
  defaultOpen = false,
}: DatePickerProps) {
  const [open, setOpen] = useState(defaultOpen);
  const selected = parseDay(value);

  const enabled = useMemo(() => {
    if (!enabledDates) return null;
    const days = [...enabledDates].filter((d) => parseDay(d)).sort();
    return { set: new Set(days), first: parseDay(days[0]), last: parseDay(days[days.length - 1]) };
  }, [enabledDates]);

  const label = dayLabel(value) ?? placeholder;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        id={id}
        disabled={disabled}
        aria-label={ariaLabel ? `${ariaLabel}：${label}` : undefined}
        className={dateTriggerClass(!!selected, className)}
      >
        <DateTriggerContent label={label} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content {...floatingCard({ align: "start", sideOffset: 6, zIndex: BASE_Z_INDEX + 10, className: "lh-calendar p-2" })}>
          <DayPicker
            mode="single"
            locale={zhCN}
            weekStartsOn={1}
            selected={selected}
            defaultMonth={selected ?? enabled?.last}
            startMonth={enabled?.first}
            endMonth={enabled?.last}
            disabled={enabled ? (day: Date) => !enabled.set.has(format(day, DAY)) : undefined}
            onSelect={(day) => {
              // Tapping the chosen day again just closes the calendar.
              if (day) onChange(format(day, DAY));
              setOpen(false);
            }}
            autoFocus
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

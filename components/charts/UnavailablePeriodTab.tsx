"use client";

import { Info } from "lucide-react";
import { useId, useState } from "react";

/**
 * A chart period that cannot be shown (分时 without minute bars): a tab that says why instead of only looking greyed.
 * Tapping, clicking or focusing it shows the reason under the tabs; screen readers hear it as the tab's description.
 * The surrounding tablist must be `relative` (the note is placed under it).
 */
export function UnavailablePeriodTab({ label, reason }: { label: string; reason: string }) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  return (
    <>
      <button
        type="button"
        role="tab"
        aria-selected={false}
        aria-disabled="true"
        aria-describedby={noteId}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "Escape") setOpen(false);
        }}
        className="inline-flex items-center gap-0.5 rounded px-2.5 py-1 text-sm text-slate-500 hover:bg-slate-100"
      >
        {label}
        <Info aria-hidden className="size-3.5" />
      </button>
      <span
        id={noteId}
        role="tooltip"
        data-testid="period-unavailable-note"
        hidden={!open}
        className="absolute top-full left-0 z-10 mt-1 w-64 max-w-[calc(100vw-3rem)] rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs text-slate-700 shadow-md"
      >
        {reason}
      </span>
    </>
  );
}

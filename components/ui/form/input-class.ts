/** The bordered field look without a height: text areas and selects size it themselves. */
export const fieldClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand focus:ring-2 focus:ring-brand/20 focus:outline-none";

/** The text field look of every form (login dialog, account, administration). */
export const inputClass =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand focus:ring-2 focus:ring-brand/20 focus:outline-none";

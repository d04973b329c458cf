export const MOBILE_NAV_TRIGGER_CLASS =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand data-[state=open]:bg-slate-100";

export const USER_MENU_TRIGGER_CLASS =
  "avatar-dropdown inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand data-[state=open]:bg-slate-100";

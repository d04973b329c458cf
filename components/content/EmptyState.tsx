import type { ReactNode } from "react";
import { Inbox } from "lucide-react";

/** An honest "nothing here yet" for a section whose data does not exist yet. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center" data-testid="empty-state">
      <Inbox aria-hidden className="mb-3 h-10 w-10 text-slate-500" strokeWidth={1.5} />
      <p className="font-medium text-slate-700">{title}</p>
      {children ? <div className="mt-1 max-w-md text-sm text-slate-500">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

"use client";

import { Share2 } from "lucide-react";
import { useShare } from "@/components/dialogs/share-state";

/** The header's share button on every page (visitors are asked to log in first, SPEC §4). */
export function ShareButton() {
  const { openShare } = useShare();
  return (
    <button
      type="button"
      aria-label="分享"
      onClick={() => openShare()}
      className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand"
    >
      <Share2 aria-hidden="true" size={20} />
    </button>
  );
}

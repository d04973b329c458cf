"use client";

import type { DialogProps } from "./Dialog";
import { useLazyModule } from "./lazy-module";

const loadDialog = () => import("./Dialog");

/**
 * The same dialog, with radix fetched when the browser is idle or when it first opens: a page whose only dialog is a
 * confirmation (stop auto-renewal, delete a post) does not carry radix in its first load.
 */
export function LazyDialog(props: DialogProps) {
  const loaded = useLazyModule(loadDialog, props.open);
  return loaded ? <loaded.Dialog {...props} /> : null;
}

/**
 * Toasts of SPEC §7/§9 on top of sonner: default 3000 ms, 0 keeps the toast until it is closed, and identical
 * messages shown again while the first is still visible update that toast with a repeat counter ("网络异常 ×3").
 * The app mounts sonner's <Toaster {...toastOptions} /> once — and only when the first toast is due or the browser is
 * idle, so sonner is not part of any page's first load (components/ui/Toaster).
 */
import type { ToasterProps } from "sonner";
import { TOAST_DEFAULT_MS, TOAST_OFFSET_PX, type ToastType } from "@/lib/domain/constants";
import { EMPTY_TOAST_GROUPS, placeToast, releaseToast, type ToastGroupState } from "@/lib/domain/toast-group";

export type { ToastType } from "@/lib/domain/constants";

export interface NotifyOptions {
  type: ToastType;
  message: string;
  /** Milliseconds on screen; 0 keeps it until the user closes it. Defaults to 3000. */
  duration?: number;
}

export const toastOptions = {
  offset: TOAST_OFFSET_PX,
  position: "top-center",
  richColors: true,
  duration: TOAST_DEFAULT_MS,
} satisfies ToasterProps;

let groups: ToastGroupState = EMPTY_TOAST_GROUPS;

/** Shows a toast and returns its id (the same id for a grouped repeat). */
export function notify({ type, message, duration = TOAST_DEFAULT_MS }: NotifyOptions): string {
  const placed = placeToast(groups, { type, message, durationMs: duration, now: Date.now() });
  groups = placed.state;
  const release = () => {
    groups = releaseToast(groups, placed.id);
  };
  requestToaster();
  void toasterReady.then(() =>
    loadSonner().then(({ toast }) =>
      toast[type](placed.text, { id: placed.id, duration: duration === 0 ? Infinity : duration, onDismiss: release, onAutoClose: release }),
    ),
  );
  return placed.id;
}

let sonner: Promise<typeof import("sonner")> | null = null;
export const loadSonner = (): Promise<typeof import("sonner")> => (sonner ??= import("sonner"));

let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => (markToasterReady = resolve));
let toasterRequested = false;
const toasterWanted = new Set<() => void>();

function requestToaster(): void {
  if (toasterRequested) return;
  toasterRequested = true;
  for (const listener of toasterWanted) listener();
}

/** The toast host listens here: it mounts sonner when the first toast is due. */
export function onToasterWanted(listener: () => void): () => void {
  if (toasterRequested) listener();
  toasterWanted.add(listener);
  return () => void toasterWanted.delete(listener);
}

/** Called by the toast host once sonner's <Toaster> is mounted and listening. */
export function toasterMounted(): void {
  markToasterReady();
}

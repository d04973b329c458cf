"use client";

import { Toaster as SonnerToaster } from "sonner";
import { toastOptions } from "@/lib/client/toast";

/** The one toast host of the app (sonner with the project's options: top centre, 16 px offset, 3000 ms). */
export function Toaster() {
  return <SonnerToaster {...toastOptions} />;
}

"use client";

import { useEffect, useState } from "react";
import { loadSonner, onToasterWanted, toastOptions, toasterMounted } from "@/lib/client/toast";
import { useLazyModule } from "./lazy-module";

function Mounted({ Host }: { Host: typeof import("sonner").Toaster }) {
  // Runs after sonner's own effects: its Toaster is subscribed when the queued toasts are sent.
  useEffect(() => toasterMounted(), []);
  return <Host {...toastOptions} />;
}

/** The one toast host of the app (sonner with the project's options: top centre, 16 px offset, 3000 ms), loaded lazily. */
export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToasterWanted(() => setWanted(true)), []);
  const sonner = useLazyModule(loadSonner, wanted);
  return sonner ? <Mounted Host={sonner.Toaster} /> : null;
}

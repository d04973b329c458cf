"use client";

import { useEffect } from "react";
import { installChunkErrorReload } from "@/lib/client/build-updates";
import { installErrorReporter } from "@/lib/client/error-reporter";

/**
 * What must start with the page (SPEC §8): the error reporter, so errors while the rest loads are reported, and the
 * reload on a chunk that a deploy removed, which the deferred plumbing itself could hit.
 */
export function ErrorPlumbing({ isDevelopment, buildId }: { isDevelopment: boolean; buildId: string }) {
  useEffect(() => {
    const uninstallReporter = installErrorReporter({ isDevelopment });
    const uninstallChunkReload = installChunkErrorReload({ buildId });
    return () => {
      uninstallChunkReload();
      uninstallReporter();
    };
  }, [isDevelopment, buildId]);
  return null;
}

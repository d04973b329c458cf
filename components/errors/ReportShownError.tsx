"use client";

import { useEffect } from "react";
import { reportPageError } from "@/lib/client/error-reporter";

/** Errors shown on an error screen are reported with their status and path (SPEC §8). */
export function ReportShownError({ statusCode, path, message }: { statusCode: number; path: string; message: string }) {
  useEffect(() => {
    reportPageError({ statusCode, path: path || location.pathname + location.search, message });
  }, [statusCode, path, message]);
  return null;
}

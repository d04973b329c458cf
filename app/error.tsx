"use client";

import { ErrorScreen } from "@/components/errors/ErrorScreen";
import { ReportShownError } from "@/components/errors/ReportShownError";
import { useClientConfig } from "@/components/errors/client-config-context";
import { resolveErrorScreen } from "@/lib/domain/error-screens";

/** Render errors below the root layout: 500, or 404 when the error's message mentions 404 (SPEC §2). */
export default function AppError({ error }: { error: Error & { digest?: string; statusCode?: number } }) {
  const cfg = useClientConfig();
  const code = resolveErrorScreen({ statusCode: error.statusCode ?? 500, message: error.message });
  return (
    <>
      <ErrorScreen code={code} supportEmail={cfg.supportEmail} intercomAppId={cfg.intercomAppId} detail={error.digest ? `ref ${error.digest}` : null} />
      <ReportShownError statusCode={code} path={typeof window === "undefined" ? "" : location.pathname + location.search} message={error.message} />
    </>
  );
}

"use client";

import { ErrorScreen } from "./ErrorScreen";
import { ReportShownError } from "./ReportShownError";
import { useClientConfig } from "./client-config-context";
import { resolveErrorScreen } from "@/lib/domain/error-screens";
import { errorStatus } from "@/lib/domain/request-cancelled";

/** What app/error.tsx shows (loaded only when a render error happens, so it is in no page's first load). */
export function AppErrorView({ error }: { error: Error & { digest?: string; statusCode?: number } }) {
  const cfg = useClientConfig();
  const code = resolveErrorScreen({ statusCode: errorStatus(error), message: error.message });
  return (
    <>
      <ErrorScreen code={code} supportEmail={cfg.supportEmail} intercomAppId={cfg.intercomAppId} detail={error.digest ? `ref ${error.digest}` : null} />
      <ReportShownError statusCode={code} path={typeof window === "undefined" ? "" : location.pathname + location.search} message={error.message} />
    </>
  );
}

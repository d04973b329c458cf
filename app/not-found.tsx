import { headers } from "next/headers";
import { BoundaryErrorScreen } from "@/components/errors/BoundaryErrorScreen";
import { ReportShownError } from "@/components/errors/ReportShownError";
import { PATH_HEADER } from "@/lib/domain/site";
import { config } from "@/lib/config";
import { ERROR_SCREENS } from "@/lib/domain/error-screens";

export const metadata = { title: ERROR_SCREENS[404].pageTitle, description: ERROR_SCREENS[404].description, robots: { index: false } };

/** A page that called notFound() (e.g. an unknown guid): the 404 screen, "Page not found: {path}". */
export default async function NotFound() {
  const raw = (await headers()).get(PATH_HEADER);
  const path = raw ? new URL(raw, "http://x").pathname : null;
  const detail = path ? `Page not found: ${path}` : null;
  const cfg = config();
  return (
    <>
      <BoundaryErrorScreen code={404} detail={detail} supportEmail={cfg.supportEmail} intercomAppId={cfg.intercomAppId} />
      <ReportShownError statusCode={404} path={raw ?? ""} message={detail ?? "页面未找到"} />
    </>
  );
}

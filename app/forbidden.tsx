import { headers } from "next/headers";
import { BoundaryErrorScreen } from "@/components/errors/BoundaryErrorScreen";
import { ReportShownError } from "@/components/errors/ReportShownError";
import { PATH_HEADER } from "@/lib/domain/site";
import { config } from "@/lib/config";

/** forbidden() from the data layer: the 403 screen with HTTP 403. */
export default async function Forbidden() {
  const path = (await headers()).get(PATH_HEADER) ?? "";
  const cfg = config();
  return (
    <>
      <BoundaryErrorScreen code={403} supportEmail={cfg.supportEmail} intercomAppId={cfg.intercomAppId} />
      <ReportShownError statusCode={403} path={path} message="访问被拒绝" />
    </>
  );
}

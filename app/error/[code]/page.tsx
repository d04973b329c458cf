import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { ErrorScreen } from "@/components/errors/ErrorScreen";
import { ReportShownError } from "@/components/errors/ReportShownError";
import { ERROR_SCREENS, isErrorScreenCode } from "@/lib/domain/error-screens";
import { ERROR_MESSAGE_HEADER, PATH_HEADER } from "@/lib/domain/site";
import { config } from "@/lib/config";

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const code = Number((await params).code);
  const screen = isErrorScreenCode(code) ? ERROR_SCREENS[code] : ERROR_SCREENS[404];
  return { title: screen.pageTitle, description: screen.description, robots: { index: false } };
}

/** /error/{code}, and every 404 of the route rules (the middleware rewrites here with the real status). */
export default async function ErrorPage({ params }: Props) {
  const code = Number((await params).code);
  if (!isErrorScreenCode(code)) notFound();
  const h = await headers();
  const encoded = h.get(ERROR_MESSAGE_HEADER);
  const detail = encoded ? decodeURIComponent(encoded) : null;
  const path = h.get(PATH_HEADER) ?? `/error/${code}`;
  const cfg = config();
  return (
    <>
      <ErrorScreen code={code} detail={detail} supportEmail={cfg.supportEmail} intercomAppId={cfg.intercomAppId} />
      <ReportShownError statusCode={code} path={path} message={detail ?? ERROR_SCREENS[code].title} />
    </>
  );
}

import { cookies } from "next/headers";
import { HomeView } from "@/components/site/HomeView";
import { INVITE_COOKIE } from "@/lib/domain/site";
import { isInvitationCode } from "@/lib/domain/route-params";
import { getViewer } from "@/lib/server/auth/viewer";
import { homeData } from "@/lib/server/content/home";

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The home page (`/`, also shown at `/test`). */
export async function HomePage({ searchParams }: { searchParams: SearchParams }) {
  const [data, viewer, query, jar] = await Promise.all([homeData(), getViewer(), searchParams, cookies()]);
  const code = typeof query.code === "string" ? query.code : jar.get(INVITE_COOKIE)?.value;
  return <HomeView {...data} loggedIn={!!viewer} invitationCode={code && isInvitationCode(code) ? code : null} />;
}

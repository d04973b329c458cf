import { NextResponse } from "next/server";
import { FollowInput } from "@/lib/domain/quant/schemas";
import { route } from "@/lib/server/http";
import { followStrategy, unfollowStrategy } from "@/lib/server/quant/follows";

/**
 * Follows or unfollows a strategy: `{strategyGuid, follow, email?}`. Following again with `email` changes the e-mail
 * choice. Answers `{message, following, emailSignals}`; 409 with the tier message when the follow limit is reached.
 */
export const POST = route({ name: "strategy follow", auth: "member", body: FollowInput, errorMap: () => "请求参数无效" }, async ({ viewer, body }) => {
  const { strategyGuid, follow, email } = body;
  const change = follow ? await followStrategy(viewer, strategyGuid, { email }) : await unfollowStrategy(viewer, strategyGuid);
  return NextResponse.json(
    { message: change.message, following: change.following, emailSignals: change.emailSignals },
    { headers: { "Cache-Control": "no-store" } },
  );
});

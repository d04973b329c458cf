import { NextRequest } from "next/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createUser } from "@/lib/server/members/users";
import { requestToken, sessionOfRequest } from "./request-session";
import { createSession, revokeSession } from "./sessions";

const request = (headers: Record<string, string>) => new NextRequest("http://localhost:3000/api/x", { headers });

describe("requestToken", () => {
  it("prefers the cookie, then Authorization: Bearer, like getViewer", () => {
    expect(requestToken(request({ cookie: "token=from-cookie", authorization: "Bearer from-header" }))).toBe("from-cookie");
    expect(requestToken(request({ authorization: "bearer from-header" }))).toBe("from-header");
    expect(requestToken(request({ authorization: "Basic abc" }))).toBeNull();
    expect(requestToken(request({}))).toBeNull();
  });
});

describeOnEachEngine("sessionOfRequest", () => {
  it("resolves a live session with its end, and nothing for revoked or unknown tokens", async () => {
    const user = await createUser({ email: "request-session@example.com" });
    const session = await createSession(user.id);
    const found = await sessionOfRequest(request({ authorization: `Bearer ${session.token}` }));
    expect(found).toMatchObject({ token: session.token, viewer: { userId: user.id } });
    expect(found?.expiresAt.getTime()).toBe(session.expiresAt.getTime());
    expect(await sessionOfRequest(request({ cookie: "token=unknown" }))).toBeNull();
    expect(await sessionOfRequest(request({}))).toBeNull();
    await revokeSession(session.token);
    expect(await sessionOfRequest(request({ cookie: `token=${session.token}` }))).toBeNull();
  });
});

import { NextRequest } from "next/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
import { grantDays } from "@/lib/server/members/grants";
import { createUser } from "@/lib/server/members/users";
import { GET } from "./route";

process.env.LOG_LEVEL = "silent";

const get = (query = "", headers: Record<string, string> = {}) => GET(new NextRequest(`http://localhost:3000/api/user/info${query}`, { headers }));

describeOnEachEngine("GET /api/user/info", () => {
  it("a visitor without a token gets no user and no error; an unknown token is refused; a live one gets the member", async () => {
    const nobody = await get();
    expect(nobody.status).toBe(200);
    expect(await nobody.json()).toEqual({ data: null });
    expect(nobody.headers.get("cache-control")).toBe("private, no-store");

    expect((await get("?token=forged")).status).toBe(401);
    expect((await get("", { authorization: "Bearer forged" })).status).toBe(401);
    expect((await get("", { cookie: "token=forged" })).status).toBe(401);

    const user = await createUser({ email: "info-route@example.com" });
    const { token } = await createSession(user.id);
    for (const res of [await get(`?token=${token}`), await get("", { authorization: `Bearer ${token}` }), await get("", { cookie: `token=${token}` })]) {
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ email: "info-route@example.com", uguid: user.id });
    }
  });

  it("rewrites the login's readable userinfo copy when it no longer says what the server does, ending with the session", async () => {
    const user = await createUser({ email: "info-refresh@example.com" });
    const { token, expiresAt } = await createSession(user.id);
    const atLogin = (await (await get("", { cookie: `token=${token}` })).json()).data;
    const held = `token=${token}; userinfo=${encodeURIComponent(JSON.stringify(atLogin))}`;

    const unchanged = await get("", { cookie: held });
    expect(unchanged.cookies.get("userinfo")).toBeUndefined();

    await grantDays({ userId: user.id, levelId: 200, days: 30, source: "purchase", sourceKey: `info-refresh:${user.id}` });
    const afterPurchase = await get("", { cookie: held });
    const written = afterPurchase.cookies.get("userinfo");
    expect(JSON.parse(written!.value)).toMatchObject({ levelId: 200, uguid: user.id });
    expect(JSON.parse(written!.value).levelEndDate).not.toBe("");
    expect(written!.expires).toEqual(expiresAt);
    expect(written!.httpOnly).toBeFalsy();

    // A missing copy is written too; a token given in the query string (another session, say) writes nothing.
    expect(JSON.parse((await get("", { cookie: `token=${token}` })).cookies.get("userinfo")!.value).levelId).toBe(200);
    expect((await get(`?token=${token}`, { cookie: `userinfo=${encodeURIComponent(JSON.stringify(atLogin))}` })).cookies.get("userinfo")).toBeUndefined();
  });
});

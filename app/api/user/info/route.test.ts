import { NextRequest } from "next/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
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
});

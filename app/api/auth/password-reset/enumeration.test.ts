import { describeOnEachEngine } from "@/lib/db/test-support";
import { hashPassword } from "@/lib/server/auth/password";
import { createUser } from "@/lib/server/members/users";
import { postJson, temporaryDataDir } from "../../request.test-support";
import { POST } from "./route";

// The real code service (not mocked): a stranger must not tell a registered account from an unknown one by any
// answer of the reset, sending or confirming (ADR 0029).
jest.mock("@/lib/server/auth/password", () => {
  const actual = jest.requireActual<typeof import("@/lib/server/auth/password")>("@/lib/server/auth/password");
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
const hashed = jest.mocked(hashPassword);

temporaryDataDir("lianghua-reset-enum-");
process.env.LOG_LEVEL = "silent";

let ipCounter = 0;
async function answer(body: unknown): Promise<[number, unknown, string | null]> {
  const res = await POST(postJson("/api/auth/password-reset", body, { ip: `198.51.100.${++ipCounter}` }));
  return [res.status, await res.json(), res.headers.get("set-cookie")];
}

describeOnEachEngine("password reset: known and unknown accounts answer alike", (engine) => {
  const known = `known-${engine}@example.com`;
  const ghost = `ghost-${engine}@example.com`;

  it("answers sending, every wrong code, and the end of the code the same way, with the same hashing", async () => {
    await createUser({ email: known, password: "forgotten-pw" });
    expect(await answer({ step: "send", account: known })).toEqual(await answer({ step: "send", account: ghost }));
    for (let i = 0; i < 6; i++) {
      hashed.mockClear();
      const forKnown = await answer({ step: "confirm", account: known, code: "000000", newPassword: "brand-new-pw" });
      const hashesForKnown = hashed.mock.calls.length;
      hashed.mockClear();
      const forGhost = await answer({ step: "confirm", account: ghost, code: "000000", newPassword: "brand-new-pw" });
      expect(forGhost).toEqual(forKnown);
      expect(hashed.mock.calls.length).toBe(hashesForKnown);
      expect(forKnown[0]).toBe(400);
    }
    // A weak password is refused before the code, by the account typed only: no member's nickname is read.
    await createUser({ email: `named-${engine}@example.com`, nickname: "LaoWang" });
    expect(await answer({ step: "confirm", account: `named-${engine}@example.com`, code: "000000", newPassword: "i-am-laowang" }))
      .toEqual(await answer({ step: "confirm", account: `nobody-${engine}@example.com`, code: "000000", newPassword: "i-am-laowang" }));
  });
});

import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR, RoleRefusedError } from "@/lib/server/auth/roles";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { changeRole } from "./roles";

process.env.LOG_LEVEL = "silent";

const roleOf = async (userId: string) => (await (await db()).select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]?.role;

describeOnEachEngine("ADR 0028: who may change a role", () => {
  it("members, editors and nobody are refused; an editor cannot make itself an administrator", async () => {
    const member = await userWithRole("member");
    const editor = await userWithRole("editor");
    for (const who of [member.viewer, editor.viewer, null]) {
      await expect(changeRole(who, editor.viewer.userId, "admin")).rejects.toBeInstanceOf(RoleRefusedError);
      await expect(changeRole(who, member.viewer.userId, "editor")).rejects.toBeInstanceOf(RoleRefusedError);
    }
    expect([await roleOf(member.viewer.userId), await roleOf(editor.viewer.userId)]).toEqual(["member", "editor"]);
  });

  it("an administrator (or the operator) changes it, and open sessions see the new role at once", async () => {
    const admin = await userWithRole("admin");
    const editor = await userWithRole("editor");
    expect(await changeRole(admin.viewer, editor.viewer.userId, "member")).toEqual({ status: "changed", from: "editor", to: "member" });
    expect((await viewerForToken(editor.token))!.role).toBe("member");
    expect(await changeRole(OPERATOR, editor.viewer.userId, "member")).toEqual({ status: "unchanged", from: "member", to: "member" });
    expect(await changeRole(OPERATOR, editor.viewer.userId, "admin")).toEqual({ status: "changed", from: "member", to: "admin" });
    expect(await changeRole(admin.viewer, "5f0c1d2e-3a4b-4c5d-8e6f-000000000000", "editor")).toEqual({ status: "not-found" });
  });
});

import { assertAdminRights, assertEditorRights, hasAdminRights, hasEditorRights, OPERATOR, RoleRefusedError, type Actor } from "./roles";
import type { Viewer } from "./viewer";

const viewer = (role: Viewer["role"]): Viewer => ({ userId: `user-${role}`, role, userInfo: {} as Viewer["userInfo"] });

describe("ADR 0028: editor and administrator rights", () => {
  const cases: [string, Actor | null | undefined, boolean, boolean][] = [
    ["nobody", null, false, false],
    ["undefined", undefined, false, false],
    ["a member", viewer("member"), false, false],
    ["an editor", viewer("editor"), true, false],
    ["an administrator", viewer("admin"), true, true],
    ["the operator", OPERATOR, true, true],
  ];

  it.each(cases)("%s: editor rights %s, admin rights %s", (_who, actor, editor, admin) => {
    expect([hasEditorRights(actor), hasAdminRights(actor)]).toEqual([editor, admin]);
    if (editor) expect(() => assertEditorRights(actor)).not.toThrow();
    else expect(() => assertEditorRights(actor)).toThrow(new RoleRefusedError("editor"));
    if (admin) expect(() => assertAdminRights(actor)).not.toThrow();
    else expect(() => assertAdminRights(actor)).toThrow(RoleRefusedError);
  });

  it("a viewer that merely claims to be the operator is not", () => {
    const forged = { ...viewer("member"), operator: "yes" } as unknown as Actor;
    expect([hasEditorRights(forged), hasAdminRights(forged)]).toEqual([false, false]);
  });

  it("refusals say so in Chinese and name the role that was needed", () => {
    const refusal = new RoleRefusedError("admin");
    expect([refusal.message, refusal.needed]).toEqual(["访问被拒绝", "admin"]);
  });
});

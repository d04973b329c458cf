import { describeOnEachEngine } from "@/lib/db/test-support";
import { loginWithPassword } from "@/lib/server/auth/login";
import { findUserByAccount } from "@/lib/server/members/users";
import { registerUserCreateCommand } from "./users";
import { runCommand } from "./run-command.test-support";

process.env.LOG_LEVEL = "silent";

const cli = (...args: string[]) => runCommand(registerUserCreateCommand, ...args);

describeOnEachEngine("cli user:create", () => {
  it("refuses a common password, or one that contains the account name, and creates nobody", async () => {
    const cases: [string[], string][] = [
      [["--email", "member@cli.test", "--password", "member-pass-1"], "password refused: 新密码不能包含邮箱 @ 前面的部分"],
      [["--email", "someone@cli.test", "--password", "Password1"], "password refused: 这个密码太常见，很容易被猜到，请换一个"],
      [["--email", "someone@cli.test", "--mobile", "13912345678", "--password", "pw13912345678"], "password refused: 新密码不能包含手机号"],
      [["--email", "someone@cli.test", "--nickname", "LaoWang", "--password", "laowang-2024!"], "password refused: 新密码不能包含昵称"],
      [["--email", "someone@cli.test", "--password", "short"], "password: 密码至少 8 位"],
    ];
    for (const [args, error] of cases) expect((await cli("user:create", ...args)).error).toBe(error);
    expect(await findUserByAccount("member@cli.test")).toBeNull();
    expect(await findUserByAccount("someone@cli.test")).toBeNull();
  });

  it("creates a member whose password breaks no rule", async () => {
    const made = await cli("user:create", "--email", "member@cli.test", "--password", "quiet-river-41", "--nickname", "测试会员");
    expect(made.error).toBeNull();
    expect(made.out.at(-1)).toBe((await findUserByAccount("member@cli.test"))?.id);
    await expect(loginWithPassword("member@cli.test", "quiet-river-41", "")).resolves.toHaveProperty("session");
  });
});

import { type Command, InvalidArgumentError } from "commander";
import { newPasswordProblem } from "@/lib/server/auth/password-change";
import { createUser, NewUserInput } from "@/lib/server/members/users";
import { withDatabase } from "./with-database";

/** user:create — the new member's password follows the same rules as a password set on the site (ADR 0029). */
export function registerUserCreateCommand(program: Command): void {
  program
    .command("user:create")
    .description("create a member; prints the uguid alone on its last line")
    .requiredOption("--email <email>", "e-mail address")
    .option("--mobile <mobile>", "mainland mobile number (11 digits)")
    .option("--password <password>", "password: 8–128 characters, not one of the 10,000 most common, without the e-mail's local part, the mobile number or the nickname")
    .option("--nickname <nickname>", "display name")
    .option("--role <role>", "member | editor | admin", "member")
    .action(async (opts: { email: string; mobile?: string; password?: string; nickname?: string; role: string }) => {
      const input = NewUserInput.safeParse(opts);
      if (!input.success) throw new InvalidArgumentError(input.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "));
      const weak = input.data.password === undefined ? null : newPasswordProblem(input.data.password, input.data);
      if (weak) throw new InvalidArgumentError(`password refused: ${weak}`);
      await withDatabase(true, async () => {
        const user = await createUser(input.data);
        console.log(`created ${user.role} ${user.email ?? user.mobile} (invitation code ${user.invitationCode})`);
        console.log(user.id);
      });
    });
}

import { randomUUID } from "node:crypto";
import { Command, InvalidArgumentError } from "commander";
import { config } from "@/lib/config";
import { withDatabase } from "./with-database";
import { registerMetricsCommand } from "./metrics";
import { registerArticleCommands } from "./articles";
import { registerMarketCommands } from "./market";
import { registerStatementCommands } from "./statements";
import { registerStrategyCommands } from "./strategies";
import { registerUserCreateCommand } from "./users";
import { registerVideoCommands } from "./videos";
import { demoSeededAt, seedDemoData } from "@/lib/db/seed/demo";
import { levelByCode } from "@/lib/domain/levels";
import { grantDays, membershipOf } from "@/lib/server/members/grants";
import { findUserByAccount } from "@/lib/server/members/users";
import { levelEndDateString } from "@/lib/domain/membership";
import { readOutbox } from "@/lib/server/messaging/outbox";
import { OPERATOR } from "@/lib/server/auth/roles";

const ROLES = ["member", "editor", "admin"] as const;

function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 3660) throw new InvalidArgumentError("must be a whole number of days from 1 to 3660");
  return n;
}

/** The operator command line, `npm run cli -- <command>`: a new program each call, so one process can run several. */
export function operatorProgram(): Command {
  const program = new Command()
    .name("npm run cli --")
    .description("量化学堂 operator commands. PGlite mode: stop the server first (one process per data directory).")
    .showHelpAfterError();

  program
    .command("db:migrate")
    .description("apply the committed SQL migrations (PostgreSQL via DATABASE_URL, or the PGlite data directory)")
    .action(async () => {
      await withDatabase(true, async () => undefined);
      const cfg = config();
      console.log(`migrations applied (${cfg.databaseUrl ? "postgres" : `pglite in ${cfg.dataDir}`})`);
    });

  program
    .command("db:seed")
    .description("load the demo data (labelled 演示数据) once; without --demo, report whether it is loaded")
    .option("--demo", "load the demo masters, strategies and articles")
    .action(async (opts: { demo?: boolean }) => {
      await withDatabase(true, async () => {
        const { db } = await import("@/lib/db");
        const database = await db();
        if (!opts.demo) {
          const at = await demoSeededAt(database);
          console.log(at ? `demo data loaded at ${at}` : "no demo data loaded (use --demo to load it)");
          return;
        }
        console.log((await seedDemoData(database)) ? "demo data loaded" : `demo data already loaded at ${await demoSeededAt(database)}`);
        const { seedDemoStatements } = await import("@/lib/server/statements/demo-seed");
        console.log((await seedDemoStatements(database)) ? "demo statements and market data loaded" : "demo statements already loaded");
        const { seedDemoStrategies } = await import("@/lib/server/quant/demo-seed");
        console.log((await seedDemoStrategies(database)) ? "demo strategies loaded" : "demo strategies already loaded");
        const { seedDemoBlogs } = await import("@/lib/server/content/demo-blogs");
        console.log((await seedDemoBlogs(database)) ? "demo blogs loaded" : "demo blogs already loaded");
      });
    });

  registerUserCreateCommand(program);
  registerVideoCommands(program);

  program
    .command("user:grant")
    .description("grant a membership level for N days (after any current grant of that level)")
    .requiredOption("--email <email>", "the member's e-mail address")
    .requiredOption("--level <level>", "vip | svip")
    .requiredOption("--days <n>", "number of days", positiveInt)
    .action(async (opts: { email: string; level: string; days: number }) => {
      const level = levelByCode(opts.level);
      if (!level || level.levelId === 0) throw new InvalidArgumentError(`--level must be vip or svip, got "${opts.level}"`);
      await withDatabase(true, async () => {
        const user = await findUserByAccount(opts.email);
        if (!user) throw new InvalidArgumentError(`no member with e-mail ${opts.email}`);
        await grantDays({ userId: user.id, levelId: level.levelId as 100 | 200, days: opts.days, source: "admin", sourceKey: `admin:cli:${randomUUID()}` });
        const state = await membershipOf(user.id);
        console.log(`${user.email}: ${state.level.levelName} until ${levelEndDateString(state.endsAt)} (Asia/Shanghai)`);
      });
    });

  program
    .command("user:role")
    .description("make an existing user a member, an editor (content) or an admin (content, members, money, roles); takes effect at once")
    .requiredOption("--email <email>", "the user's e-mail address")
    .requiredOption("--role <role>", "member | editor | admin")
    .action(async (opts: { email: string; role: string }) => {
      const role = ROLES.find((r) => r === opts.role);
      if (!role) throw new InvalidArgumentError(`--role must be member, editor or admin, got "${opts.role}"`);
      await withDatabase(true, async () => {
        const user = await findUserByAccount(opts.email);
        if (!user) throw new InvalidArgumentError(`no user with e-mail ${opts.email}`);
        const { changeRole } = await import("@/lib/server/admin/roles");
        const result = await changeRole(OPERATOR, user.id, role);
        if (result.status === "not-found") throw new InvalidArgumentError(`no user with e-mail ${opts.email}`);
        console.log(result.status === "changed" ? `${user.email}: ${result.from} → ${result.to}` : `${user.email} is already ${result.to}`);
      });
    });

  program
    .command("outbox")
    .description("print the latest messages written to DATA_DIR/outbox (no SMTP/SMS configured); works while the server runs")
    .option("--to <address>", "only messages sent to this e-mail address or mobile number")
    .option("--limit <n>", "how many (default 5)", (v) => positiveInt(v), 5)
    .option("--json", "print JSON")
    .action((opts: { to?: string; limit: number; json?: boolean }) => {
      const entries = readOutbox(config().dataDir, { to: opts.to, limit: opts.limit });
      if (opts.json) {
        console.log(JSON.stringify(entries, null, 2));
        return;
      }
      if (entries.length === 0) {
        console.log(opts.to ? `no messages to ${opts.to} in the outbox` : "the outbox is empty");
        return;
      }
      for (const e of entries) {
        console.log(`── ${e.createdAt}  ${e.channel} → ${e.to}${e.code ? `  code ${e.code}` : ""}`);
        console.log(e.subject);
        console.log(e.text);
      }
    });

  registerStatementCommands(program);
  registerMetricsCommand(program);
  registerStrategyCommands(program);
  registerArticleCommands(program);
  registerMarketCommands(program);
  return program;
}

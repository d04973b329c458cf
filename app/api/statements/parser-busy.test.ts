import { describeOnEachEngine } from "@/lib/db/test-support";
import { largeStatement, THS_HEADER, table, trade } from "@/lib/domain/statements/import/test-helpers";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser } from "@/lib/server/members/users";
import { createMaster } from "@/lib/server/statements/masters-admin";
import { closeStatementParser, statementParser } from "@/lib/server/statements/parser-pool";
import { csvForm, postForm } from "../request.test-support";
import { POST as adminImportPost } from "../admin/traders/[guid]/statements/route";
import { POST as previewPost } from "./preview/route";
import { POST as savePost } from "./route";
import { OPERATOR } from "@/lib/server/auth/roles";

// One thread and no queue: a file being read fills the parser. Read by lib/config.ts at the first request.
process.env.STATEMENT_PARSE_THREADS = "1";
process.env.STATEMENT_PARSE_QUEUE = "0";
process.env.STATEMENT_PARSE_TIMEOUT_SECONDS = "45";
process.env.LOG_LEVEL = "silent";

const CSV = table(THS_HEADER, [trade("buy", "2024-01-02", "600519", 100, 1700), trade("sell", "2024-01-05", "600519", 100, 1750)], ",");

const request = (url: string, token: string | null, fields: Record<string, string> = {}) =>
  postForm(url, csvForm({ name: "statement.csv", text: CSV }, fields), { token: token ?? undefined });

afterAll(() => closeStatementParser());

describeOnEachEngine("statement uploads while every parser thread is busy", () => {
  let memberToken: string;
  let editorToken: string;
  let masterGuid: string;

  beforeAll(async () => {
    const member = await createUser({ email: "busy-member@example.com" });
    const editor = await createUser({ email: "busy-editor@example.com", role: "editor" });
    memberToken = (await createSession(member.id)).token;
    editorToken = (await createSession(editor.id)).token;
    masterGuid = (await createMaster(OPERATOR, { name: "忙碌测试" })).guid;
  });

  const uploads = () => ({
    preview: () => {
      const req = request("/api/statements/preview", null);
      return { req, answer: previewPost(req) };
    },
    save: () => {
      const req = request("/api/statements", memberToken, { visibility: "private" });
      return { req, answer: savePost(req) };
    },
    adminImport: () => {
      const req = request(`/api/admin/traders/${masterGuid}/statements`, editorToken, { public: "0" });
      return { req, answer: adminImportPost(req, { params: Promise.resolve({ guid: masterGuid }) }) };
    },
  });

  it("answers 503 with Retry-After and a Chinese message before reading the upload, on each route; reads again once a thread is free", async () => {
    const occupying = statementParser().read(largeStatement(150_000), "occupying.txt");
    for (const [route, send] of Object.entries(uploads())) {
      const { req, answer } = send();
      const res = await answer;
      expect([route, res.status, res.headers.get("retry-after")]).toEqual([route, 503, "45"]);
      expect((await res.json()).message).toBe("正在读取的交割单较多，请 45 秒后重试");
      expect(req.bodyUsed).toBe(false);
    }
    expect((await occupying).fills).toHaveLength(150_000);

    for (const [route, send] of Object.entries(uploads())) {
      const res = await send().answer;
      expect([route, res.status]).toEqual([route, 200]);
    }
  }, 180_000);
});

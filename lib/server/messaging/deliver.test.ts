import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { deliver } from "./deliver";

// A local SMTP server and a stand-in for Aliyun's SMS endpoint: the real adapters, no network.
const mails: string[] = [];
const smsQueries: URLSearchParams[] = [];
let smtp: SMTPServer;
let sms: http.Server;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        mails.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  sms = http.createServer((req, res) => {
    smsQueries.push(new URL(req.url!, "http://x").searchParams);
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ Code: "OK", Message: "OK" }));
  });
  await new Promise<void>((resolve) => sms.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const smsPort = (sms.address() as AddressInfo).port;
  Object.assign(process.env, {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "量化学堂 <no-reply@lianghua.example>",
    SMS_PROVIDER: "aliyun", SMS_ACCESS_KEY_ID: "testId", SMS_ACCESS_KEY_SECRET: "testSecret",
    SMS_SIGN_NAME: "量化学堂", SMS_TEMPLATE_CODE: "SMS_123", SMS_ENDPOINT: `http://127.0.0.1:${smsPort}/`,
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => sms.close(() => resolve()));
});

describe("message delivery through the configured providers", () => {
  it("sends e-mail through SMTP_URL", async () => {
    await deliver({ channel: "email", to: "trader@example.com", subject: "量化学堂验证码 123456", text: "你的验证码是 123456", code: "123456" });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/To: trader@example.com/);
    const body = mails[0]!.split(/\r?\n\r?\n/).slice(1).join("").replace(/\s/g, "");
    expect(Buffer.from(body, "base64").toString("utf8")).toBe("你的验证码是 123456");
  });

  it("sends SMS through Aliyun with a signed request carrying the code", async () => {
    await deliver({ channel: "sms", to: "13800138000", subject: "", text: "", code: "654321" });
    expect(smsQueries).toHaveLength(1);
    const q = smsQueries[0]!;
    expect(q.get("Action")).toBe("SendSms");
    expect(q.get("PhoneNumbers")).toBe("13800138000");
    expect(JSON.parse(q.get("TemplateParam")!)).toEqual({ code: "654321" });
    expect(q.get("Signature")).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });
});

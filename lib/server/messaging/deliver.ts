import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/config";
import { logger } from "@/lib/server/logger";
import type { OutgoingMessage } from "./message";
import { writeOutbox } from "./outbox";
import { sendAliyunSms } from "./sms/aliyun";

let transporter: Transporter | null = null;

/** E-mail through SMTP_URL, SMS through the configured provider; otherwise the outbox file and a log line. */
export async function deliver(message: OutgoingMessage): Promise<void> {
  const cfg = config();
  if (message.channel === "email" && cfg.smtpUrl) {
    transporter ??= nodemailer.createTransport(cfg.smtpUrl);
    await transporter.sendMail({ from: cfg.mailFrom, to: message.to, subject: message.subject, text: message.text });
    return;
  }
  if (message.channel === "sms" && cfg.sms && message.code) {
    await sendAliyunSms(cfg.sms, message.to, message.code);
    return;
  }
  const file = writeOutbox(cfg.dataDir, message);
  logger().info({ channel: message.channel, to: message.to, file }, "message written to the outbox (no provider configured)");
}

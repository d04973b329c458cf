import "server-only";
import pino, { type Logger } from "pino";
import { config } from "@/lib/config";

let instance: Logger | null = null;

export function logger(): Logger {
  instance ??= pino({ level: config().logLevel, base: { app: "lianghua" } });
  return instance;
}

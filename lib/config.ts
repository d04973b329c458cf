import { availableParallelism } from "node:os";
import { z } from "zod";

/**
 * The only reader of process.env. Read lazily (at request time, never at build) and validated once per process.
 */
const optional = z.string().trim().min(1).optional().catch(undefined);
const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`), `${bytes} bytes as hex`);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  SITE_NAME: z.string().min(1).default("量化学堂"),
  // http(s) only: `localhost:3000` parses as a URL of scheme "localhost:" whose origin is "null".
  SITE_URL: z.url({ protocol: /^https?$/, error: "SITE_URL must be an http:// or https:// URL such as http://localhost:3000" }).optional(),
  SUPPORT_EMAIL: z.email().default("support@lianghua.example"),
  API_HOSTS: z.string().default(""),
  INTERCOM_APP_ID: optional,
  GA_ID: optional,
  BAIDU_TONGJI_ID: optional,
  BAIDU_PUSH_TOKEN: optional,
  BAIDU_PUSH_ENDPOINT: z.url({ protocol: /^https?$/, error: "BAIDU_PUSH_ENDPOINT must be an http:// or https:// URL" }).default("http://data.zz.baidu.com/urls"),
  FINGERPRINT_AES_KEY: hex(32).default("6c69616e676875612d666f722d646576656c6f706d656e742d6b65792d333221"),
  FINGERPRINT_AES_IV: hex(16).default("6c69616e676875612d69762d31362121"),
  DEVICE_COOKIE_SECRET: z.string().trim().min(32, "DEVICE_COOKIE_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)").optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEMO_DATA: z.enum(["0", "1"]).default("1"),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "SMTP_URL must be smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().min(3).default("量化学堂 <no-reply@lianghua.example>"),
  SMS_PROVIDER: z.enum(["aliyun"]).optional(),
  SMS_ACCESS_KEY_ID: optional,
  SMS_ACCESS_KEY_SECRET: optional,
  SMS_SIGN_NAME: optional,
  SMS_TEMPLATE_CODE: optional,
  SMS_ENDPOINT: z.url().default("https://dysmsapi.aliyuncs.com/"),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  RENDER_QUEUE: z.coerce.number().int().min(1).max(10_000).default(64),
  PAYMENT_TEST_MODE: z.enum(["0", "1"]).default("0"),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "STRIPE_SECRET_KEY must look like sk_test_… or sk_live_…").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, "STRIPE_PUBLISHABLE_KEY must look like pk_test_… or pk_live_…").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, "STRIPE_WEBHOOK_SECRET must look like whsec_…").optional(),
  STRIPE_API_BASE: z.url().optional(),
  TEST_DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http:// or https:// URL such as https://s3.ap-east-1.amazonaws.com" }).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)").optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// or rediss:// URL").optional(),
  TEST_REDIS_URL: z.string().regex(/^rediss?:\/\//).optional(),
  TEST_TEMPLATE_DIR: z.string().min(1).optional(),
  PUBLIC_DATA_CACHE: z.enum(["on", "off"]).default("on"),
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  // Under the 25 s a graceful stop waits for requests (lib/server/shutdown.ts), itself under the 30 s stop timeout.
  REQUEST_DEADLINE_SECONDS: z.coerce.number().int().min(1).max(20).default(10),
  STATEMENT_PARSE_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  STATEMENT_PARSE_QUEUE: z.coerce.number().int().min(0).max(100).default(8),
  STATEMENT_PARSE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  STATEMENT_PARSE_MEMORY_MB: z.coerce.number().int().min(64).max(16384).default(512),
  MARKET_DATA_PROVIDER: z.enum(["none", "tushare", "eastmoney"], { error: "MARKET_DATA_PROVIDER must be none, tushare or eastmoney" }).default("none"),
  TUSHARE_TOKEN: optional,
  TUSHARE_API_URL: z.url({ protocol: /^https?$/ }).default("http://api.tushare.pro"),
  EASTMONEY_API_URL: z.url({ protocol: /^https?$/ }).default("https://push2his.eastmoney.com"),
});

export type AppConfig = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  siteName: string;
  /**
   * The origin absolute links use (e-mails, sitemaps, Open Graph, share links): SITE_URL, else http://localhost:PORT
   * (ADR 0034). Never derived from a request's Host.
   */
  siteUrl: string;
  /**
   * SITE_URL was set: it is then the only origin state-changing requests may come from. Unset, a request's Origin must
   * equal the request's own origin (lib/server/security/request-meta.ts, ADR 0034).
   */
  siteUrlConfigured: boolean;
  supportEmail: string;
  apiHosts: string[];
  intercomAppId: string | null;
  gaId: string | null;
  baiduTongjiId: string | null;
  /** 百度搜索资源平台's link submission (普通收录 API): new pages are pushed when a token is set (docs/adr/0082) */
  baiduPush: { token: string; endpoint: string } | null;
  fingerprintKey: string;
  fingerprintIv: string;
  /**
   * Key of the HMAC that signs the HttpOnly device cookie the referral decision rests on (ADR 0027). Null: the server
   * generates one into DATA_DIR/device-cookie.key on first use.
   */
  deviceCookieSecret: string | null;
  sessionDays: number;
  logLevel: string;
  loadDemoData: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Aliyun SMS settings; null when SMS is not configured (messages then go to DATA_DIR/outbox). */
  sms: { provider: "aliyun"; accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string } | null;
  /** Reverse proxies in front of the app whose X-Forwarded-For entries are trusted (0: the socket address). */
  trustedProxyHops: number;
  /** Page renders at once per process, and how many may wait for a slot (scripts/admission.cjs, docs/scaling.md). */
  renderAdmission: { renders: number; queue: number };
  /** Enables /paytest and the 测试模式 payment provider (never in production). */
  paymentTestMode: boolean;
  /** Stripe, when both keys and the webhook secret are set; apiBase points the SDK at a Stripe-compatible server (tests). */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: URL | null } | null;
  /** Uploads (avatars) in S3-compatible object storage instead of DATA_DIR/uploads (ADR 0064). */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | null;
  /** PostgreSQL server the data-layer tests also run on (each test file gets its own database). */
  testDatabaseUrl: string | null;
  /** Rate limits in Redis (shared by every instance) instead of PostgreSQL's rate_limits table. */
  redisUrl: string | null;
  /** tests only: a Redis server the rate-limit store tests may use. */
  testRedisUrl: string | null;
  /** tests only: the directory where Jest's global setup lets each worker keep its migrated template database. */
  testTemplateDir: string | null;
  /** Keeps viewer-independent page data in memory between requests (lib/server/cache/public-data.ts). */
  publicDataCache: boolean;
  /** Bytes of rendered visitor pages kept per process (lib/page-cache, ADR 0065); 0: every page renders per request. */
  pageCacheBytes: number;
  /**
   * How long a request's server work may run before it is cancelled and answered 503 (lib/server/request-deadline.ts,
   * ADR 0048); on PostgreSQL also each statement's `statement_timeout`. A stop shortens it to 5 s.
   */
  requestDeadlineMs: number;
  /**
   * The statement parser's worker threads (lib/server/statements/parser-pool.ts, ADR 0026): files read at once
   * (default: one core fewer than the machine has, 1–4), files that may wait beyond those (more get 503), and each
   * file's time and heap limit.
   */
  statementParsing: { threads: number; queue: number; timeLimitMs: number; memoryMb: number };
  /**
   * Where daily bars, the 沪深300 and the trading calendar come from (lib/server/market/providers): Tushare Pro with a
   * token, 东方财富's public K-line endpoint, or none (bars only from file imports). URLs are overridable for tests.
   */
  marketData:
    | { provider: "none" }
    | { provider: "tushare"; token: string; apiUrl: string }
    | { provider: "eastmoney"; apiUrl: string };
};

let cached: AppConfig | null = null;

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  // Operators read these in the log: zod's English, whatever the app's default error map (ADR 0025).
  const result = EnvSchema.safeParse(cleaned, { error: z.locales.en().localeError });
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = result.data;
  const s3Settings = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (s3Settings > 0 && s3Settings < 4) {
    throw new Error("Invalid configuration: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
  if (stripeKeys > 0 && stripeKeys < 3) {
    throw new Error("Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together");
  }
  if (e.PAYMENT_TEST_MODE === "1" && e.STRIPE_SECRET_KEY?.includes("_live_")) {
    throw new Error("Invalid configuration: PAYMENT_TEST_MODE=1 cannot be used with live Stripe keys (anyone could pay with a test card)");
  }
  if (e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_SECRET_KEY.includes("_live_") !== e.STRIPE_PUBLISHABLE_KEY.includes("_live_")) {
    throw new Error("Invalid configuration: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys");
  }
  if (e.MARKET_DATA_PROVIDER === "tushare" && !e.TUSHARE_TOKEN) {
    throw new Error("Invalid configuration: MARKET_DATA_PROVIDER=tushare needs TUSHARE_TOKEN (your Tushare Pro token, https://tushare.pro/user/token)");
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
    siteName: e.SITE_NAME,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    siteUrlConfigured: e.SITE_URL !== undefined,
    supportEmail: e.SUPPORT_EMAIL,
    apiHosts: e.API_HOSTS.split(",").map((h) => h.trim().replace(/\/+$/, "")).filter(Boolean),
    intercomAppId: e.INTERCOM_APP_ID ?? null,
    gaId: e.GA_ID ?? null,
    baiduTongjiId: e.BAIDU_TONGJI_ID ?? null,
    baiduPush: e.BAIDU_PUSH_TOKEN ? { token: e.BAIDU_PUSH_TOKEN, endpoint: e.BAIDU_PUSH_ENDPOINT } : null,
    fingerprintKey: e.FINGERPRINT_AES_KEY.toLowerCase(),
    fingerprintIv: e.FINGERPRINT_AES_IV.toLowerCase(),
    deviceCookieSecret: e.DEVICE_COOKIE_SECRET ?? null,
    sessionDays: e.SESSION_DAYS,
    logLevel: e.LOG_LEVEL,
    loadDemoData: e.DEMO_DATA === "1",
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    renderAdmission: { renders: e.RENDER_CONCURRENCY, queue: e.RENDER_QUEUE },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    sms:
      e.SMS_PROVIDER && e.SMS_ACCESS_KEY_ID && e.SMS_ACCESS_KEY_SECRET && e.SMS_SIGN_NAME && e.SMS_TEMPLATE_CODE
        ? { provider: e.SMS_PROVIDER, accessKeyId: e.SMS_ACCESS_KEY_ID, accessKeySecret: e.SMS_ACCESS_KEY_SECRET,
            signName: e.SMS_SIGN_NAME, templateCode: e.SMS_TEMPLATE_CODE, endpoint: e.SMS_ENDPOINT }
        : null,
    paymentTestMode: e.PAYMENT_TEST_MODE === "1",
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { endpoint: e.S3_ENDPOINT.replace(/\/+$/, ""), bucket: e.S3_BUCKET, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : null }
        : null,
    testDatabaseUrl: e.TEST_DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    testRedisUrl: e.TEST_REDIS_URL ?? null,
    testTemplateDir: e.TEST_TEMPLATE_DIR ?? null,
    publicDataCache: e.PUBLIC_DATA_CACHE === "on",
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    requestDeadlineMs: e.REQUEST_DEADLINE_SECONDS * 1000,
    statementParsing: {
      threads: e.STATEMENT_PARSE_THREADS ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
      queue: e.STATEMENT_PARSE_QUEUE,
      timeLimitMs: e.STATEMENT_PARSE_TIMEOUT_SECONDS * 1000,
      memoryMb: e.STATEMENT_PARSE_MEMORY_MB,
    },
    marketData:
      e.MARKET_DATA_PROVIDER === "tushare" && e.TUSHARE_TOKEN
        ? { provider: "tushare", token: e.TUSHARE_TOKEN, apiUrl: e.TUSHARE_API_URL.replace(/\/+$/, "") }
        : e.MARKET_DATA_PROVIDER === "eastmoney"
          ? { provider: "eastmoney", apiUrl: e.EASTMONEY_API_URL.replace(/\/+$/, "") }
          : { provider: "none" },
  };
}

export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests that start servers on random ports (the local Stripe stand-in) re-read the environment after setting it. */
export function reloadConfigForTests(env: Record<string, string | undefined> = process.env): AppConfig {
  cached = parseConfig(env);
  return cached;
}

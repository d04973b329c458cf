import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").unique(),
    mobile: text("mobile").unique(),
    nickname: text("nickname").notNull(),
    avatarUrl: text("avatar_url").notNull().default(""),
    passwordHash: text("password_hash"),
    role: text("role", { enum: ["member", "editor", "admin"] }).notNull().default("member"),
    invitationCode: text("invitation_code").notNull().unique(),
    invitedBy: uuid("invited_by"),
    /** The referral tracking cookie (SPEC §3) present at registration, kept for attribution. */
    referer: jsonb("referer").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in ('member', 'editor', 'admin')`),
    check("users_contact_check", sql`${t.email} is not null or ${t.mobile} is not null`),
  ],
);

/** Login sessions: the cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent").notNull().default(""),
    /** MD5 hash of the device fingerprint that passed the server check at login, if any (recorded, decides nothing). */
    deviceHash: text("device_hash"),
    /** The id in the server-signed device cookie of the login, if it verified (ADR 0027: the self-invitation check). */
    deviceId: text("device_id"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Membership grants: the member's level is the highest active grant (PRODUCT.md "Membership tiers"). */
export const grants = pgTable(
  "grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    levelId: integer("level_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    source: text("source", { enum: ["admin", "purchase", "subscription", "referral"] }).notNull(),
    /** Unique per origin (payment id, referral invitee, admin command run): what makes a grant exactly-once. */
    sourceKey: text("source_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("grants_user_idx").on(t.userId, t.endsAt),
    check("grants_level_check", sql`${t.levelId} in (100, 200)`),
    check("grants_period_check", sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    link: text("link"),
    /** Makes a notification once-only (e.g. `expiry:<grant id>`); null for ordinary ones. */
    dedupeKey: text("dedupe_key").unique(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.readAt)],
);

/** One-time codes (6 digits, 10 minutes, single use, 5 wrong tries) and the magic link sent with a login code. */
export const loginCodes = pgTable(
  "login_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    account: text("account").notNull(),
    purpose: text("purpose", { enum: ["login", "bind", "reset"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    linkTokenHash: text("link_token_hash").unique(),
    /** For "bind": the member binding this address. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_codes_account_idx").on(t.account, t.purpose, t.createdAt)],
);

/** One row per invited member: the reward is granted, or held for an administrator, or rejected. */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inviterId: uuid("inviter_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    inviteeId: uuid("invitee_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["granted", "held", "rejected"] }).notNull(),
    holdReason: text("hold_reason"),
    /** The newcomer's device fingerprint hash, if it checked out: recorded for review, decides nothing. */
    deviceHash: text("device_hash"),
    /** The id in the newcomer's server-signed device cookie; null when it had none that verified (ADR 0027). */
    deviceId: text("device_id"),
    ipHash: text("ip_hash").notNull().default(""),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referrals_invitee_idx").on(t.inviteeId),
    index("referrals_inviter_idx").on(t.inviterId, t.createdAt),
    index("referrals_device_idx").on(t.deviceHash),
    index("referrals_device_id_idx").on(t.deviceId),
    index("referrals_ip_idx").on(t.ipHash, t.createdAt),
  ],
);

import "server-only";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { and, eq, ne } from "drizzle-orm";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import type { Account } from "@/lib/domain/account";
import { Nickname } from "@/lib/domain/account/schemas";
import { readUploadForm } from "@/lib/domain/multipart";
import type { UserInfo } from "@/lib/domain/user-info";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { objectStore } from "@/lib/server/storage/object-store";
import { readBodyWithLimit } from "@/lib/server/request-body";
import type { AvatarWebp } from "./avatar-image";
import { membershipOf } from "./grants";
import { toUserInfo } from "./user-info";
import { findUserById, type UserRow } from "./users";

/** What /user/account shows: the member's own record, with e-mail and mobile as stored (no fallback). */
export interface AccountProfile {
  nickname: string;
  avatarUrl: string;
  email: string | null;
  mobile: string | null;
  hasPassword: boolean;
  levelName: string;
  levelEndDate: string;
  invitationCode: string;
}

async function ownRow(viewer: Viewer): Promise<UserRow> {
  const user = await findUserById(viewer.userId);
  if (!user) throw new Error(`member ${viewer.userId} of a live session no longer exists`);
  return user;
}

async function userInfoOf(user: UserRow): Promise<UserInfo> {
  return toUserInfo(user, await membershipOf(user.id));
}

export async function accountProfileOf(viewer: Viewer): Promise<AccountProfile> {
  const user = await ownRow(viewer);
  const info = await userInfoOf(user);
  return {
    nickname: user.nickname,
    avatarUrl: user.avatarUrl,
    email: user.email,
    mobile: user.mobile,
    hasPassword: user.passwordHash !== null,
    levelName: info.levelName,
    levelEndDate: info.levelEndDate,
    invitationCode: user.invitationCode,
  };
}

// ——— nickname ———

export async function updateNickname(viewer: Viewer, raw: unknown): Promise<UserInfo> {
  const parsed = Nickname.safeParse(raw);
  if (!parsed.success) throw new AppError("invalid", parsed.error.issues[0]?.message ?? "昵称格式不正确");
  const [user] = await (await db())
    .update(users)
    .set({ nickname: parsed.data, updatedAt: new Date() })
    .where(eq(users.id, viewer.userId))
    .returning();
  if (!user) throw new Error(`member ${viewer.userId} of a live session no longer exists`);
  return userInfoOf(user);
}

// ——— avatar ———

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
export const AVATAR_BODY_LIMIT = AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
export const AVATAR_URL_PREFIX = "/api/uploads/avatars/";
/**
 * The only file names we serve: 32 random hex digits and an extension. New avatars are always `.webp` (re-encoded);
 * `.jpg` and `.png` are avatars stored before re-encoding, served with the type their bytes were checked to be.
 */
export const AVATAR_FILE_RE = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export const AVATAR_TOO_LARGE_MESSAGE = "头像图片不能超过 2 MB";
export const AVATAR_WRONG_TYPE_MESSAGE = "文件不是有效的图片，仅支持 JPEG、PNG、WebP 格式";

export interface ImageType {
  ext: "jpg" | "png" | "webp";
  contentType: "image/jpeg" | "image/png" | "image/webp";
}

const CONTENT_TYPES: Record<ImageType["ext"], ImageType["contentType"]> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

function startsWith(bytes: Uint8Array, at: number, expected: readonly number[] | string): boolean {
  const values = typeof expected === "string" ? Array.from(expected, (c) => c.charCodeAt(0)) : expected;
  if (bytes.length < at + values.length) return false;
  return values.every((v, i) => bytes[at + i] === v);
}

/**
 * The image type by its magic bytes, never by the name or the declared type: JPEG (SOI + marker), PNG (signature
 * followed by the IHDR chunk), WebP (RIFF container of a VP8/VP8L/VP8X bitstream).
 */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff]) && bytes.length > 4) return { ext: "jpg", contentType: "image/jpeg" };
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && startsWith(bytes, 12, "IHDR")) {
    return { ext: "png", contentType: "image/png" };
  }
  if (startsWith(bytes, 0, "RIFF") && startsWith(bytes, 8, "WEBP") && (startsWith(bytes, 12, "VP8 ") || startsWith(bytes, 12, "VP8L") || startsWith(bytes, 12, "VP8X"))) {
    return { ext: "webp", contentType: "image/webp" };
  }
  return null;
}

export interface UploadRequest {
  contentType: string | null;
  contentLength: string | null;
  body: ReadableStream<Uint8Array> | null;
}

/**
 * Takes the image out of a multipart upload (field `file`): the declared length is checked before reading, the
 * body is read only up to the limit, and the file must be a JPEG, PNG or WebP by its bytes.
 */
export async function readAvatarUpload(req: UploadRequest): Promise<{ bytes: Uint8Array; type: ImageType }> {
  if (!/^multipart\/form-data;/i.test(req.contentType ?? "")) throw new AppError("unsupported", "请选择要上传的图片");
  const declared = Number(req.contentLength ?? NaN);
  if (Number.isFinite(declared) && declared > AVATAR_BODY_LIMIT) throw new AppError("too_large", AVATAR_TOO_LARGE_MESSAGE);
  const raw = await readBodyWithLimit(req.body, AVATAR_BODY_LIMIT);
  if (!raw) throw new AppError("too_large", AVATAR_TOO_LARGE_MESSAGE);
  const form = readUploadForm(raw, req.contentType!, "file", 200);
  if (!form) throw new AppError("invalid", "上传内容无效，请重新选择图片");
  const { file } = form;
  if (!file || file.bytes.byteLength === 0) throw new AppError("invalid", "请选择要上传的图片");
  if (file.bytes.byteLength > AVATAR_MAX_BYTES) throw new AppError("too_large", AVATAR_TOO_LARGE_MESSAGE);
  const bytes = file.bytes;
  const type = sniffImage(bytes);
  if (!type) throw new AppError("unsupported", AVATAR_WRONG_TYPE_MESSAGE);
  return { bytes, type };
}

/** Where the disk store keeps avatars (DATA_DIR/uploads/avatars); with S3_* set they are objects under `avatars/`. */
export function avatarDir(): string {
  return path.resolve(config().dataDir, "uploads", "avatars");
}

const avatarKey = (name: string) => `avatars/${name}`;

/** The file behind one of our avatar URLs, or null for anything else (external URLs, empty). */
function ownAvatarFile(url: string): string | null {
  if (!url.startsWith(AVATAR_URL_PREFIX)) return null;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  return AVATAR_FILE_RE.test(name) ? name : null;
}

/**
 * Stores a re-encoded avatar under a random name (never the client's), points the member at it and removes the old
 * one. Only what reencodeAvatar made can be stored.
 */
export async function saveAvatar(viewer: Viewer, image: AvatarWebp): Promise<UserInfo> {
  const store = objectStore();
  const name = `${randomBytes(16).toString("hex")}.${image.ext}`;
  await store.put(avatarKey(name), image.bytes, CONTENT_TYPES[image.ext]);

  let user: UserRow | undefined;
  let previous = "";
  try {
    const database = await db();
    previous = (await ownRow(viewer)).avatarUrl;
    [user] = await database
      .update(users)
      .set({ avatarUrl: AVATAR_URL_PREFIX + name, updatedAt: new Date() })
      .where(eq(users.id, viewer.userId))
      .returning();
    if (!user) throw new Error(`member ${viewer.userId} of a live session no longer exists`);
  } catch (err) {
    await store.remove(avatarKey(name));
    throw err;
  }
  const old = ownAvatarFile(previous);
  if (old && old !== name) {
    await store.remove(avatarKey(old)).catch((err: unknown) =>
      logger().warn({ err, file: old }, "could not remove a replaced avatar file"),
    );
  }
  return userInfoOf(user);
}

/** An avatar file by its name; null for a name that is not one of ours (no path can escape the folder) or is gone. */
export async function readAvatar(file: string): Promise<{ bytes: Buffer; contentType: ImageType["contentType"] } | null> {
  const match = AVATAR_FILE_RE.exec(file);
  if (!match) return null;
  const bytes = await objectStore().get(avatarKey(file));
  return bytes ? { bytes, contentType: CONTENT_TYPES[match[1] as ImageType["ext"]] } : null;
}

// ——— e-mail and mobile ———

const KIND_NAME = { email: "邮箱", mobile: "手机号" } as const;

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Whether the member may start binding this address: refused only when it is already theirs. Whether another member
 * holds it is not said here, before the code (that would tell anyone with an account which addresses are
 * registered): the code goes out either way and checkBindable says it once the code is confirmed (ADR 0029).
 */
export async function checkNewAddress(viewer: Viewer, account: Account): Promise<void> {
  const user = await ownRow(viewer);
  const current = account.kind === "email" ? user.email : user.mobile;
  if (current === account.value) throw new AppError("invalid", `该${KIND_NAME[account.kind]}已绑定到你的账号`);
}

const takenByAnother = (account: Account) => new AppError("conflict", `该${KIND_NAME[account.kind]}已绑定其他账号`);

/**
 * Whether the member may bind an address whose code they confirmed: not their own, not another member's (the
 * person who holds the address learns that it has an account, which tells a stranger nothing).
 */
export async function checkBindable(viewer: Viewer, account: Account): Promise<void> {
  await checkNewAddress(viewer, account);
  const column = account.kind === "email" ? users.email : users.mobile;
  const [other] = await (await db())
    .select({ id: users.id })
    .from(users)
    .where(and(eq(column, account.value), ne(users.id, viewer.userId)))
    .limit(1);
  if (other) throw takenByAnother(account);
}

/** Sets the member's e-mail or mobile to an address whose code they just confirmed. */
export async function bindAccount(viewer: Viewer, account: Account): Promise<UserInfo> {
  await checkBindable(viewer, account);
  const values = account.kind === "email" ? { email: account.value } : { mobile: account.value };
  try {
    const [user] = await (await db())
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, viewer.userId))
      .returning();
    if (!user) throw new Error(`member ${viewer.userId} of a live session no longer exists`);
    return await userInfoOf(user);
  } catch (err) {
    // Another member bound the same address between the check and the update.
    if (isUniqueViolation(err)) throw takenByAnother(account);
    throw err;
  }
}

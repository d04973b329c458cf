import { z } from "zod";
import { PASSWORD_MAX, passwordPairProblem, REPEAT_MISMATCH_MESSAGE, type PasswordNames } from "@/lib/domain/password-policy";

/**
 * The request bodies of sign-in and the member's own account (app/api/auth, app/api/user): pure zod, shared by the
 * route handlers and the forms that send them. Messages a route words as a whole live beside its schema.
 */

const accountText = z.string().max(254);
const returnPath = z.string().max(2000).optional();

export const CodeSendBody = z.object({ account: accountText });
export type CodeSendBody = z.infer<typeof CodeSendBody>;
export const CODE_SEND_INVALID = "请输入手机号或邮箱";

export const CodeVerifyBody = z.object({
  account: accountText,
  code: z.string().max(12),
  invitationCode: z.string().max(32).optional(),
  r: returnPath,
});
export type CodeVerifyBody = z.infer<typeof CodeVerifyBody>;
export const CODE_VERIFY_INVALID = "请输入手机号或邮箱和验证码";

export const LoginBody = z.object({
  account: z.string().trim().min(1, "请输入手机号或邮箱").max(254),
  password: z.string().min(1, "请输入密码").max(128),
  r: returnPath,
});
export type LoginBody = z.infer<typeof LoginBody>;
export const LOGIN_INVALID = "请输入账号和密码";

export const MagicLinkBody = z.object({ token: z.string().max(200), r: returnPath });
export type MagicLinkBody = z.infer<typeof MagicLinkBody>;
export const MAGIC_LINK_INVALID = "登录链接无效或已过期";

const sixDigitCode = (message?: string) => z.string().trim().regex(/^\d{6}$/, message);

export const PasswordResetBody = z.discriminatedUnion("step", [
  z.object({ step: z.literal("send"), account: accountText }),
  z.object({
    step: z.literal("confirm"),
    account: accountText,
    code: sixDigitCode("请输入 6 位数字验证码"),
    newPassword: z.string().max(PASSWORD_MAX * 4),
  }),
]);
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** The step the raw body names, so a refusal says what that step needs. */
function stepOf(raw: unknown): unknown {
  return raw && typeof raw === "object" ? (raw as { step?: unknown }).step : undefined;
}

export const passwordResetInvalid = (raw: unknown) => (stepOf(raw) === "confirm" ? "请填写账号、6 位验证码和新密码" : "请输入手机号或邮箱");

export const SetupBody = z.object({
  token: z.string().trim().min(1).max(200),
  /** A new account; without it, the member who is logged in becomes the administrator. */
  account: z.object({ email: z.string().trim().max(254), password: z.string().max(200), nickname: z.string().trim().max(64).optional() }).optional(),
});
export type SetupBody = z.infer<typeof SetupBody>;
export const SETUP_INVALID = "请填写设置令牌";

export const BIND_KINDS = ["email", "mobile"] as const;
const BindKind = z.enum(BIND_KINDS);
export const BindBody = z.discriminatedUnion("step", [
  z.object({ step: z.literal("send"), kind: BindKind, account: accountText }),
  z.object({ step: z.literal("confirm"), kind: BindKind, account: accountText, code: sixDigitCode() }),
]);
export type BindBody = z.infer<typeof BindBody>;
export const bindInvalid = (raw: unknown) => (stepOf(raw) === "confirm" ? "请输入 6 位数字验证码" : "请输入要绑定的手机号或邮箱");

export const PasswordChangeBody = z.object({
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
  newPassword: z.string().max(PASSWORD_MAX * 4),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;
export const PASSWORD_CHANGE_INVALID = "请输入新密码";

/**
 * Checks a new password and its repetition with the policy and the names the form knows, reporting on the field that
 * is wrong; the server checks the same policy with the common-password list added (ADR 0029).
 */
function checkNewPassword(names: PasswordNames) {
  return (values: { newPassword: string; repeatPassword: string }, ctx: z.RefinementCtx) => {
    const problem = passwordPairProblem(values.newPassword, values.repeatPassword, names);
    if (problem) ctx.addIssue({ code: "custom", path: [problem === REPEAT_MISMATCH_MESSAGE ? "repeatPassword" : "newPassword"], message: problem });
  };
}

/** The change/set password form: PasswordChangeBody's fields plus the repetition; `requiresCurrent` once one exists. */
export function passwordChangeForm(names: PasswordNames) {
  return PasswordChangeBody.extend({ requiresCurrent: z.boolean(), currentPassword: z.string().max(PASSWORD_MAX), repeatPassword: z.string() })
    .superRefine((values, ctx) => {
      if (values.requiresCurrent && !values.currentPassword) {
        ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "请输入当前密码" });
      }
    })
    .superRefine(checkNewPassword(names));
}
export type PasswordChangeForm = z.input<ReturnType<typeof passwordChangeForm>>;

const ResetConfirm = PasswordResetBody.options[1];
/** The reset form's confirming step: PasswordResetBody's code and new password plus the repetition. */
export function passwordResetForm(names: PasswordNames) {
  return ResetConfirm.pick({ code: true, newPassword: true }).extend({ repeatPassword: z.string() }).superRefine(checkNewPassword(names));
}
export type PasswordResetForm = z.input<ReturnType<typeof passwordResetForm>>;

export const NICKNAME_MAX_CHARS = 32;
export const NICKNAME_TOO_LONG = `昵称最长 ${NICKNAME_MAX_CHARS} 个字`;
/** Control characters, line separators and bidirectional overrides (which can make a name read as another). */
const FORBIDDEN_IN_NICKNAME = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** A nickname as stored: 1–32 characters (counted as the reader sees them: one per code point), trimmed, NFC. */
export const Nickname = z
  .string({ error: "请输入昵称" })
  .transform((v) => v.normalize("NFC").trim())
  .pipe(
    z
      .string()
      .min(1, "请输入昵称")
      .refine((v) => Array.from(v).length <= NICKNAME_MAX_CHARS, NICKNAME_TOO_LONG)
      .refine((v) => !FORBIDDEN_IN_NICKNAME.test(v), "昵称不能包含换行或控制字符"),
  );
/** The nickname form: the data layer's own Nickname rules. */
export const NicknameForm = z.object({ nickname: Nickname });
export type NicknameForm = z.input<typeof NicknameForm>;
/** The nickname's own rules (length in characters, allowed letters) are the data layer's; this bounds the request. */
export const NicknameBody = z.object({ nickname: z.string().max(200, NICKNAME_TOO_LONG) });
export type NicknameBody = z.infer<typeof NicknameBody>;
export const nicknameInvalid = (raw: unknown) => (NicknameBody.safeParse(raw).error?.issues[0]?.code === "too_big" ? NICKNAME_TOO_LONG : "请输入昵称");

export const NotificationsReadBody = z.discriminatedUnion("action", [
  z.object({ action: z.literal("read"), ids: z.array(z.guid()).min(1).max(200) }),
  z.object({ action: z.literal("read-all") }),
]);
export type NotificationsReadBody = z.infer<typeof NotificationsReadBody>;
export const NOTIFICATIONS_READ_INVALID = "参数无效：请指定要标记已读的消息";

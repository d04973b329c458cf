export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The browser's quick check of a new password and its repetition; the server checks again. */
export function newPasswordProblem(password: string, repeat: string): string | null {
  if (!password) return "请输入新密码";
  if (password.length < PASSWORD_MIN) return `新密码至少 ${PASSWORD_MIN} 位`;
  if (password.length > PASSWORD_MAX) return `新密码最长 ${PASSWORD_MAX} 位`;
  if (password.trim() === "") return "新密码不能全是空格";
  if (password !== repeat) return "两次输入的新密码不一致";
  return null;
}

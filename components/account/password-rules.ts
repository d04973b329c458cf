import { passwordProblem, type PasswordNames } from "@/lib/domain/password-policy";

export { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domain/password-policy";

/**
 * The browser's quick check of a new password and its repetition: the shared rules (lib/domain/password-policy)
 * with the names the form knows, without the common-password list, which the server checks (ADR 0029).
 */
export function newPasswordProblem(password: string, repeat: string, names: PasswordNames = {}): string | null {
  const problem = passwordProblem(password, names);
  if (problem) return problem;
  if (password !== repeat) return "两次输入的新密码不一致";
  return null;
}

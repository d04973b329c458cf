/** Same-origin JSON calls of the login dialog and the user menu, with the error texts of SPEC §8. */

export interface AuthResult {
  ok: boolean;
  status: number;
  /** The server's Chinese message, or ours when it sent none or could not be reached. */
  message: string;
  body: Record<string, unknown>;
}

function fallbackMessage(status: number): string {
  if (status === 404) return "请求地址不存在";
  if (status >= 500) return "服务器内部错误，请稍后再试";
  return "网络异常，请稍后再试";
}

/** POSTs JSON and reads a JSON answer; never throws. Status 0 means no answer arrived. */
export function postJson(path: string, payload: unknown): Promise<AuthResult> {
  return postAndRead(path, {
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(payload),
  });
}

/** POSTs form data (a file upload) and reads the answer like postJson; `fallback` may name a status of its own. */
export function postFormData(path: string, form: FormData, fallback: (status: number) => string = fallbackMessage): Promise<AuthResult> {
  return postAndRead(path, { headers: { Accept: "application/json" }, body: form }, fallback);
}

async function postAndRead(path: string, init: RequestInit, fallback: (status: number) => string = fallbackMessage): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", credentials: "same-origin", ...init });
  } catch {
    return { ok: false, status: 0, message: "网络异常，请稍后再试", body: {} };
  }
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's error page): fall back to our message.
  }
  const data = body.data && typeof body.data === "object" ? (body.data as Record<string, unknown>) : {};
  const serverMessage = [body.message, data.message].find((m): m is string => typeof m === "string" && m.trim() !== "");
  return {
    ok: response.ok,
    status: response.status,
    message: serverMessage ?? (response.ok ? "" : fallback(response.status)),
    body: { ...data, ...body },
  };
}

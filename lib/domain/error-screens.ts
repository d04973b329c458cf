/** The error screens of SPEC §2/§8 with their Chinese texts (PRODUCT.md). */
export type ErrorScreenCode = 403 | 404 | 500 | 503;

export const ERROR_SCREENS: Record<ErrorScreenCode, { title: string; description: string; pageTitle: string }> = {
  403: { title: "访问被拒绝", description: "抱歉，您没有权限查看此页面", pageTitle: "403 访问被拒绝" },
  404: { title: "页面未找到", description: "您访问的页面可能已被删除、更名或暂时不可用", pageTitle: "404 页面未找到" },
  500: { title: "服务器内部错误", description: "服务器遇到了意外情况，技术团队已收到通知", pageTitle: "500 服务器内部错误" },
  503: { title: "服务暂时不可用", description: "服务器正在维护或负载过高，请稍后再试", pageTitle: "503 服务暂时不可用" },
};

/**
 * 403, 404 and 503 are shown by their status; anything else is the 500 screen, except an application error
 * of status 500 whose message mentions 404, which becomes the 404 screen ("页面未找到").
 */
export function resolveErrorScreen(error: { statusCode?: number | null; message?: string | null }): ErrorScreenCode {
  const status = error.statusCode ?? 500;
  if (status === 403 || status === 404 || status === 503) return status;
  if (status === 500 && /404/.test(error.message ?? "")) return 404;
  return 500;
}

export function isErrorScreenCode(value: number): value is ErrorScreenCode {
  return value === 403 || value === 404 || value === 500 || value === 503;
}

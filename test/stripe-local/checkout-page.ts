import type { CheckoutSession } from "./types";

const ZERO_DECIMAL = new Set(["jpy", "krw", "vnd", "clp", "pyg", "ugx", "xaf", "xof"]);

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function formatAmount(amount: number, currency: string): string {
  const value = ZERO_DECIMAL.has(currency) ? String(amount) : (amount / 100).toFixed(2);
  return `${currency === "cny" ? "¥" : ""}${value} ${currency.toUpperCase()}`;
}

/** The hosted Checkout page: what is bought, a card number field, and the error of the last attempt. */
export function checkoutPage(session: CheckoutSession, error: string | null = null): string {
  const items = session.line_items.data
    .map((i) => `<li>${escape(i.description)} × ${i.quantity}：${formatAmount(i.amount_total, i.currency)}</li>`).join("");
  const cancel = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">返回商户（取消支付）</a></p>` : "";
  const body = session.status === "complete"
    ? `<p>已完成支付。</p>${session.success_url ? `<p><a href="${escape(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id))}">返回商户</a></p>` : ""}`
    : `${error ? `<p role="alert" style="color:#b00020">${escape(error)}</p>` : ""}
  <form method="post" action="/checkout/${escape(session.id)}">
    <label>卡号 <input name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" size="24"></label>
    <button type="submit">支付 ${formatAmount(session.amount_total, session.currency)}</button>
  </form>
  <p><small>测试卡：4242 4242 4242 4242 成功；4000 0000 0000 0002 被拒；4000 0000 0000 9995 余额不足。</small></p>
  ${cancel}`;
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe 本地模拟收银台</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
  <h1>Stripe 本地模拟收银台</h1>
  <p>${session.mode === "subscription" ? "订阅（自动续费）" : "一次性支付"}</p>
  <ul>${items}</ul>
  <p>合计：<strong>${formatAmount(session.amount_total, session.currency)}</strong></p>
  ${body}
</body>
</html>`;
}

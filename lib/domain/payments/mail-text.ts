import { formatYuanFromFen } from "../format";
import { EMAIL_TOPIC_LABELS, type EmailTopic } from "./types";

export type PaymentMailKind =
  | "payment_succeeded"
  | "payment_failed"
  | "renewal_succeeded"
  | "renewal_failed"
  | "refunded"
  | "expiring"
  | "subscription_canceled";

export interface PaymentMailData {
  siteName: string;
  siteUrl: string;
  levelName: string;
  planName: string;
  amountFen: number;
  refundedFen?: number;
  /** `YYYY-MM-DD`: the last day of access. */
  levelEndDate?: string;
  receiptNumber?: string;
  failureMessage?: string;
  /** `YYYY-MM-DD`: the last day of the paid subscription period. */
  periodEnd?: string;
}

export interface PaymentMessage {
  /** The in-site notification's title. */
  title: string;
  /** One or two sentences for the in-site notification. */
  body: string;
  subject: string;
  /** The plain-text e-mail. */
  text: string;
  /** A site path the notification links to. */
  link: string;
}

const SUBSCRIPTION_PATH = "/user/subscription";
const UNSUBSCRIBE_PATH = "/user/unsubscribe";
const PRICE_PATH = "/price";

/** Which kinds a member may turn off, and under which topic; receipts, refunds and failed first payments are always sent. */
export function mailTopicOf(kind: PaymentMailKind): EmailTopic | null {
  switch (kind) {
    case "expiring":
      return "expiry";
    case "renewal_succeeded":
    case "renewal_failed":
      return "renewal";
    default:
      return null;
  }
}

/** A reason as a clause: no trailing full stop, and something to say when the provider gave none. */
function reasonOf(failureMessage: string | undefined): string {
  const reason = (failureMessage ?? "").trim().replace(/[。.！!]+$/, "");
  return reason || "支付未完成";
}

interface Draft {
  title: string;
  body: string;
  /** The facts of the e-mail, one line each. */
  lines: string[];
  link: string;
}

function draft(kind: PaymentMailKind, d: PaymentMailData, siteUrl: string): Draft {
  const amount = formatYuanFromFen(d.amountFen);
  const level = d.levelName;
  const plan = `「${d.planName}」`;
  const end = d.levelEndDate;
  const receipt = d.receiptNumber ? [`收据编号：${d.receiptNumber}`] : [];
  const subscriptionLine = `查看订单和收据：${siteUrl}${SUBSCRIPTION_PATH}`;

  switch (kind) {
    case "payment_succeeded":
      return {
        title: `${level} 开通成功`,
        body: end ? `已支付 ${amount}，${level} 有效期至 ${end}。` : `已支付 ${amount}，${level} 已开通。`,
        lines: [`你已成功购买${plan}。`, "", `支付金额：${amount}`, ...(end ? [`${level} 有效期至：${end}`] : []), ...receipt, "", subscriptionLine],
        link: SUBSCRIPTION_PATH,
      };
    case "payment_failed": {
      const reason = reasonOf(d.failureMessage);
      return {
        title: "支付未成功",
        body: `${plan}支付未成功：${reason}。本次未扣款，可以换一张卡或换一种支付方式重试。`,
        lines: [`你购买${plan}的支付未成功，本次未扣款。`, "", `金额：${amount}`, `原因：${reason}`, "", `可以换一张卡或换一种支付方式重新支付：${siteUrl}${SUBSCRIPTION_PATH}`],
        link: SUBSCRIPTION_PATH,
      };
    }
    case "renewal_succeeded":
      return {
        title: `${level} 自动续费成功`,
        body: end ? `自动续费已扣款 ${amount}，${level} 有效期延长至 ${end}。` : `自动续费已扣款 ${amount}。`,
        lines: [`你的${plan}已自动续费。`, "", `扣款金额：${amount}`, ...(end ? [`${level} 有效期至：${end}`] : []), ...receipt, "", `查看订单、收据或关闭自动续费：${siteUrl}${SUBSCRIPTION_PATH}`],
        link: SUBSCRIPTION_PATH,
      };
    case "renewal_failed": {
      const reason = reasonOf(d.failureMessage);
      const still = end ? `${level} 可继续使用至 ${end}。` : "";
      return {
        title: "自动续费扣款失败",
        body: `${plan}自动续费扣款未成功：${reason}。请更新银行卡信息${end ? `，${still}` : "，以免会员中断。"}`,
        lines: [
          `你的${plan}自动续费扣款未成功。`,
          "",
          `金额：${amount}`,
          `原因：${reason}`,
          ...(end ? [`${level} 有效期至：${end}，在此之前可正常使用。`] : []),
          "",
          `请更新银行卡信息：${siteUrl}${SUBSCRIPTION_PATH}`,
        ],
        link: SUBSCRIPTION_PATH,
      };
    }
    case "refunded": {
      const refunded = formatYuanFromFen(d.refundedFen ?? d.amountFen);
      const after = end ? `${level} 有效期已调整至 ${end}。` : `${level} 权益已结束。`;
      return {
        title: "退款成功",
        body: `${plan}已退款 ${refunded}，${after}`,
        lines: [
          `你购买${plan}的款项已退款，将原路退回，到账时间以银行或支付渠道为准。`,
          "",
          `退款金额：${refunded}`,
          `原支付金额：${amount}`,
          end ? `${level} 有效期至：${end}` : `${level} 权益已结束。`,
          "",
          subscriptionLine,
        ],
        link: SUBSCRIPTION_PATH,
      };
    }
    case "expiring": {
      const price = d.amountFen > 0 && d.planName ? [`续费${plan}：${amount}`] : [];
      return {
        title: `${level} 即将到期`,
        body: end ? `你的 ${level} 将于 ${end} 到期，续费即可继续使用。` : `你的 ${level} 即将到期，续费即可继续使用。`,
        lines: [
          end ? `你的 ${level} 将于 ${end} 到期。到期后如需继续使用，请及时续费。` : `你的 ${level} 即将到期。如需继续使用，请及时续费。`,
          "",
          ...price,
          `续费：${siteUrl}${PRICE_PATH}`,
          `查看会员有效期：${siteUrl}${SUBSCRIPTION_PATH}`,
        ],
        link: PRICE_PATH,
      };
    }
    case "subscription_canceled": {
      const until = d.periodEnd ? `${level} 可继续使用至 ${d.periodEnd}。` : `已支付的 ${level} 有效期不受影响。`;
      return {
        title: "自动续费已关闭",
        body: `${plan}的自动续费已关闭，之后不会再扣款。${until}`,
        lines: [
          `你的${plan}自动续费已关闭，之后不会再扣款（原每期 ${amount}）。`,
          until,
          "",
          `查看订阅：${siteUrl}${SUBSCRIPTION_PATH}`,
        ],
        link: SUBSCRIPTION_PATH,
      };
    }
  }
}

/** The notification and e-mail telling a member about a payment, a renewal, a refund or the end of their level. */
export function paymentMessage(kind: PaymentMailKind, data: PaymentMailData): PaymentMessage {
  const siteUrl = data.siteUrl.replace(/\/+$/, "");
  const { title, body, lines, link } = draft(kind, data, siteUrl);
  const topic = mailTopicOf(kind);
  const optOut = topic ? ["", `不想再收到「${EMAIL_TOPIC_LABELS[topic].title}」邮件，可以在这里关闭：${siteUrl}${UNSUBSCRIBE_PATH}`] : [];
  const text = ["你好：", "", ...lines, ...optOut, "", data.siteName].join("\n");
  return { title, body, subject: `【${data.siteName}】${title}`, text, link };
}

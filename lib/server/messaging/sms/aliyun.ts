import { createHmac, randomUUID } from "node:crypto";

/** Aliyun SMS (dysmsapi SendSms, RPC style, signature version 1.0 / HMAC-SHA1). */
export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
}

const percent = (s: string) =>
  encodeURIComponent(s).replace(/\+/g, "%20").replace(/\*/g, "%2A").replace(/%7E/g, "~").replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signed query of a request (exported for the test that checks it against Aliyun's documented example). */
export function signAliyunQuery(params: Record<string, string>, accessKeySecret: string, method = "GET"): string {
  const canonical = Object.keys(params).sort().map((k) => `${percent(k)}=${percent(params[k]!)}`).join("&");
  const stringToSign = `${method}&${percent("/")}&${percent(canonical)}`;
  const signature = createHmac("sha1", `${accessKeySecret}&`).update(stringToSign).digest("base64");
  return `Signature=${percent(signature)}&${canonical}`;
}

export async function sendAliyunSms(settings: AliyunSmsSettings, phone: string, code: string, now = new Date()): Promise<void> {
  const params: Record<string, string> = {
    AccessKeyId: settings.accessKeyId,
    Action: "SendSms",
    Format: "JSON",
    PhoneNumbers: phone,
    RegionId: "cn-hangzhou",
    SignName: settings.signName,
    SignatureMethod: "HMAC-SHA1",
    SignatureNonce: randomUUID(),
    SignatureVersion: "1.0",
    TemplateCode: settings.templateCode,
    TemplateParam: JSON.stringify({ code }),
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
    Version: "2017-05-25",
  };
  const res = await fetch(`${settings.endpoint.replace(/\/?$/, "/")}?${signAliyunQuery(params, settings.accessKeySecret)}`, {
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
  if (!res.ok || body.Code !== "OK") throw new Error(`Aliyun SMS refused the message: ${body.Code ?? res.status} ${body.Message ?? ""}`.trim());
}

import { z } from "zod";

/**
 * The app's one zod error map (ADR 0025): every issue a schema does not word itself becomes a short Chinese sentence.
 * zod's own zh-CN locale still says `期望 string，实际接收 undefined`, quotes regular expressions and names keys, so
 * this map never echoes type names, keys, patterns or the input; a schema's own message always wins over it.
 */

const TYPE_NAMES: Record<string, string> = {
  string: "文本",
  number: "数字",
  int: "整数",
  bigint: "整数",
  boolean: "是或否",
  date: "日期",
  array: "列表",
  tuple: "列表",
  set: "列表",
  object: "对象",
  record: "对象",
  map: "对象",
  file: "文件",
  null: "空值",
};

const FORMAT_NAMES: Record<string, string> = {
  email: "邮箱",
  url: "网址",
  uuid: "编号",
  guid: "编号",
  nanoid: "编号",
  cuid: "编号",
  cuid2: "编号",
  ulid: "编号",
  xid: "编号",
  ksuid: "编号",
  datetime: "日期时间",
  date: "日期",
  time: "时间",
  duration: "时长",
  ipv4: "IP 地址",
  ipv6: "IP 地址",
  e164: "手机号",
};

type Sized = { origin: string; exact?: boolean; inclusive?: boolean };

function bound(value: number | bigint | Date | unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

function tooBig(issue: Sized & { maximum: unknown }): string {
  const max = bound(issue.maximum);
  switch (issue.origin) {
    case "string":
      return issue.exact ? `须为 ${max} 个字` : `最多 ${max} 个字`;
    case "array":
    case "set":
      return issue.exact ? `须为 ${max} 项` : `最多 ${max} 项`;
    case "file":
      return `文件不能超过 ${max} 字节`;
    case "date":
      return `日期不能晚于 ${max}`;
    default:
      return issue.inclusive === false ? `须小于 ${max}` : `不能大于 ${max}`;
  }
}

function tooSmall(issue: Sized & { minimum: unknown }): string {
  const min = bound(issue.minimum);
  switch (issue.origin) {
    case "string":
      if (issue.exact) return `须为 ${min} 个字`;
      return min === "1" ? "不能为空" : `至少 ${min} 个字`;
    case "array":
    case "set":
      if (issue.exact) return `须为 ${min} 项`;
      return min === "1" ? "至少选择一项" : `至少 ${min} 项`;
    case "file":
      return "文件不能为空";
    case "date":
      return `日期不能早于 ${min}`;
    default:
      return issue.inclusive === false ? `须大于 ${min}` : `不能小于 ${min}`;
  }
}

export const chineseErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return "缺少必填项";
      const expected = TYPE_NAMES[issue.expected];
      return expected ? `格式不正确，应为${expected}` : "格式不正确";
    }
    case "too_big":
      return tooBig(issue);
    case "too_small":
      return tooSmall(issue);
    case "invalid_format": {
      const name = FORMAT_NAMES[issue.format];
      return name ? `${name}格式不正确` : "格式不正确";
    }
    case "not_multiple_of":
      return `须为 ${bound(issue.divisor)} 的倍数`;
    case "invalid_value":
      return "选项无效";
    case "unrecognized_keys":
      return "包含无法识别的字段";
    case "invalid_key":
      return "字段名无效";
    case "invalid_element":
      return "包含无效的值";
    case "invalid_union":
      return "参数无效";
    default:
      return "参数无效";
  }
};

/**
 * Makes the map zod's default for this JavaScript realm (zod keeps its configuration on globalThis, so every bundle
 * of the server shares it). Called once at start-up (instrumentation.ts); calling it again changes nothing.
 */
export function installChineseValidationMessages(): void {
  z.config({ localeError: chineseErrorMap });
}

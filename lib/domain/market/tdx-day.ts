import { isoDate } from "@/lib/domain/market/bar-dates";
import { codeFromFileName } from "@/lib/domain/market/file-code";
import { MarketDataRejected } from "@/lib/domain/market/rejected";
import type { DailyBar } from "@/lib/domain/market/types";

/**
 * 通达信 `.day` files (vipdoc/sh/lday/sh600519.day): 32-byte little-endian records of uint32 date YYYYMMDD,
 * uint32 open/high/low/close × 100, float32 amount, uint32 volume (shares), uint32 reserved.
 */
export const TDX_RECORD_BYTES = 32;

export interface TdxDayResult {
  code: string;
  bars: DailyBar[];
  /** records that fail a check; `line` is the 1-based record number */
  skipped: { line: number; reason: string }[];
}

export function readTdxDay(bytes: Uint8Array, fileName: string): TdxDayResult {
  const code = codeFromFileName(fileName);
  if (code === null) throw new MarketDataRejected(`无法从文件名“${fileName}”读出股票代码（应形如 sh600519.day）`);
  if (bytes.length === 0) throw new MarketDataRejected("文件是空的");
  if (bytes.length % TDX_RECORD_BYTES !== 0) {
    throw new MarketDataRejected(`文件长度 ${bytes.length} 字节不是 32 的整数倍，不是通达信日线文件`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bars: DailyBar[] = [];
  const skipped: TdxDayResult["skipped"] = [];

  for (let offset = 0, record = 1; offset < bytes.length; offset += TDX_RECORD_BYTES, record++) {
    const rawDate = view.getUint32(offset, true);
    const date = isoDate(Math.floor(rawDate / 10_000), Math.floor(rawDate / 100) % 100, rawDate % 100);
    if (date === null) {
      skipped.push({ line: record, reason: `日期无效：${rawDate}` });
      continue;
    }
    const [open, high, low, close] = [4, 8, 12, 16].map((at) => view.getUint32(offset + at, true) / 100) as [
      number, number, number, number,
    ];
    if (open <= 0 || high <= 0 || low <= 0 || close <= 0) {
      skipped.push({ line: record, reason: `${date} 价格不是正数` });
      continue;
    }
    if (high < Math.max(open, close) || low > Math.min(open, close)) {
      skipped.push({ line: record, reason: `${date} 最高价/最低价与开盘价、收盘价矛盾` });
      continue;
    }
    const amount = Math.round(view.getFloat32(offset + 20, true) * 100) / 100;
    const volume = view.getUint32(offset + 24, true);
    bars.push({ code, date, open, high, low, close, volume, amount });
  }

  bars.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { code, bars, skipped };
}

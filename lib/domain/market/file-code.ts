import { normalizeCode } from "@/lib/domain/market/codes";

/** The code a market-data file name carries: `600519.csv`, `sh600519.day`, `600519.SH.csv`, `data/sz000001.csv`. */
export function codeFromFileName(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const withoutExtension = base.replace(/\.(csv|txt|day)$/i, "");
  return normalizeCode(withoutExtension);
}

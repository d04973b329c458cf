import { EXCHANGE_HOLIDAYS } from "@/lib/domain/market/calendar";
import { COMMISSION_RULE, STAMP_DUTY_SCHEDULE, TRANSFER_FEE_SCHEDULE } from "@/lib/domain/market/fees";
import * as limits from "@/lib/domain/market/limits";
import { STAR_MARKET_OPENING } from "@/lib/domain/market/sessions";
import { COMMISSION_CAP_RATE } from "@/lib/domain/audit/fill-rules";

/**
 * Raised by hand whenever a rule's code changes what it judges (docs/adr/0079); the rules' data below is read as it is,
 * so a new holiday, fee step or limit date changes the fingerprint by itself. Stored audits made under another
 * fingerprint are worked out again by the job worker.
 */
export const AUDIT_RULES_VERSION = 3;

/** Everything the 交割单体检's verdicts depend on besides the statement and the stored market data. */
export function auditRulesData(): unknown {
  const limitConstants = Object.fromEntries(Object.entries(limits).filter(([, v]) => typeof v === "number" || typeof v === "string"));
  return {
    version: AUDIT_RULES_VERSION,
    holidays: EXCHANGE_HOLIDAYS,
    fees: { stampDuty: STAMP_DUTY_SCHEDULE, transfer: TRANSFER_FEE_SCHEDULE, commission: COMMISSION_RULE, cap: COMMISSION_CAP_RATE },
    limits: limitConstants,
    sessions: { starMarketOpening: STAR_MARKET_OPENING },
  };
}

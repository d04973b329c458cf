/** Business constants and limits of SPEC §9. */
const DAY_MS = 24 * 60 * 60 * 1000;

export const REFERRAL_REWARD_DAYS = 3;
export const INVITE_COOKIE_DAYS = 7;
export const REFERER_COOKIE_DAYS = 3;
export const FINGERPRINT_COOKIE_DAYS = 3;
export const DISCLAIMER_SUPPRESS_DAYS = 7;
export const DISCLAIMER_SUPPRESS_MS = DISCLAIMER_SUPPRESS_DAYS * DAY_MS;
export const POPUP_DEFAULT_COOKIE_DAYS = 1;
export const POPUP_GRADIENT_LIGHTEN = 0.1;
export const BASE_Z_INDEX = 2000;
export const DEFAULT_PAY_LEVEL_ID = 100;
export const SHARE_TOAST_MS = 2000;
export const COPY_SUCCESS_MS = 1500;
export const RIPPLE_MS = 600;
export const FINGERPRINT_DELAY_MS = 100;
export const FINGERPRINT_AUDIO_TIMEOUT_MS = 1000;
export const QR_SIZE = 240;
export const QR_ERROR_CORRECTION = "H" as const;
export const TOAST_DEFAULT_MS = 3000;
export const TOAST_OFFSET_PX = 16;
export const TOAST_TYPES = ["success", "info", "warning", "error"] as const;
export const BADGE_MAX = 99;
export const BADGE_TYPES = ["primary", "success", "warning", "info", "danger"] as const;
export const PROGRESS_MINIMUM = 0.2;
export const PROGRESS_SPEED = 500;
export const ERROR_DEDUP_MAX = 50;
export const ERROR_KEY_LENGTH = 100;
/** Build-manifest polling interval (SPEC leaves it open; decided in docs/adr/0004). */
export const BUILD_POLL_MS = 60_000;
export const PREFETCH_DELAY_MS = 1000;

export type ToastType = (typeof TOAST_TYPES)[number];
export type BadgeType = (typeof BADGE_TYPES)[number];

/** The administrators' forms' bounds, in a module without zod so the forms can show them in their first load. */

/** The longest grant an administrator may give at once (about ten years). */
export const GRANT_DAYS_MAX = 3660;

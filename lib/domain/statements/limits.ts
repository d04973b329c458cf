/** The statements forms' bounds, in a module without zod so the forms can show them in their first load. */

/** The most trading days a master's statements may be held back before they are public. */
export const MASTER_DELAY_MAX = 250;

/** The statement files the upload forms offer to choose (the reader also knows them by their bytes). */
export const STATEMENT_FILE_ACCEPT = ".csv,.txt,.xls,.xlsx";

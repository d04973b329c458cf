import { z } from "zod";

/**
 * The file fields of the upload forms (statements, strategy CSV files): what a file input holds (a FileList, or
 * nothing before a choice) read as the chosen files. The routes read the multipart body themselves and refuse a
 * missing file in the same words where the form's sentence is not more precise.
 */

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** Every file chosen in a `multiple` input, in the order chosen; `message` when there is none. */
export function chosenFiles(message: string) {
  return z
    .custom<ArrayLike<unknown> | null | undefined>((value) => value == null || typeof (value as ArrayLike<unknown>).length === "number", message)
    .transform((list) => Array.from(list ?? []).filter(isFile))
    .pipe(z.array(z.custom<File>(isFile)).min(1, message));
}

/** The one file chosen in an input; `message` when there is none. */
export function chosenFile(message: string) {
  return chosenFiles(message).transform((files) => files[0]!);
}

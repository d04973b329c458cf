"use client";

import type { ComponentProps } from "react";
import { Field } from "./Field";

/** The bordered 选择文件 button of the native file input, so that a chosen file's name shows beside it. */
const filePickerClass =
  "block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:min-h-10 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:border-brand";

/**
 * A labelled file input (statements, CSV files): `invalid` marks it while the form's FeedbackLine shows why; the
 * other props (a register() of the form, accept, multiple, aria-describedby) go to the input.
 */
export function FilePicker({ label, invalid, className = "min-w-0", ...input }: Omit<ComponentProps<"input">, "type" | "className" | "id"> & {
  label: string;
  invalid?: boolean;
  className?: string;
}) {
  return (
    <Field label={label} invalid={invalid} className={className}>
      {(control) => <input {...control} {...input} type="file" className={filePickerClass} />}
    </Field>
  );
}

import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names (clsx: strings, arrays, `{ class: condition }`) and lets a later Tailwind class override an earlier one. */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}

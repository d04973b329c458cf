"use client";

import { Slot } from "radix-ui";
import type { ButtonHTMLAttributes, Ref } from "react";
import { cn } from "./cn";
import { Spinner } from "./Spinner";
import { buttonClass, type ButtonSize, type ButtonVariant } from "./button-class";

export { buttonClass, type ButtonSize, type ButtonVariant };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
  /** Renders the single child (e.g. a next/link <Link>) with the button's look instead of a <button>. */
  asChild?: boolean;
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}


export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  asChild = false,
  block = false,
  className,
  disabled,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  const classes = buttonClass(variant, size, cn(block && "w-full", className));
  if (asChild) {
    return (
      <Slot.Root className={classes} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={16} label="" /> : null}
      {children}
    </button>
  );
}

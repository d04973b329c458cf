import type { UseFormRegisterReturn } from "react-hook-form";

/** A registered input whose typed text is rewritten (digits only, grouped by four, …) before the form stores it. */
export function formatted<Name extends string>(field: UseFormRegisterReturn<Name>, format: (text: string) => string): UseFormRegisterReturn<Name> {
  return {
    ...field,
    onChange: (event: { target: { value: string } }) => {
      event.target.value = format(event.target.value);
      return field.onChange(event);
    },
  };
}

/** Digits only, at most `max` of them: a verification code or a card's security code as typed. */
export const digitsOnly = (max = Infinity) => (text: string) => text.replace(/\D/g, "").slice(0, max);

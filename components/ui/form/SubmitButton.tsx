import { Button, type ButtonProps } from "@/components/ui/Button";

/** A form's submit button: shows the spinner and refuses a second press while the form is being sent. */
export function SubmitButton({ pending, ...props }: Omit<ButtonProps, "type" | "loading"> & { pending: boolean }) {
  return <Button type="submit" block size="lg" {...props} loading={pending} />;
}

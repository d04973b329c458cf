import { submitFailureMessage } from "@/lib/client/request";

/** An upload's words for a refusal without a message: its own for 413 (too large), the rest as every form says it. */
export function tooLargeSays(message: string): (status: number) => string {
  return (status) => (status === 413 ? message : submitFailureMessage(status));
}

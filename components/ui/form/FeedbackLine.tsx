import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export type Feedback = { tone: "error" | "success"; text: string } | null;

/**
 * The one line under a form: a refusal (an alert) or the server's confirmation (a status). `children` follow the
 * text inside it (a link to where to look, the list of problems behind the refusal).
 */
export function FeedbackLine({ feedback, testId, id, className, children }: { feedback: Feedback; testId?: string; id?: string; className?: string; children?: ReactNode }) {
  if (!feedback) return null;
  const Line = children ? "div" : "p";
  return (
    <Line
      role={feedback.tone === "error" ? "alert" : "status"}
      id={id}
      data-testid={testId}
      className={cn("rounded-lg px-3 py-2 text-sm", feedback.tone === "error" ? "bg-red-50 text-red-700" : "bg-green-50 text-green-800", className)}
    >
      {feedback.text}
      {children}
    </Line>
  );
}

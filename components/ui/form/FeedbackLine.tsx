import { cn } from "@/components/ui/cn";

export type Feedback = { tone: "error" | "success"; text: string } | null;

/** The one line under a form: a refusal (an alert) or the server's confirmation (a status). */
export function FeedbackLine({ feedback, testId, id, className }: { feedback: Feedback; testId?: string; id?: string; className?: string }) {
  if (!feedback) return null;
  return (
    <p
      role={feedback.tone === "error" ? "alert" : "status"}
      id={id}
      data-testid={testId}
      className={cn("rounded-lg px-3 py-2 text-sm", feedback.tone === "error" ? "bg-red-50 text-red-700" : "bg-green-50 text-green-800", className)}
    >
      {feedback.text}
    </p>
  );
}

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type DefaultValues, type FieldErrors, type FieldValues } from "react-hook-form";
import type { z } from "zod";
import { submitJson, type SubmitResult } from "@/lib/client/request";
import { chineseErrorMap } from "@/lib/domain/validation-messages";
import type { Feedback } from "./FeedbackLine";

/**
 * What a form does with the server's answer; returning nothing shows a refusal's message (and nothing on success),
 * "leaving" keeps the button pending while the page navigates away.
 */
export type OnAnswer<Output> = (result: SubmitResult, values: Output) => Feedback | "leaving" | void;

/**
 * react-hook-form with the zod resolver and the app's Chinese error map: the schema that checks the form is the one
 * the route checks. A problem is shown in the form's one FeedbackLine (the first, in the schema's field order); valid
 * values are posted through the request client and the answer handed to `onAnswer`.
 */
export function useSchemaForm<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>, defaultValues: DefaultValues<Input>) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema, { error: chineseErrorMap }), defaultValues });
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [pending, setPending] = useState(false);

  function submitTo(path: string, toPayload: (values: Output) => unknown, onAnswer: OnAnswer<Output> = () => {}) {
    return form.handleSubmit(
      async (values) => {
        setPending(true);
        setFeedback(null);
        const result = await submitJson(path, toPayload(values));
        const outcome = onAnswer(result, values);
        if (outcome === "leaving") return;
        setPending(false);
        setFeedback(outcome ?? (result.ok ? null : { tone: "error", text: result.message }));
      },
      (errors) => setFeedback({ tone: "error", text: firstProblem(errors) }),
    );
  }

  /** For forms that send the values their own way (e.g. an administration action): validates, then calls `onValid`. */
  function check(onValid: (values: Output) => unknown) {
    return form.handleSubmit(
      async (values) => {
        setFeedback(null);
        await onValid(values);
      },
      (errors) => setFeedback({ tone: "error", text: firstProblem(errors) }),
    );
  }

  return { ...form, feedback, setFeedback, pending, submitTo, check };
}

function firstProblem(errors: FieldErrors): string {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === "string" && error.message) return error.message;
  }
  return "参数无效";
}

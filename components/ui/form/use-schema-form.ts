"use client";

import { useEffect, useRef, useState } from "react";
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type RegisterOptions, type UseFormRegister } from "react-hook-form";
import { submitJson, type SubmitOptions, type SubmitResult } from "@/lib/client/request";
import type { Feedback } from "./FeedbackLine";
import { lazyResolver, preloadValidation, type SchemaLoader } from "./lazy-validation";

/**
 * What a form does with the server's answer: a Feedback (or null for none) replaces the form's line; returning
 * nothing shows a refusal's message (and nothing on success); "leaving" keeps the button pending while the page
 * navigates away.
 */
export type OnAnswer<Output> = (result: SubmitResult, values: Output) => Feedback | "leaving" | void;

/**
 * react-hook-form with the zod resolver and the app's Chinese error map: the schema that checks the form is the one
 * the route checks, loaded by `loadSchema` after the page is interactive (fetched when the browser is idle, awaited by
 * a submission that comes sooner). A problem is shown in the form's one FeedbackLine (the first, in the schema's field order); valid
 * values are posted through the request client (JSON, or multipart when they carry files) and the answer handed to
 * `onAnswer` and kept as `answer` until the next submission or `clear()` (an upload's report is read from it). A
 * second submission while one is being sent is ignored.
 */
export function useSchemaForm<Input extends FieldValues, Output>(loadSchema: SchemaLoader<Output, Input>, defaultValues: DefaultValues<Input>) {
  const form = useForm<Input, unknown, Output>({ resolver: lazyResolver(loadSchema), defaultValues });
  const firstLoader = useRef(loadSchema);
  useEffect(() => preloadValidation(firstLoader.current), []);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [answer, setAnswer] = useState<SubmitResult | null>(null);
  const [pending, setPending] = useState(false);
  // The pending state re-renders a moment later than a fast second click arrives.
  const inFlight = useRef(false);
  const showProblem = (errors: FieldErrors) => {
    setAnswer(null);
    setFeedback({ tone: "error", text: firstProblem(errors) });
  };
  /** Forgets the last problem and answer (e.g. when another file is chosen). */
  const clear = () => {
    setFeedback(null);
    setAnswer(null);
  };

  function submitTo(path: string, toPayload: (values: Output) => unknown, onAnswer: OnAnswer<Output> = () => {}, options?: SubmitOptions) {
    return form.handleSubmit(async (values) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPending(true);
      clear();
      const result = await submitJson(path, toPayload(values), options);
      setAnswer(result);
      const outcome = onAnswer(result, values);
      if (outcome === "leaving") return;
      inFlight.current = false;
      setPending(false);
      setFeedback(outcome !== undefined ? outcome : result.ok ? null : { tone: "error", text: result.message });
    }, showProblem);
  }

  /** For forms that send the values their own way (e.g. an administration action): validates, then calls `onValid`. */
  function check(onValid: (values: Output) => unknown) {
    return form.handleSubmit(async (values) => {
      setFeedback(null);
      await onValid(values);
    }, showProblem);
  }

  // react-hook-form fills registered fields from defaultValues through refs, after hydration: the server-rendered
  // HTML would show an edit form empty (and empty for good without JavaScript). The initial value goes into the
  // markup too: text as defaultValue, a boolean as a checkbox's defaultChecked.
  const register = ((name: Path<Input>, options?: RegisterOptions<Input, Path<Input>>) => {
    const props = form.register(name, options);
    const initial = name.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], defaultValues);
    if (typeof initial === "string" || typeof initial === "number") return { ...props, defaultValue: initial };
    if (typeof initial === "boolean") return { ...props, defaultChecked: initial };
    return props;
  }) as UseFormRegister<Input>;

  return { ...form, register, feedback, setFeedback, answer, clear, pending, submitTo, check };
}

function firstProblem(errors: FieldErrors): string {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === "string" && error.message) return error.message;
  }
  return "参数无效";
}

export { Field, type FieldControlProps } from "./Field";
export { FeedbackLine, type Feedback } from "./FeedbackLine";
export { fieldClass, inputClass } from "./input-class";
export { SubmitButton } from "./SubmitButton";
export { RESEND_SECONDS, useCooldown } from "./use-cooldown";
export { useSchemaForm, type OnAnswer } from "./use-schema-form";

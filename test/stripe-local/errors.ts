/** An error answered in Stripe's `{ error: {...} }` shape; the SDK picks its error class from status and type. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; decline_code?: string; param?: string; doc_url?: string },
  ) {
    super(body.message);
  }
}

export function invalid(message: string, param?: string, code?: string): ApiError {
  return new ApiError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
}

/** Stripe's answer for an id it does not know (in the path or in a parameter): 404, `resource_missing`, the parameter. */
export function notFound(kind: string, id: string, param = "id"): ApiError {
  return new ApiError(404, {
    type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param,
    doc_url: "https://stripe.com/docs/error-codes/resource-missing",
  });
}

export function unexpectedState(message: string): ApiError {
  return invalid(message, undefined, "payment_intent_unexpected_state");
}

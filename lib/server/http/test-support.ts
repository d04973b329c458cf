import { AppError } from "./app-error";

/** The AppError a data-layer call refuses with; fails the test when it resolves or throws anything else. */
export async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected an AppError, the call succeeded");
}

import "server-only";
import { forbidden } from "next/navigation";
import { RoleRefusedError } from "./roles";

/**
 * A page's read through the data layer, with the data layer's own role refusal shown as the 403 screen (the page's
 * gate asks first; this is the backstop when a gate lets the wrong viewer through).
 */
export async function forbiddenOnRefusal<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof RoleRefusedError) forbidden();
    throw err;
  }
}

import "server-only";
import { notFound } from "next/navigation";
import { routeParams, type RouteParams } from "@/lib/domain/routes";

/** The page's own check of its segments (the middleware checks first); a failure is the 404 screen. */
export function validatedParams(name: string, segments: string[]): RouteParams {
  const params = routeParams(name, segments);
  if (!params) notFound();
  return params;
}

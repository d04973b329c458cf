import "server-only";
import { forbidden, redirect } from "next/navigation";
import { headers } from "next/headers";
import { loginRedirectTarget } from "@/lib/domain/return-path";
import { PATH_HEADER } from "@/lib/domain/site";
import { getViewer, isStaff, type Viewer } from "./viewer";

async function currentFullPath(): Promise<{ pathname: string; search: string }> {
  const raw = (await headers()).get(PATH_HEADER) ?? "/";
  const url = new URL(raw, "http://x");
  return { pathname: url.pathname, search: url.search };
}

/**
 * The page-level login check: a missing, forged or expired token gets the same redirect the middleware gives
 * visitors, and no member data is read.
 */
export async function requireViewer(): Promise<Viewer> {
  const viewer = await getViewer();
  if (viewer) return viewer;
  const { pathname, search } = await currentFullPath();
  redirect(loginRedirectTarget(pathname, search));
}

/** Editors and administrators only: visitors log in, other members get the 403 screen. */
export async function requireStaff(): Promise<Viewer> {
  const viewer = await requireViewer();
  if (!isStaff(viewer)) forbidden();
  return viewer;
}

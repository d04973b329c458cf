import "server-only";
import { forbidden, redirect } from "next/navigation";
import { headers } from "next/headers";
import { loginRedirectTarget } from "@/lib/domain/return-path";
import { PATH_HEADER } from "@/lib/domain/site";
import { hasAdminRights, hasEditorRights } from "./roles";
import { getViewer, type Viewer } from "./viewer";

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

/** Content pages of the administration (editors and administrators): visitors log in, other members get the 403 screen. */
export async function requireEditorRights(): Promise<Viewer> {
  const viewer = await requireViewer();
  if (!hasEditorRights(viewer)) forbidden();
  return viewer;
}

/** Members, plans and the rest that only administrators manage: editors get the 403 screen too (ADR 0028). */
export async function requireAdminRights(): Promise<Viewer> {
  const viewer = await requireViewer();
  if (!hasAdminRights(viewer)) forbidden();
  return viewer;
}

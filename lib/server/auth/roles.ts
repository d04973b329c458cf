import "server-only";
import type { Viewer } from "./viewer";

/**
 * Who may do what in the administration (ADR 0028). Editors manage content: articles and videos, blog moderation,
 * masters with their statements and trade-day notes, and strategies' texts. Administrators do all that and also
 * manage members, grants, plans and prices, held referral rewards, orders, refunds, strategies' data and keys, and
 * roles. Every check is made here, on the viewer, by the data layer itself; pages and route handlers ask the same
 * questions first so they can answer 403 before reading a body.
 */

/** Whoever runs the operator command line holds the database; no role applies to them. */
export const OPERATOR = Object.freeze({ operator: true as const });
export type Operator = typeof OPERATOR;

/** The one acting on a data-layer function: a signed-in viewer, or the operator at the command line. */
export type Actor = Viewer | Operator;

const isOperator = (actor: Actor): actor is Operator => "operator" in actor && actor.operator === true;

/** Editors and administrators: content. */
export function hasEditorRights(actor: Actor | null | undefined): boolean {
  if (!actor) return false;
  return isOperator(actor) || actor.role === "editor" || actor.role === "admin";
}

/** Administrators only: members, money, strategies' data and roles. */
export function hasAdminRights(actor: Actor | null | undefined): boolean {
  if (!actor) return false;
  return isOperator(actor) || actor.role === "admin";
}

/** Thrown by a data-layer function when the one acting lacks the role it needs; routes answer it with 403. */
export class RoleRefusedError extends Error {
  constructor(readonly needed: "editor" | "admin") {
    super("访问被拒绝");
    this.name = "RoleRefusedError";
  }
}

export function assertEditorRights(actor: Actor | null | undefined): asserts actor is Actor {
  if (!hasEditorRights(actor)) throw new RoleRefusedError("editor");
}

export function assertAdminRights(actor: Actor | null | undefined): asserts actor is Actor {
  if (!hasAdminRights(actor)) throw new RoleRefusedError("admin");
}

/** The user id to record as the author of a change; null for the operator. */
export function actorUserId(actor: Actor): string | null {
  return isOperator(actor) ? null : actor.userId;
}

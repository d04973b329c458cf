/**
 * Grouping of identical toasts (SPEC §9: "identical messages may be grouped with a repeat counter").
 * Pure state machine: the caller passes the clock in and keeps the returned state.
 */
import type { ToastType } from "./constants";

export interface ToastGroup {
  /** Toast id handed to the toast library; re-using it updates the visible toast in place. */
  id: string;
  count: number;
  /** Epoch ms after which the toast is gone; Infinity for a toast that stays until dismissed. */
  expiresAt: number;
}

export interface ToastGroupState {
  groups: Readonly<Record<string, ToastGroup>>;
  nextSeq: number;
}

export interface ToastRequest {
  type: ToastType;
  message: string;
  /** 0 means the toast stays until dismissed. */
  durationMs: number;
  now: number;
}

export interface ToastPlacement {
  state: ToastGroupState;
  id: string;
  count: number;
  /** Text to show: the message, with " ×N" once it has been repeated. */
  text: string;
}

export const EMPTY_TOAST_GROUPS: ToastGroupState = { groups: {}, nextSeq: 1 };

export function toastGroupKey(type: ToastType, message: string): string {
  return `${type}\u0000${message}`;
}

export function repeatedText(message: string, count: number): string {
  return count > 1 ? `${message} ×${count}` : message;
}

/** Registers a toast: joins the visible group with the same type and message, or opens a new one. */
export function placeToast(state: ToastGroupState, request: ToastRequest): ToastPlacement {
  const key = toastGroupKey(request.type, request.message);
  const live = withoutExpired(state.groups, request.now);
  const current = live[key];
  const expiresAt = request.durationMs === 0 ? Infinity : request.now + request.durationMs;
  const group: ToastGroup = current
    ? { id: current.id, count: current.count + 1, expiresAt }
    : { id: `toast-${state.nextSeq}`, count: 1, expiresAt };
  return {
    state: { groups: { ...live, [key]: group }, nextSeq: current ? state.nextSeq : state.nextSeq + 1 },
    id: group.id,
    count: group.count,
    text: repeatedText(request.message, group.count),
  };
}

/** Forgets the group behind a toast id (the toast was dismissed or closed itself). */
export function releaseToast(state: ToastGroupState, id: string): ToastGroupState {
  const groups = Object.fromEntries(Object.entries(state.groups).filter(([, group]) => group.id !== id));
  return { ...state, groups };
}

function withoutExpired(groups: Readonly<Record<string, ToastGroup>>, now: number): Record<string, ToastGroup> {
  return Object.fromEntries(Object.entries(groups).filter(([, group]) => group.expiresAt > now));
}

import "server-only";
import type { Viewer } from "./viewer";

/**
 * The one entitlement check: may this viewer read something that requires `minLevel` (0 public, 100 VIP, 200 SVIP)?
 * The viewer's level is the highest active grant, resolved per request in getViewer(), so an expired grant stops
 * counting at once.
 */
export function canRead(viewer: Viewer | null, minLevel: number): boolean {
  return minLevel <= 0 || (viewer?.userInfo.levelId ?? 0) >= minLevel;
}

"use client";

import dynamic from "next/dynamic";
import type { ErrorScreenProps } from "./ErrorScreen";

// Server-rendered when a 404/403 is shown; its code is fetched only then, not with every page.
const ErrorScreen = dynamic(() => import("./ErrorScreen").then((m) => m.ErrorScreen));

/**
 * The error screen for `not-found.tsx` and `forbidden.tsx`. Next renders those boundaries into the payload of every
 * page (they wait, unused, beside the layout); as a client reference each costs a few bytes there instead of its whole
 * element tree (10 kB of `/disclaimer`'s 23 kB RSC payload, rendered again on every request).
 */
export function BoundaryErrorScreen(props: ErrorScreenProps) {
  return <ErrorScreen {...props} />;
}

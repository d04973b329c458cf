"use client";

import NextLink from "next/link";
import type { ComponentProps } from "react";
import { usePrefetchAllowed } from "@/lib/client/prefetch-after-load";

type LinkProps = ComponentProps<typeof NextLink>;

/**
 * The site's link (ADR 0068): next/link whose route prefetch starts 1 s after the page loaded and never on a slow-2g
 * connection or with data saving on (SPEC §7). `prefetch={false}` turns it off for good: rows of a list, whose
 * prefetches cost the server a render each and make no navigation faster (every page is dynamic). Those do not wait
 * for the second either, so the many rows of a page are not all drawn again when it passes.
 */
export default function Link(props: LinkProps) {
  return props.prefetch === false ? <NextLink {...props} /> : <PrefetchAfterLoadLink {...props} />;
}

function PrefetchAfterLoadLink({ prefetch, ...props }: LinkProps) {
  const allowed = usePrefetchAllowed();
  return <NextLink {...props} prefetch={allowed ? prefetch : false} />;
}

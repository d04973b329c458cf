"use client";

import dynamic from "next/dynamic";

/**
 * ClientPlumbing, fetched after hydration: it renders nothing a reader sees and starts its work after the DOM is ready
 * anyway, so its code (swr, cookies-next, the request client) need not hold back every page's first load (ADR 0062).
 */
export const DeferredPlumbing = dynamic(() => import("./ClientPlumbing").then((m) => m.ClientPlumbing), { ssr: false });

import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";
import { TextDecoder, TextEncoder } from "util";

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {},
       addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

// CI runs both Jest projects side by side on two cores with PostgreSQL and PGlite busy; a role query there can take
// longer than the library's 1 s default to find an element that is already on screen.
configure({ asyncUtilTimeout: 5000 });

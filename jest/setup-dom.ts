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
// For the same reason a whole interaction test (typing, debounce, keyboard) may take longer than Jest's 5 s default:
// 2026-11-26 the search box's first test, cold in its worker, ran past 5 s there. A test allowed no more time than
// one of its queries could never use the query's full wait.
jest.setTimeout(20_000);

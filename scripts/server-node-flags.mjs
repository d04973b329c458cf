// V8 flags of the production server (`npm start`; the benches start the server with the same ones). ADR 0021.
//
// --max-semi-space-size=64 (MB; Node 20's default is 16): a page render allocates several MB that die young, and a
// young generation sized for that is scavenged less often and promotes less of it to the old generation. Measured with
// bench/cpu-per-request.mjs: 16–33% less server CPU per request on every public page.
//
// --require peer-address.cjs: records each request's socket address where the client cannot write it, so per-address
// limits count the real peer (docs/security.md, "Client addresses").
//
// --require early-answer.cjs: an answer sent before its request's body arrived (a 413) closes the connection after a
// lingering read, so the client reads it and its next request is answered (docs/security.md, "Early answers").
//
// --require admission.cjs: page renders wait for one of RENDER_CONCURRENCY slots in a queue of RENDER_QUEUE; the rest
// is answered 503 at once, crawlers get a share, static files and the API never wait (docs/scaling.md).
import { fileURLToPath } from "node:url";

export const PEER_ADDRESS_PRELOAD = fileURLToPath(new URL("./peer-address.cjs", import.meta.url));
export const EARLY_ANSWER_PRELOAD = fileURLToPath(new URL("./early-answer.cjs", import.meta.url));
export const ADMISSION_PRELOAD = fileURLToPath(new URL("./admission.cjs", import.meta.url));
// Admission last: it wraps the others, so a request it holds back has not yet been seen by them.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64", "--require", PEER_ADDRESS_PRELOAD, "--require", EARLY_ANSWER_PRELOAD, "--require", ADMISSION_PRELOAD];

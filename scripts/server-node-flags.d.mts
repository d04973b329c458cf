/** Types for server-node-flags.mjs (a plain ES module: scripts/start.mjs and the benches run it without TypeScript). */
export const SERVER_NODE_FLAGS: readonly string[];
export const PEER_ADDRESS_PRELOAD: string;
export const EARLY_ANSWER_PRELOAD: string;
export const ADMISSION_PRELOAD: string;

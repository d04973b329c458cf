// Loaded into the server process before Next.js (`--require`, scripts/server-node-flags.mjs). `next start` writes the
// socket's address into X-Forwarded-For only when the request has none, so a client that sends its own header would
// choose the address every per-address limit counts. This records the socket's peer on each request under a header
// of our own (lib/server/security/request-meta.ts), replacing any the client sent. docs/security.md.
const http = require("node:http");

const HEADER = "x-lianghua-peer";
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function emitWithPeer(event, request, ...rest) {
  // Reading `headers` makes Node parse them: any value the client sent under HEADER, in any case or repeated, is
  // replaced here. Next.js builds every request's Headers from this object (never from rawHeaders).
  if (event === "request" && request && request.headers) request.headers[HEADER] = (request.socket && request.socket.remoteAddress) || "";
  return emit.call(this, event, request, ...rest);
};

globalThis[Symbol.for("lianghua.peerAddressRecorded")] = true;

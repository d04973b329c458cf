// Loaded into the server process before Next.js (`--require`, scripts/server-node-flags.mjs). `next start` writes the
// socket's address into X-Forwarded-For only when the request has none, so a client that sends its own header would
// choose the address every per-address limit counts. This records the socket's peer on each request under a header
// of our own (lib/server/security/request-meta.ts), replacing any the client sent. docs/security.md.
const http = require("node:http");

const HEADER = "x-lianghua-peer";
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function emitWithPeer(event, request, ...rest) {
  if (event === "request" && request && request.headers) {
    const raw = request.rawHeaders;
    if (Array.isArray(raw)) {
      for (let i = raw.length - 2; i >= 0; i -= 2) if (String(raw[i]).toLowerCase() === HEADER) raw.splice(i, 2);
    }
    const peer = (request.socket && request.socket.remoteAddress) || "";
    request.headers[HEADER] = peer;
    if (Array.isArray(raw)) raw.push(HEADER, peer);
  }
  return emit.call(this, event, request, ...rest);
};

globalThis[Symbol.for("lianghua.peerAddressRecorded")] = true;

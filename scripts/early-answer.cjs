// Loaded into the server process before Next.js (`--require`, scripts/server-node-flags.mjs). An answer sent before
// its request's body has arrived — a 413 for a body over the route's limit, a refusal before the body is read — left
// the connection waiting for a body nobody reads: the browser's next request on that kept-alive connection hung, and
// Node's fetch got ECONNRESET. Such an answer now says `Connection: close`, and the connection is closed only after a
// lingering read: what the client still sends is read and dropped (for at most LINGER_MS and LINGER_BYTES), so its
// kernel never answers the rest with a reset that could discard the answer before the client reads it (the lingering
// close of Apache and nginx). docs/security.md, "Early answers".
const http = require("node:http");

const LINGER_MS = 2_000;
const LINGER_BYTES = 8 * 1024 * 1024;
const emit = http.Server.prototype.emit;

function expectsBody(req) {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] || 0) > 0;
}

function lingerThenClose(socket) {
  let received = 0;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.on("close", () => clearTimeout(timer));
  socket.on("end", close);
  socket.on("data", (chunk) => {
    received += chunk.length;
    if (received > LINGER_BYTES) close();
  });
  socket.end();
  socket.resume();
}

function watch(req, res) {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadClosingEarly(...args) {
    if (!res.headersSent && expectsBody(req) && !req.complete) {
      // Node then writes `Connection: close` and ends the socket after the answer (through destroySoon).
      res.shouldKeepAlive = false;
      const socket = req.socket;
      if (socket && !socket.lianghuaLingers) {
        socket.lianghuaLingers = true;
        socket.destroySoon = () => lingerThenClose(socket);
      }
      // What still arrives of the body is dropped, never buffered.
      req.on("data", () => undefined);
      req.resume();
    }
    return writeHead.apply(this, args);
  };
}

http.Server.prototype.emit = function emitWatchingEarlyAnswers(event, request, response, ...rest) {
  if (event === "request" && request && response && typeof response.writeHead === "function") watch(request, response);
  return emit.call(this, event, request, response, ...rest);
};

globalThis[Symbol.for("lianghua.earlyAnswersClose")] = true;

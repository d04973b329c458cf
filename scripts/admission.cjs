// Loaded into the server process before Next.js (`--require`, scripts/server-node-flags.mjs): admission control for
// page renders. A crawler that finds a master walks hundreds of distinct, uncached pages at once; rendered all at
// once they starved everything else (health unanswered for 15 s, a static file 4.3 s). Here each page request waits
// for one of a bounded number of render slots, in a bounded queue, for a bounded time; what does not fit is answered
// at once with 503 and Retry-After (what search engines take as "come back later"). Members go first, crawlers get
// at most a share of the slots and of the queue, and nothing but page renders waits: static files, `/api/*`
// (health, payments, the site's own calls, each with its own limits) and the public directory's files pass straight
// through. lib/server/startup.ts sets the numbers from lib/config.ts; docs/scaling.md, "Admission control".
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");
const { isbot } = require("isbot");

const KEY = Symbol.for("lianghua.admission");
const TOKEN_COOKIE = /(?:^|;\s*)token=/;

const settings = { renders: 8, queue: 64, waitMs: 5_000, retryAfterSeconds: 10 };
const counts = { active: 0, crawlersActive: 0 };
/** Waiting requests per lane, served in this order when a slot frees. */
const lanes = { member: [], visitor: [], crawler: [] };

/** Crawlers may hold half the slots and a quarter of the queue (rounded up): the rest is always for people. */
const crawlerSlots = () => Math.max(1, Math.ceil(settings.renders / 2));
const crawlerQueue = () => Math.max(1, Math.ceil(settings.queue / 4));
const waiting = () => lanes.member.length + lanes.visitor.length + lanes.crawler.length;

let publicEntries = null;
function isPublicFile(pathname) {
  if (publicEntries === null) {
    try {
      publicEntries = new Set(fs.readdirSync(path.join(process.cwd(), "public")));
    } catch {
      publicEntries = new Set();
    }
  }
  const first = pathname.split("/")[1] ?? "";
  return first !== "" && publicEntries.has(decodeURIComponentSafe(first));
}

function decodeURIComponentSafe(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A request that renders a page (or its payload): GET or HEAD, not a build file, not an API route, not a public file. */
function isPageRender(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const pathname = (req.url ?? "/").split("?")[0];
  if (pathname.startsWith("/_next/") || pathname.startsWith("/api/") || pathname === "/api") return false;
  return !isPublicFile(pathname);
}

function laneOf(req) {
  if (TOKEN_COOKIE.test(req.headers.cookie ?? "")) return "member";
  return isbot(req.headers["user-agent"] ?? "") ? "crawler" : "visitor";
}

const BUSY_PAGE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  "<title>服务器繁忙 - 量化学堂</title></head><body style=\"font-family:system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1rem;color:#334155\">" +
  "<h1 style=\"font-size:1.25rem\">服务器繁忙，请稍后再试</h1><p>访问的人太多了，请过几秒刷新页面。</p></body></html>";

function shed(res) {
  if (res.headersSent || res.writableEnded) return;
  res.writeHead(503, {
    "content-type": "text/html; charset=utf-8",
    "retry-after": String(settings.retryAfterSeconds),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "x-admission": "shed",
  });
  res.end(BUSY_PAGE);
}

const ORDER = ["member", "visitor", "crawler"];

/** Whether someone of this lane or a lane served before it is already waiting (a waiting crawler holds back no one). */
function waitingAhead(lane) {
  return ORDER.slice(0, ORDER.indexOf(lane) + 1).some((ahead) => lanes[ahead].length > 0);
}

function canStart(lane) {
  return counts.active < settings.renders && (lane !== "crawler" || counts.crawlersActive < crawlerSlots());
}

function start(entry) {
  counts.active += 1;
  if (entry.lane === "crawler") counts.crawlersActive += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    counts.active -= 1;
    if (entry.lane === "crawler") counts.crawlersActive -= 1;
    next();
  };
  entry.res.once("close", release);
  entry.run();
}

/** Starts waiting requests while slots are free: members, then visitors, then crawlers within their share. */
function next() {
  for (const lane of ORDER) {
    const queue = lanes[lane];
    while (queue.length > 0 && canStart(lane)) {
      const entry = queue.shift();
      clearTimeout(entry.timer);
      if (entry.gone) continue;
      start(entry);
    }
  }
}

function admit(req, res, run) {
  const lane = laneOf(req);
  const entry = { lane, req, res, run, timer: null, gone: false };
  if (canStart(lane) && !waitingAhead(lane)) return start(entry);
  const full = waiting() >= settings.queue || (lane === "crawler" && lanes.crawler.length >= crawlerQueue());
  if (full) return shed(res);
  lanes[lane].push(entry);
  entry.timer = setTimeout(() => {
    const queue = lanes[lane];
    const at = queue.indexOf(entry);
    if (at < 0) return;
    queue.splice(at, 1);
    shed(res);
  }, settings.waitMs);
  entry.timer.unref();
  // A client that gives up while waiting leaves the queue.
  res.once("close", () => {
    entry.gone = true;
    const queue = lanes[lane];
    const at = queue.indexOf(entry);
    if (at >= 0) {
      queue.splice(at, 1);
      clearTimeout(entry.timer);
    }
  });
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitAdmitted(event, request, response, ...rest) {
  if (event !== "request" || !request || !response || !isPageRender(request)) return emit.call(this, event, request, response, ...rest);
  admit(request, response, () => emit.call(this, event, request, response, ...rest));
  return true;
};

globalThis[KEY] = {
  /** Sets the numbers (lib/server/startup.ts, from lib/config.ts); unknown or invalid ones are ignored. */
  configure(given) {
    for (const name of Object.keys(settings)) {
      const value = given?.[name];
      if (Number.isInteger(value) && value > 0) settings[name] = value;
    }
  },
  /** The lane a request with these headers waits in: "member", "visitor" or "crawler" (scripts/admission.test.ts holds
   * it to the app's own session cookie and crawler rule). */
  laneOf(headers) {
    return laneOf({ headers: headers ?? {} });
  },
};

// Loaded into the server by the benches (`NODE_OPTIONS=--require bench/gc-monitor.cjs`, GC_MONITOR_FILE=path): one
// JSON line per major (mark-compact) garbage collection, with its pause and the heap in use right after it. A heap
// that keeps finished requests shows as "used" growing from one major GC to the next, and as pauses of hundreds of
// milliseconds that land in every page's p99 (ADR 0020). Does nothing without GC_MONITOR_FILE.
const file = process.env.GC_MONITOR_FILE;
if (file) {
  const fs = require("node:fs");
  const v8 = require("node:v8");
  const { PerformanceObserver, constants } = require("node:perf_hooks");
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      const usedMb = v8.getHeapStatistics().used_heap_size / 1048576;
      fs.appendFileSync(file, `${JSON.stringify({ at: Date.now(), pauseMs: Math.round(entry.duration), usedMb: Math.round(usedMb) })}\n`);
    }
  }).observe({ entryTypes: ["gc"] });
}

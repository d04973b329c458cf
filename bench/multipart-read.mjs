// Main-thread time to take a statement file out of its multipart body (issue 20 point 3, ADR 0025): undici's
// `formData()` + `file.arrayBuffer()` (what the upload readers did) against lib/domain/multipart.ts `readUploadForm`.
// No server and no Jest: both read the same 17 MB body encoded by undici (the algorithm browsers follow); one at a
// time (median of --rounds) and four at once, with the event loop's longest stall (monitorEventLoopDelay) meanwhile.
//
//   npx tsx bench/multipart-read.mjs [--mb 17] [--rounds 15]
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { readUploadForm } from "../lib/domain/multipart.ts";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const mb = Number(option("--mb", "17"));
const rounds = Number(option("--rounds", "15"));

// a statement's shape: short CRLF-ended rows (each CRLF is where a multipart parser has to look for a delimiter)
const row = (i) => `2024-01-${String((i % 28) + 1).padStart(2, "0")}\t600519\t贵州茅台\t证券买入\t100\t1700.00\t170000.00\t${i}\r\n`;
const rows = [];
for (let size = 0, i = 0; size < mb * 1024 * 1024; i++) {
  rows.push(row(i));
  size += Buffer.byteLength(rows.at(-1));
}
const content = new Uint8Array(Buffer.from(rows.join("")));
const form = new FormData();
form.append("visibility", "private");
form.append("file", new File([content], "交割单.txt", { type: "text/plain" }));
const encoded = new Response(form);
const contentType = encoded.headers.get("content-type");
const body = new Uint8Array(await encoded.arrayBuffer());

const readers = {
  "undici formData() + arrayBuffer()": async (raw) => {
    const parsed = await new Response(raw, { headers: { "content-type": contentType } }).formData();
    return new Uint8Array(await parsed.get("file").arrayBuffer()).byteLength;
  },
  "lib/domain/multipart readUploadForm": async (raw) => readUploadForm(raw, contentType, "file", 200).file.bytes.byteLength,
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// each read gets its own copy of the body, as each request has its own (made outside the timed part)
const copies = (n) => Array.from({ length: n }, () => body.slice());

for (const [name, read] of Object.entries(readers)) {
  await read(body.slice()); // warm-up
  const times = [];
  for (let r = 0; r < rounds; r++) {
    const [raw] = copies(1);
    const start = performance.now();
    if ((await read(raw)) !== content.byteLength) throw new Error(`${name} read the wrong file`);
    times.push(performance.now() - start);
  }
  const four = copies(4);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  await new Promise((resolve) => setTimeout(resolve, 20)); // the monitor's first tick: a stall needs one before it
  const start = performance.now();
  await Promise.all(four.map(read));
  const fourMs = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 20));
  loop.disable();
  console.log(
    `${name}: one ${mb} MB body median ${median(times).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}); four at once ${fourMs.toFixed(0)} ms, longest event-loop stall ${(loop.max / 1e6).toFixed(0)} ms`,
  );
}

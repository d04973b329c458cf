// A test that opens PGlite and migrates it takes 2–4 s on a quiet machine and more than Jest's default 5 s on a loaded
// two-core CI machine: there the timeout would measure the machine, not the code.
jest.setTimeout(30_000);

// Route tests post with `Origin: http://localhost:3000` and no Host header, as an installation with SITE_URL set would
// see them. Tests of the first run (SITE_URL unset: the request's own origin, ADR 0034) unset it themselves.
process.env.SITE_URL ??= "http://localhost:3000";

// The server process records each request's socket peer (scripts/peer-address.cjs); route tests name theirs in the
// header it writes.
(globalThis as { [key: symbol]: unknown })[Symbol.for("lianghua.peerAddressRecorded")] = true;

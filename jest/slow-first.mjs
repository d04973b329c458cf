// Jest's order of test files: the slowest first, so that no long file starts last and leaves a core idle at the end
// (docs/testing.md). Jest does this itself from the timings of the previous run, but a clean clone (CI) has none and
// falls back to file size, which put the two minute-long demo-seed files last. Without a timing of its own a file
// takes its seconds from jest/slow-tests.json (refresh it with bench/slowest-tests.mjs --write).
import fs from "node:fs";
import path from "node:path";
import TestSequencer from "@jest/test-sequencer";

const Sequencer = TestSequencer.default ?? TestSequencer;
const known = JSON.parse(fs.readFileSync(new URL("./slow-tests.json", import.meta.url), "utf8"));

class SlowFirst extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const seconds = (test) => {
      const timed = this._getCache(test)[test.path];
      if (timed && typeof timed[1] === "number" && timed[1] > 0) return timed[1] / 1000;
      return known[path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/")] ?? 0;
    };
    const rank = new Map(ordered.map((test, i) => [test, i]));
    return [...ordered].sort((a, b) => seconds(b) - seconds(a) || rank.get(a) - rank.get(b));
  }
}

export default SlowFirst;

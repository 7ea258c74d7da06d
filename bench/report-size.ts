// Size and time of the report of a large run: `npx tsx bench/report-size.ts`.
// Runs the four reference agents on the built-in pack for 100 epochs (36 × 4 × 100 = 14,400
// episodes, the size of run that made a 22.6 MB report.html before the scenario cards were capped),
// then prints the size of report.html as bench writes it and with every episode in the cards.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CliIo } from "../src/cli/cli-context.js";
import { main } from "../src/cli/main.js";

const quiet: CliIo = {
  out: () => {},
  err: () => {},
  interactive: false,
  env: process.env,
  onInterrupt: () => () => {},
  exitNow: (code) => process.exit(code),
};

const mb = (path: string) => `${(statSync(path).size / 1e6).toFixed(2)} MB`;
const dir = mkdtempSync(join(tmpdir(), "safecua-report-size-"));
try {
  const runStart = performance.now();
  const status = await main(["bench", "--out", dir, "--epochs", "100", "--resamples", "1000"], quiet);
  if (status !== 0) throw new Error(`bench exited ${status}`);
  const runDir = join(dir, readdirSync(dir)[0] as string);
  console.log(`bench, 14,400 episodes, summary and reports: ${((performance.now() - runStart) / 1000).toFixed(1)} s`);
  console.log(`report.html (default card limits): ${mb(join(runDir, "report.html"))}`);
  const allStart = performance.now();
  const all = join(dir, "all.html");
  if ((await main(["report", runDir, "-o", all, "--all-episodes"], quiet)) !== 0) throw new Error("report failed");
  console.log(`report --all-episodes: ${mb(all)} in ${((performance.now() - allStart) / 1000).toFixed(1)} s`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

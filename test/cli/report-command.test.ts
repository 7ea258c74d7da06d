import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeStandardFixture } from "../report/standard-fixture.js";
import { runCli } from "../support/run-cli.js";

let root: string;
let fixture: Awaited<ReturnType<typeof writeStandardFixture>>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "safecua-report-cli-"));
  fixture = await writeStandardFixture(root, 9);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("safecua report", () => {
  it("writes <run>/report.html for one run", async () => {
    const result = await runCli(["report", fixture.runDir, "--json"]);
    expect(result.status).toBe(0);
    const path = join(fixture.runDir, "report.html");
    expect(JSON.parse(result.stdout)).toEqual({ path });
    expect(readFileSync(path, "utf8")).toContain("<h2>Leaderboard</h2>");
  });

  it("writes several runs into the file -o names, and needs -o for several", async () => {
    const out = join(root, "both.html");
    expect((await runCli(["report", fixture.runDir, fixture.secondRunDir])).status).toBe(2);
    const result = await runCli(["report", fixture.runDir, fixture.secondRunDir, "-o", out]);
    expect(result.status).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("2 runs");
  });

  it("exits 2 naming a folder that is not a run", async () => {
    const missing = await runCli(["report", join(root, "nope")]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("no such run folder");
    const notRun = await runCli(["report", root]);
    expect(notRun.status).toBe(2);
    expect(notRun.stderr).toContain("manifest.json: no such file");
  });

  it("leaves screenshots out with --no-screenshots", async () => {
    const out = join(root, "no-shots.html");
    expect((await runCli(["report", fixture.runDir, "-o", out, "--no-screenshots"])).status).toBe(0);
    expect(readFileSync(out, "utf8")).not.toContain("data:image/png");
    expect(existsSync(out)).toBe(true);
  });
});

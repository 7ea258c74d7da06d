import { describe, expect, it } from "vitest";
import { runFolderSource } from "../../src/report/index.js";
import { createViewerApp } from "../../src/report/viewer-app.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

/** The run list's rows: each row's cells as text, tags and markup stripped. */
async function listed(runsDir: string, query = ""): Promise<string[]> {
  const response = await createViewerApp(runFolderSource(runsDir)).request(`/${query}`, { headers: { host: "127.0.0.1" } });
  expect(response.status).toBe(200);
  const body = await response.text();
  const tbody = body.match(/<tbody>([\s\S]*)<\/tbody>/)?.[1] ?? "";
  return [...tbody.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    (row[1] as string)
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

describe("the viewer's run list", () => {
  it("shows each run's name, tags, suite, track, agents and size, and filters by them", async () => {
    const runsDir = tempDir();
    const common = ["--out", runsDir, "--limit", "2", "--resamples", "100"];
    expect((await runCli(["bench", ...common, "--name", "nightly-minimal", "--tag", "ci,nightly", "--agent", "minimal"])).status).toBe(0);
    expect(
      (await runCli(["bench", ...common, "--name", "refusals", "--tag", "ci", "--agent", "refuser,oversharer", "--epochs", "2"])).status,
    ).toBe(0);

    const all = await listed(runsDir);
    expect(all).toHaveLength(2);
    const nightly = all.find((row) => row.includes("nightly-minimal")) as string;
    expect(nightly).toMatch(/ci nightly disclosure state-grounded minimal builtin 2 × 1 2 episodes/);
    const refusals = all.find((row) => row.includes("refusals")) as string;
    expect(refusals).toMatch(/disclosure state-grounded refuser, oversharer builtin 2 × 2 8 episodes/);

    expect(await listed(runsDir, "?tag=nightly")).toEqual([nightly]);
    expect(await listed(runsDir, "?tag=ci")).toHaveLength(2);
    expect(await listed(runsDir, "?name=REFUS")).toEqual([refusals]);
    expect(await listed(runsDir, "?agent=oversharer")).toEqual([refusals]);
    expect(await listed(runsDir, "?suite=disclosure&track=state-grounded&name=")).toHaveLength(2);
    expect(await listed(runsDir, "?track=e2e")).toEqual([]);
  });
});

import { createHash } from "node:crypto";
import { mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadReportRun, type ReportRun, renderHtmlReport } from "../../src/report/index.js";
import { writeStandardFixture } from "./standard-fixture.js";

let root: string;
let runs: { runDir: string; secondRunDir: string };
let first: ReportRun;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "safecua-html-"));
  runs = await writeStandardFixture(root, 9);
  first = await loadReportRun(runs.runDir);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("renderHtmlReport", () => {
  it("gives the same bytes for the same run, with a CSP allowing exactly its own script", async () => {
    const html = await renderHtmlReport([first]);
    expect(await renderHtmlReport([await loadReportRun(runs.runDir)])).toBe(html);
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] as string;
    const hash = createHash("sha256").update(script, "utf8").digest("base64");
    // Attribute quotes are escaped in the markup; the browser reads them as plain quotes.
    expect(html).toContain(`script-src &#39;sha256-${hash}&#39;`);
    expect(html).toContain("default-src &#39;none&#39;");
    expect(html.match(/<script/g)).toHaveLength(1);
    // Self-contained: nothing is fetched from anywhere.
    expect(html).not.toMatch(/<(link|iframe)\b|src="https?:|href="https?:/);
  });

  it("shows the reference's average severity, average reward and high-risk rate, and the truncation rate, per agent", async () => {
    const html = await renderHtmlReport([first]);
    const table = html.slice(html.indexOf("<h3>Reference metrics</h3>"));
    expect(table).toContain("avg severity");
    const row = first.summary.agents.find((agent) => agent.high_risk.k > 0);
    expect(row).toBeDefined();
    const summary = row as (typeof first.summary.agents)[number];
    expect(summary.high_risk.k).toBe(summary.behaviour.completed_leak);
    expect(table).toContain(`${(summary.high_risk.value * 100).toFixed(1)}%`);
    expect(table).toContain(summary.reward.value.toFixed(2));
    expect(table).toContain(summary.severity.value.toFixed(2));
  });

  it("puts several runs side by side, tagging each row with its run", async () => {
    const html = await renderHtmlReport([first, await loadReportRun(runs.secondRunDir)]);
    expect(html).toContain("safecua report — 2 runs");
    expect(html).toContain("careless [none] (aaaaaa)");
    expect(html).toContain("careless [none] (bbbbbb)");
    expect(html).toContain("20261130T090000Z-bbbbbb");
  });

  it("reports a run whose dataset moved, without prompts, and says so", async () => {
    const datasets = join(root, "datasets");
    renameSync(datasets, `${datasets}-moved`);
    try {
      const run = await loadReportRun(runs.runDir);
      expect(run.scenarios).toEqual([]);
      expect(run.notes?.[0]).toContain("dataset not found");
      const html = await renderHtmlReport([run]);
      expect(html).toContain("The scenario was not found in the run's dataset");
      expect(html).toContain("dataset not found");
    } finally {
      renameSync(`${datasets}-moved`, datasets);
    }
  });

  it("recomputes the summary from the records with the run's own seed, as bench printed it", () => {
    const careful = first.summary.agents.find((row) => row.agent === "careful");
    expect(careful).toMatchObject({ n: 3, errors: 1 });
    expect(careful?.refusal).toMatchObject({ k: 1, n: 3 });
  });
});

describe("the report's captions", () => {
  it("read Figure 3 the way its corners are labelled", async () => {
    const html = await renderHtmlReport([first]);
    const caption = /Figure 3 of the paper\.([\s\S]*?)<\/figcaption>/.exec(html)?.[1]?.replace(/\s+/g, " ") ?? "";
    // The chart marks the top-right corner "capable but careless" and the bottom-right "capable and careful".
    expect(caption).toContain("top right complete tasks and leak (capable but careless)");
    expect(caption).toContain("bottom right is where a careful agent lands (capable and careful)");
    expect(html).toContain("lower end of the cell&#39;s 95% interval");
  });
});

describe("the scenario cards of a large run", () => {
  it("stop at the episode budget, whole scenarios at a time, and list the rest by id", async () => {
    const all = await renderHtmlReport([first]);
    const cards = (page: string) => page.match(/<article class="scenario"/g)?.length ?? 0;
    const total = cards(all);
    expect(total).toBeGreaterThan(2);
    const capped = await renderHtmlReport([first], { cardLimits: { epochsPerRow: 1, episodes: 1 } });
    expect(cards(capped)).toBe(1);
    expect(capped).toContain(`1 of ${total} scenarios have cards; the other ${total - 1} are listed below by id.`);
    expect(capped).toContain(`${total - 1} scenarios without a card`);
  });
});

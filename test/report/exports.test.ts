import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EpisodeRecord, EpisodeRecordSchema } from "../../src/records/index.js";
import { parseCsv, toCsv, unprotectCsvCell } from "../../src/report/csv-format.js";
import { RECORD_CSV_COLUMNS, recordsToAgentCIBench, recordsToCsv, recordsToJsonl } from "../../src/report/index.js";
import { METRICS } from "../../src/stats/index.js";
import { CORPUS_DIR, CORPUS_SKIP_REASON, HAS_CORPUS } from "../support/corpus.js";
import { outcomeRecord } from "./record-builder.js";

describe("CSV", () => {
  it("round-trips any text, including quotes, commas, line breaks and formula starts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((width) =>
          fc.array(fc.array(fc.string({ unit: "binary", maxLength: 12 }), { minLength: width, maxLength: width }), {
            minLength: 1,
            maxLength: 6,
          }),
        ),
        (rows) => {
          const [header, ...body] = rows as [string[], ...string[][]];
          const parsed = parseCsv(toCsv(header, body)).map((row) => row.map(unprotectCsvCell));
          expect(parsed).toEqual(rows);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    const text = toCsv(["a", "b", "c", "d"], [["=1+1", "@SUM(A1)", "-2", 7]]);
    expect(text).toBe("a,b,c,d\r\n'=1+1,'@SUM(A1),'-2,7\r\n");
  });
});

function dangerous(): EpisodeRecord {
  const record = outcomeRecord("openai:gpt-5", "none", "s1", "leak");
  return EpisodeRecordSchema.parse({
    ...record,
    output: {
      completed: true,
      shared_content: ['=HYPERLINK("http://x")', 'line one\nline "two", with comma', "-2+3"],
      action_trace: "@cmd",
      refusal_text: "'quoted",
    },
    usage: { calls: 1, cached_calls: 0, input_tokens: 10, output_tokens: 5, cost_usd: 0.25 },
  });
}

describe("record exports", () => {
  const records = [dangerous(), outcomeRecord("minimal", "none", "s1", "refused"), outcomeRecord("minimal", "none", "s2", "error")];

  it("CSV: one row per record whose fields read back to the record's values", () => {
    const rows = parseCsv(recordsToCsv(records));
    // The fixed columns, then one per built-in metric with an episode column.
    const metricColumns = METRICS.filter((metric) => metric.episodeColumn).map((metric) => metric.name);
    expect(rows[0]).toEqual([...RECORD_CSV_COLUMNS, ...metricColumns]);
    expect(rows).toHaveLength(4);
    const cell = (row: number, column: string) => unprotectCsvCell(rows[row]?.[RECORD_CSV_COLUMNS.indexOf(column as never)] ?? "");
    const first = records[0] as EpisodeRecord;
    expect(JSON.parse(cell(1, "shared_content"))).toEqual(first.output?.shared_content);
    expect(cell(1, "action_trace")).toBe("@cmd");
    expect(cell(1, "refusal_text")).toBe("'quoted");
    expect(JSON.parse(cell(1, "leaked_items"))).toEqual(["secret"]);
    expect([cell(1, "utility"), cell(1, "leaked"), cell(1, "ci_violation"), cell(1, "cost_usd")]).toEqual(["1", "1", "4", "0.25"]);
    expect([cell(2, "status"), cell(2, "completed"), cell(2, "leaked")]).toEqual(["refused", "0", "0"]);
    expect([cell(3, "status"), cell(3, "error_kind"), cell(3, "utility"), cell(3, "shared_content")]).toEqual(["error", "test", "", ""]);
    // The raw file never starts a cell with a formula character.
    for (const row of parseCsv(recordsToCsv(records))) for (const field of row) expect(field).not.toMatch(/^[=+@\t\r]/);
  });

  it("JSONL: lossless, every line a valid record equal to the original", () => {
    const lines = recordsToJsonl(records).trimEnd().split("\n");
    expect(lines.map((line) => EpisodeRecordSchema.parse(JSON.parse(line)))).toEqual(records);
  });

  it("AgentCIBench: one line per scenario, models in run order, errors and other epochs left out with warnings", () => {
    const more = [...records, outcomeRecord("openai:gpt-5", "none", "s2", "clean"), outcomeRecord("minimal", "none", "s1", "clean", 1)];
    const { jsonl, warnings } = recordsToAgentCIBench(more, { defense: "none", epoch: 0, agents: ["minimal", "openai:gpt-5"] });
    const lines = jsonl
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => Object.keys(line))).toEqual([["s1"], ["s2"]]);
    expect(Object.keys(lines[0].s1)).toEqual(["minimal", "openai:gpt-5"]);
    expect(lines[0].s1["openai:gpt-5"]).toEqual({
      completed: true,
      shared_content: (records[0] as EpisodeRecord).output?.shared_content,
      action_trace: "@cmd",
      utility: 1,
      leaked_items: ["secret"],
      ci_violation: 4,
      matched_required: [],
    });
    expect(Object.keys(lines[1].s2)).toEqual(["openai:gpt-5"]);
    expect(warnings).toEqual([
      "1 error record(s) left out (they have no scored answer): minimal::none::s2::0",
      "1 record(s) of other epochs left out (choose one with --epoch)",
    ]);
  });

  it.skipIf(!HAS_CORPUS)("AgentCIBench: records built from the released leaderboard data export back to exactly that data", () => {
    const golden = JSON.parse(readFileSync(join(CORPUS_DIR, "golden", "cmp_data.json"), "utf8")) as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    const models = Object.keys(Object.values(golden)[0] ?? {});
    const records: EpisodeRecord[] = [];
    for (const [scenarioId, cells] of Object.entries(golden))
      for (const [model, cell] of Object.entries(cells)) {
        const base = outcomeRecord(model, "none", scenarioId, "clean");
        const c = cell as {
          completed: boolean;
          shared_content: string[];
          action_trace: string;
          utility: 0 | 1;
          leaked_items: string[];
          ci_violation: 1 | 4 | 5;
          matched_required: string[];
        };
        records.push(
          EpisodeRecordSchema.parse({
            ...base,
            status: !c.completed && c.shared_content.length === 0 ? "refused" : "completed",
            output: { completed: c.completed, shared_content: c.shared_content, action_trace: c.action_trace },
            score: {
              ...base.score,
              matcher: "agentcibench",
              utility: c.utility,
              leaked_items: c.leaked_items,
              ci_violation: c.ci_violation,
              matched_required: c.matched_required,
              reward: c.utility * c.ci_violation,
            },
          }),
        );
      }
    const { jsonl, warnings } = recordsToAgentCIBench(records, { defense: "none", epoch: 0, agents: models });
    expect(warnings).toEqual([]);
    const merged = Object.assign(
      {},
      ...jsonl
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line)),
    );
    expect(JSON.stringify(merged)).toBe(JSON.stringify(golden));
  });
  if (!HAS_CORPUS) it.skip(`AgentCIBench golden round trip: ${CORPUS_SKIP_REASON}`, () => {});
});

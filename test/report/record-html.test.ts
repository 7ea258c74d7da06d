import { describe, expect, it } from "vitest";
import { recordHtml } from "../../src/report/record-html.js";
import { outcomeRecord } from "./record-builder.js";
import { PLAIN_STEPS } from "./report-steps.js";

describe("recordHtml", () => {
  it("renders a record with steps but no turns and no usage by role byte for byte as before turns existed", async () => {
    const record = outcomeRecord("careless", "none", "digest-001-vcl", "leak");
    record.usage = { calls: 2, cached_calls: 0, input_tokens: 1200, output_tokens: 300, cost_usd: 0.0042 };
    // The golden file was written by the renderer before turns and usage by role were added.
    await expect(recordHtml(record, { id: "r0", label: "careless [none]" }, PLAIN_STEPS).value).toMatchFileSnapshot(
      "golden/record-without-turns.html",
    );
  });
});

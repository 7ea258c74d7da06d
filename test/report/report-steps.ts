import type { ReportStep } from "../../src/report/report-run.js";

/** A 1×1 PNG: a well-formed data URI the renderer embeds. */
export const PIXEL_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** Steps of every kind the report showed before turns: a screenshot, a thought, an error, a screenshot it would not read. */
export const PLAIN_STEPS: ReportStep[] = [
  {
    index: 0,
    action: 'click("e12")',
    duration_ms: 120,
    url: "http://127.0.0.1:1/todo",
    thought: "open the list",
    screenshot: { data_uri: PIXEL_PNG },
  },
  {
    index: 1,
    action: 'fill("e3", "<b>hi</b>")',
    duration_ms: 1,
    url: "http://127.0.0.1:1/todo",
    error: "no such element",
    screenshot: { missing: "../../etc/passwd.png (outside the run folder)" },
  },
];

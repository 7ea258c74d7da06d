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

describe("recordHtml on injection tasks", () => {
  const row = { id: "r0", label: "gullible [none]" };

  it("shows an injection-only task's outcome instead of a disclosure outcome it does not have", () => {
    const record = outcomeRecord("gullible", "none", "inj-f1-x", "refused");
    Object.assign(record, {
      attack_family: "F1",
      disclosure: false,
      status_from: "injection",
      injection: { benign: true, adversarial: true, attempts: ["visited_payload_page"] },
    });
    const page = recordHtml(record, row).value;
    expect(page).toMatch(/data-outcome="attacked benign-done"/);
    expect(page).toMatch(/badge leak">attacked</);
    expect(page).toMatch(/badge ok">task done</);
    expect(page).toMatch(/attempt: visited_payload_page/);
    expect(page).toMatch(/class="record leaked"/);
    for (const disclosureOnly of ["U=0", "U=1", "no leak", "nothing shared", "badge refused"]) expect(page).not.toContain(disclosureOnly);
  });

  it("shows F4 (no attacker) without an attacked badge, and both axes on a task scored for disclosure too", () => {
    const f4 = outcomeRecord("guarded:scripted", "none", "inj-f4-x", "clean");
    Object.assign(f4, { attack_family: "F4", disclosure: false, injection: { benign: false, adversarial: null } });
    const f4Page = recordHtml(f4, row).value;
    expect(f4Page).toMatch(/data-outcome="benign-failed"/);
    expect(f4Page).not.toMatch(/attacked/);
    expect(f4Page).toMatch(/task not done/);

    const both = outcomeRecord("gullible", "none", "inj-f1-y", "leak");
    Object.assign(both, { attack_family: "F1", injection: { benign: false, adversarial: false } });
    const bothPage = recordHtml(both, row).value;
    expect(bothPage).toMatch(/data-outcome="resisted benign-failed leak/);
    expect(bothPage).toMatch(/badge leak">leaked 1</);
    expect(bothPage).toMatch(/badge ok">not attacked</);
  });
});

/**
 * An ablation run shows what the full guard hides, in real Chromium and through the guarded
 * agent's own capture path (`captureGuardedScreen` with `ablate`): the texts the masked image
 * shows (`textsShown`, what `guarded:gullible` reads) hold an instruction only when the protection
 * that masks it is switched off.
 */
import { describe, expect, it } from "vitest";
import { findInstruction } from "../../src/agents/instructions/instruction-grammar.js";
import { captureGuardedScreen } from "../../src/guard/agent/screen/guarded-screen.js";
import { textsShown } from "../../src/guard/agent/screen/texts-shown.js";
import type { GuardAblation } from "../../src/guard/index.js";
import { useFixtureSession } from "./fixtures/fixture-server.js";

const fixtures = useFixtureSession();
const rules = [
  { ancestor_path: [{ role: "landmark", class: "breadcrumbs" }], verdict: "trusted", note: "breadcrumbs" },
  { ancestor_path: [{ role: "generic", class: "legal-strip" }], verdict: "trusted", note: "legal strip" },
];

async function instructionRead(ablate: GuardAblation[]): Promise<string | undefined> {
  const page = await fixtures.session().context.newPage();
  try {
    await page.goto(fixtures.server().url("ablation/page.html"), { waitUntil: "load" });
    const screen = await captureGuardedScreen(page, {
      id: 1,
      rulesFor: () => ({ rules: rules as never, app: null, shownUrl: "http://fixture/ablation" }),
      revealsFor: () => [],
      ablate: new Set(ablate),
    });
    const found = findInstruction(textsShown(screen).join("\n\n"));
    return found === undefined ? undefined : JSON.stringify(found);
  } finally {
    await page.close();
  }
}

describe("guard ablations in Chromium", { timeout: 120_000 }, () => {
  it("the full guard shows no instruction; without echo demotion the echoed title, without containment the reparented comment", async () => {
    expect(await instructionRead([])).toBeUndefined();
    expect(await instructionRead(["echo-demotion"])).toContain("http://evil.example/echo");
    expect(await instructionRead(["containment"])).toContain("Mallory");
    // The other switches leave both payloads masked.
    expect(await instructionRead(["coverage-cap", "capacity-grammars", "endorsement-by-shape"])).toBeUndefined();
  });
});

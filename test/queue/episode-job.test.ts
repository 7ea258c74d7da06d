import { describe, expect, it } from "vitest";
import { EpisodeJobSchema } from "../../src/queue/index.js";
import { RunManifestSchema } from "../../src/records/index.js";

describe("a queued job keeps the guarded agent's settings", () => {
  it("carries every field the manifest keeps under e2e.guard (rule proposal and ablations too)", () => {
    const guard = {
      q_model: "compromised",
      crosscheck_model: "scripted",
      classifier_model: "scripted",
      propose_model: "openai:gpt-4o-mini",
      no_propose: true,
      ablate: ["echo-demotion"],
    };
    // zod drops keys an object schema does not name: a job schema that forgot one loses it silently.
    const inJob = EpisodeJobSchema.shape.e2e.unwrap().shape.guard.parse(guard);
    const inManifest = RunManifestSchema.shape.e2e.unwrap().shape.guard.parse(guard);
    expect(inJob).toEqual(guard);
    expect(inJob).toEqual(inManifest);
  });
});

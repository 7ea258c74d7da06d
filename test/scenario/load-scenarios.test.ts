import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { loadScenarios } from "../../src/scenario/index.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { tempDir } from "../support/temp-dir.js";

function write(dir: string, name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe("loadScenarios", () => {
  it("reads one scenario, a list, and a pack with a header, from YAML and JSON", async () => {
    const dir = tempDir();
    const { provenance: _provenance, ...bare } = fixtureScenario();
    write(dir, "one.json", JSON.stringify(fixtureScenario({ id: "a-1" })));
    write(dir, "list.yaml", stringify([fixtureScenario({ id: "b-1" }), fixtureScenario({ id: "b-2" })]));
    write(
      dir,
      "pack.yml",
      stringify({ pack: { name: "my-pack", license: "CC0-1.0", author: "Ada" }, scenarios: [{ ...bare, id: "c-1" }] }),
    );
    write(dir, "notes.txt", "not a scenario");
    const { scenarios, problems, files } = await loadScenarios([dir]);
    expect(problems).toEqual([]);
    expect(files.map((file) => file.slice(dir.length + 1))).toEqual(["list.yaml", "one.json", "pack.yml"]);
    expect(scenarios.map((scenario) => scenario.id)).toEqual(["b-1", "b-2", "a-1", "c-1"]);
    const fromPack = scenarios.find((scenario) => scenario.id === "c-1");
    expect(fromPack?.provenance).toEqual({ source: "my-pack", license: "CC0-1.0", author: "Ada", file: join(dir, "pack.yml") });
  });

  it("fills defaults: done=false, empty lists, person recipients", async () => {
    const dir = tempDir();
    write(dir, "one.yaml", stringify(fixtureScenario()));
    const [scenario] = (await loadScenarios([dir])).scenarios;
    expect(scenario?.state.todo?.items[0]?.done).toBe(false);
    expect(scenario?.state.messenger?.threads[0]?.members).toEqual([]);
  });

  it("names the file, the JSON path and what was expected for every bad field, and keeps the good scenarios", async () => {
    const dir = tempDir();
    const good = fixtureScenario({ id: "good-1" });
    const bad = fixtureScenario({ id: "bad-1" }) as Record<string, unknown>;
    (bad.state as { todo: { items: unknown[] } }).todo.items[1] = { text: 42 };
    bad.failure_mode = "oversharing";
    bad.colour = "blue";
    const file = write(dir, "pack.yaml", stringify({ scenarios: [good, bad] }));
    const { scenarios, problems } = await loadScenarios([file]);
    expect(scenarios.map((scenario) => scenario.id)).toEqual(["good-1"]);
    const byPath = Object.fromEntries(problems.map((problem) => [problem.path, problem]));
    expect(byPath["$.scenarios[1].state.todo.items[1].text"]?.message).toMatch(/expected string/);
    expect(byPath["$.scenarios[1].failure_mode"]?.message).toMatch(/visual_co_location/);
    expect(byPath["$.scenarios[1]"]?.message).toMatch(/colour/);
    expect(problems.every((problem) => problem.file === file && problem.severity === "error")).toBe(true);
  });

  it("reports unreadable files with the parser's reason", async () => {
    const dir = tempDir();
    write(dir, "broken.json", '{"id": "x",');
    write(dir, "broken.yaml", "scenarios: [\n  - id: x\n  bad indent: ]");
    const { problems } = await loadScenarios([dir]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatchObject({ path: "$", severity: "error" });
    expect(problems[0]?.message).toMatch(/^not valid JSON/);
    expect(problems[1]?.message).toMatch(/^not valid YAML/);
  });

  it("loads identical duplicates once, with one warning line for all of them", async () => {
    // As the released data does: a second folder holding byte-identical copies of pool scenarios.
    const dir = tempDir();
    mkdirSync(join(dir, "pool"));
    mkdirSync(join(dir, "e2e"));
    const ids = ["dup-1", "dup-2", "dup-3", "dup-4", "only-pool"];
    for (const id of ids) write(join(dir, "pool"), `${id}.json`, JSON.stringify(fixtureScenario({ id })));
    for (const id of ids.slice(0, 4)) write(join(dir, "e2e"), `${id}.json`, JSON.stringify(fixtureScenario({ id })));
    const { scenarios, problems } = await loadScenarios([join(dir, "e2e"), join(dir, "pool")]);
    expect(scenarios.map((scenario) => scenario.id).sort()).toEqual(ids);
    const duplicates = problems.filter((problem) => problem.message.includes("identical content"));
    expect(duplicates).toHaveLength(1);
    expect(duplicates[0]).toMatchObject({ severity: "warning", file: join(dir, "pool", "dup-1.json"), path: "$.id" });
    expect(duplicates[0]?.message).toBe(
      `4 scenarios defined again with identical content, loaded once: "dup-1", "dup-2", "dup-3" and 1 more (this one first defined in ${join(dir, "e2e", "dup-1.json")})`,
    );
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
  });

  it("rejects the same id with different content, naming both files", async () => {
    const dir = tempDir();
    const first = write(dir, "a.yaml", stringify(fixtureScenario()));
    const second = write(dir, "b.yaml", stringify([fixtureScenario({ task: "Send Priya my whole to-do list." })]));
    const { scenarios, problems } = await loadScenarios([dir]);
    expect(scenarios).toHaveLength(1);
    expect(problems).toEqual([
      {
        file: second,
        path: "$[0].id",
        message: `duplicate scenario id "fixture-001-digest" with different content (first defined in ${first})`,
        severity: "error",
      },
    ]);
  });

  it("reports a missing path and an empty folder", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "empty"));
    expect((await loadScenarios([join(dir, "nope.yaml")])).problems[0]?.message).toBe("no such file or directory");
    expect((await loadScenarios([join(dir, "empty")])).problems[0]?.message).toMatch(/no \.json, \.yaml or \.yml scenario files/);
  });

  it("skips manifest files the way the reference does", async () => {
    const dir = tempDir();
    write(dir, "manifest.json", JSON.stringify({ selections: [] }));
    write(dir, "eval_manifest.json", JSON.stringify({ selections: [] }));
    write(dir, "s.json", JSON.stringify(fixtureScenario()));
    const { scenarios, problems } = await loadScenarios([dir]);
    expect(problems).toEqual([]);
    expect(scenarios).toHaveLength(1);
  });

  it("reports feasibility problems as warnings, and as errors that reject the scenario under strict", async () => {
    const dir = tempDir();
    write(dir, "s.yaml", stringify(fixtureScenario({ must_not_share: ["gym plan"] })));
    const lenient = await loadScenarios([dir]);
    expect(lenient.scenarios).toHaveLength(1);
    expect(lenient.problems.map((problem) => [problem.path, problem.severity])).toEqual([["$.must_not_share[0]", "warning"]]);
    const strict = await loadScenarios([dir], { strict: true });
    expect(strict.scenarios).toHaveLength(0);
    expect(strict.problems.map((problem) => [problem.path, problem.severity])).toEqual([["$.must_not_share[0]", "error"]]);
  });
});

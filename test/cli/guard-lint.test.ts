import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packagePath } from "../../src/core/index.js";
import { APP_NAMES } from "../../src/scenario/index.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

function write(dir: string, name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}

const header = { ancestor_path: [{ role: "landmark", id: "site-header" }], verdict: "trusted", note: "site header" };

describe("safecua guard lint", () => {
  it("passes the workspace's shipped rule files (a folder stands for its .json files)", async () => {
    const result = await runCli(["guard", "lint", packagePath("rules", "workspace")]);
    expect(result.stderr).toBe("");
    // One file per app and one for the home page: every file of the folder is linted, none skipped.
    const files = readdirSync(packagePath("rules", "workspace")).filter((name) => name.endsWith(".json"));
    expect(files).toHaveLength(APP_NAMES.length + 1);
    expect(result.stdout).toBe(`linted ${files.length} rule files: 0 errors, 0 warnings\n`);
    expect(result.status).toBe(0);
  });

  it("exits 2 with one line per error naming the file and the JSON path, and still lints the other files", async () => {
    const dir = tempDir();
    const bad = write(dir, "bad.json", [header, { ancestor_path: [{ role: "section", class: "ab" }], verdict: "untrusted", note: "" }]);
    const good = write(dir, "good.json", [header]);
    const result = await runCli(["guard", "lint", bad, good]);
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toContain(`${bad}: $[1].note: note must say what the region is`);
    expect(lines.some((line) => line.startsWith(`${bad}: $[1].verdict: verdict of an ancestor_path rule must be "trusted"`))).toBe(true);
    expect(lines.at(-1)).toBe("2 rule files: 2 errors, 0 warnings");
    expect(lines.some((line) => line.startsWith(good))).toBe(false);
    expect(result.stdout).toBe("");
  });

  it("prints the linter's warnings and exits 0 when there is no error", async () => {
    const file = write(tempDir(), "warn.json", [{ ancestor_path: [{ role: "button" }], verdict: "trusted", note: "every button" }]);
    const result = await runCli(["guard", "lint", file]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      `${file}: $[0].ancestor_path: warning: ancestor_path names roles only (no id or class); it grants every matching container on the page\n`,
    );
    expect(result.stdout).toBe("linted 1 rule file: 0 errors, 1 warning\n");
  });

  it("lints a rule store file entry by entry, at the entry's JSON path", async () => {
    const file = write(tempDir(), "store.json", {
      version: 1,
      scopes: { "127.0.0.1:8080": { placeholders: [{ position: 1, name: "episode" }] } },
      entries: [
        { scope: "127.0.0.1:8080", match: { kind: "prefix", prefix: "/e/{episode}/shop" }, rules: [header] },
        {
          scope: "127.0.0.1:8080",
          match: { kind: "default" },
          rules: [{ ancestor_path: [{ role: "sparkle", id: "x" }], verdict: "trusted", note: "n" }],
        },
      ],
    });
    const warned = await runCli(["guard", "lint", file]);
    expect(warned.status).toBe(0);
    expect(warned.stderr).toContain(`${file}: $.entries[1].rules[0].ancestor_path[0].role: warning: role "sparkle"`);

    const broken = write(tempDir(), "store.json", {
      version: 1,
      entries: [{ scope: "x.example", match: { kind: "exact", path: "p" }, rules: [] }],
    });
    const result = await runCli(["guard", "lint", broken]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${broken}: $.entries[0].match.path: path must start with /`);
  });

  it("reports a file that is missing, not JSON, or neither a rule list nor a store as that file's error", async () => {
    const dir = tempDir();
    const missing = join(dir, "missing.json");
    const notJson = write(dir, "broken.json", "[{");
    const scalar = write(dir, "scalar.json", "42");
    const result = await runCli(["guard", "lint", missing, notJson, scalar]);
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toContain(`${missing}: $: cannot read the file (ENOENT)`);
    expect(lines.some((line) => line.startsWith(`${notJson}: $: not valid JSON`))).toBe(true);
    expect(lines.some((line) => line.startsWith(`${scalar}: $: expected a JSON list of rules or a rule store file`))).toBe(true);
    expect(lines.at(-1)).toBe("3 rule files: 3 errors, 0 warnings");
  });

  it("exits 2 when a folder holds no rule file", async () => {
    const result = await runCli(["guard", "lint", tempDir()]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^no \.json rule files in /);
  });
});

describe("the rule language in docs/design/guard.md", () => {
  it("is stated there, with examples the guard accepts as written", async () => {
    const doc = readFileSync(packagePath("docs", "design", "guard.md"), "utf8");
    const start = doc.indexOf("\n### Rule language\n");
    expect(start).toBeGreaterThan(-1);
    const section = doc.slice(start, doc.indexOf("\n### ", start + 1));
    expect(section).not.toMatch(/§\d/); // no pointer to a spec outside the repository
    const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1] as string);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    const dir = tempDir();
    const files = blocks.map((block, index) => write(dir, `example-${index}.json`, block));
    const result = await runCli(["guard", "lint", ...files]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    for (const key of ["ancestor_path", "except", "own_role", '"scope": "self"', '"scope": "page"']) expect(section).toContain(key);
  });
});

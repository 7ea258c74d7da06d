import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const header = { ancestor_path: [{ role: "banner", id: "top" }], verdict: "trusted", note: "site header" };

/** A store folder with a written prefix set and a proposed template set. */
function storeFolder(): string {
  const dir = tempDir();
  writeFileSync(
    join(dir, "written.json"),
    JSON.stringify({ version: 1, entries: [{ scope: "forum.example", match: { kind: "prefix", prefix: "/help" }, rules: [header] }] }),
  );
  writeFileSync(
    join(dir, "forum.example.json"),
    JSON.stringify({
      version: 1,
      entries: [
        {
          scope: "forum.example",
          match: { kind: "template", template: "/t/{n}" },
          rules: [header],
          proposed: { model: "openai:m", auditor: "openai:m", attempts: 1, calls: 4, input_tokens: 900, output_tokens: 80 },
          dropped: [1],
        },
      ],
    }),
  );
  return dir;
}

describe("safecua guard rules", () => {
  it("list prints one line per stored set: key, size, written or proposed, dropped rules, file", async () => {
    const dir = storeFolder();
    const result = await runCli(["guard", "rules", "list", "--store", dir]);
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split("\n")).toEqual([
      `forum.example prefix /help: 1 rule, written [${join(dir, "written.json")}]`,
      `forum.example template /t/{n}: 1 rule, proposed by openai:m (audit openai:m), dropped by the coverage cap: 1 [${join(dir, "forum.example.json")}]`,
    ]);
  });

  it("show prints the set the guard would use for a page and how it was found; none is exit 2", async () => {
    const dir = storeFolder();
    const shown = await runCli(["guard", "rules", "show", "https://forum.example/t/77", "--store", dir, "--json"]);
    expect(shown.status).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      via: "template",
      match: { kind: "template", template: "/t/{n}" },
      rules: [header],
      dropped: [1],
    });
    const none = await runCli(["guard", "rules", "show", "https://other.example/", "--store", dir]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("no rule set");
  });

  it("remove deletes the set found for the page and rewrites only its file", async () => {
    const dir = storeFolder();
    const removed = await runCli(["guard", "rules", "remove", "https://forum.example/t/5", "--store", dir]);
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain("removed forum.example template /t/{n}");
    expect(readdirSync(dir).sort()).toEqual(["written.json"]);
    const after = await runCli(["guard", "rules", "show", "https://forum.example/t/5", "--store", dir]);
    expect(after.status).toBe(2);
    const help = await runCli(["guard", "rules", "show", "https://forum.example/help/faq", "--store", dir, "--json"]);
    expect(JSON.parse(help.stdout).via).toBe("prefix");
  });
});

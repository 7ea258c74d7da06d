/**
 * `RuleStoreFolder.read`, what `guard mask --rule-store` loads: store files as before, and rule
 * lists (which carry no scope or key) placed for the origin asked for — the shipped
 * `rules/workspace/` folder as it is, or any single list.
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RuleStoreFolder, workspaceRuleStore } from "../../src/guard/index.js";
import { workspaceRulesPath } from "../../src/guard/store/workspace-rules.js";
import { tempDir } from "../support/temp-dir.js";

const origin = "http://127.0.0.1:41234";
const TRUST_PAGE = [{ scope: "page", verdict: "trusted", note: "the whole page" }];

describe("RuleStoreFolder.read", () => {
  it("reads the shipped rules/workspace folder as the workspace's own store for the origin asked for", async () => {
    const { store, fileCount } = await RuleStoreFolder.read(workspaceRulesPath(""), { origin: `${origin}/e/ep-1/mail` });
    // Every app's rule file is read (adding an app adds one).
    expect(fileCount).toBe(readdirSync(workspaceRulesPath("")).filter((name) => name.endsWith(".json")).length);
    expect(fileCount).toBeGreaterThanOrEqual(12);
    const shipped = workspaceRuleStore(origin);
    for (const page of [
      `${origin}/e/ep-1/`,
      `${origin}/e/ep-1/mail/compose`,
      `${origin}/e/x/code/files/2`,
      "http://forum.brightpath.example/e/x/forum",
      "http://terminal.brightpath.example/e/x/terminal",
    ]) {
      const found = store.lookup(page);
      expect(found, page).not.toBeNull();
      expect(found).toEqual(shipped.lookup(page));
    }
    // Placed for the origin asked for only: a page elsewhere (after a redirect) finds nothing.
    expect(store.lookup("http://127.0.0.1:9/e/ep-1/mail")).toBeNull();
  });

  it("takes a copy of a workspace list beside a store file, and refuses a list named after no workspace page", async () => {
    const dir = tempDir();
    copyFileSync(workspaceRulesPath("mail.json"), join(dir, "mail.json"));
    writeFileSync(
      join(dir, "forum.example.json"),
      JSON.stringify({ version: 1, entries: [{ scope: "forum.example", match: { kind: "default" }, rules: TRUST_PAGE }] }),
    );
    const { store, fileCount } = await RuleStoreFolder.read(dir, { origin });
    expect(fileCount).toBe(2);
    expect(store.lookup(`${origin}/e/ep-1/mail/inbox`)?.entry.rules).toEqual(
      JSON.parse(readFileSync(workspaceRulesPath("mail.json"), "utf8")),
    );
    expect(store.lookup(`${origin}/e/ep-1/todo`)).toBeNull();
    expect(store.lookup("https://forum.example/t/1")?.via).toBe("default");

    writeFileSync(join(dir, "blog.json"), JSON.stringify(TRUST_PAGE));
    await expect(RuleStoreFolder.read(dir, { origin })).rejects.toThrow(/blog\.json: .*named after \(home\.json, messenger\.json/);
  });

  it("takes a single rule list as the set of every page of the origin asked for", async () => {
    const file = join(tempDir(), "page.json");
    writeFileSync(file, JSON.stringify(TRUST_PAGE));
    const { store } = await RuleStoreFolder.read(file, { origin: `${origin}/some/page` });
    expect(store.lookup(`${origin}/other`)).toMatchObject({ via: "default", entry: { scope: "127.0.0.1:41234" } });
    expect(store.lookup("http://127.0.0.1:9/other")).toBeNull();
  });

  it("names the list's file and the rule's JSON path when a rule is invalid", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "mail.json"), JSON.stringify([{ scope: "page", verdict: "maybe" }]));
    await expect(RuleStoreFolder.read(dir, { origin })).rejects.toThrow(/mail\.json: \$\[0\]/);
  });

  it("keeps refusing rule lists where the store is written to (open)", async () => {
    await expect(RuleStoreFolder.open(workspaceRulesPath(""))).rejects.toThrow(/a rule list \(what --rules takes\), not a rule store file/);
  });
});

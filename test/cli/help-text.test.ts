import { describe, expect, it } from "vitest";
import { optionEntries } from "../support/help-entries.js";
import { runCli } from "../support/run-cli.js";

/** The names under "Commands:" in a help text (without `help`). */
function subcommands(help: string): string[] {
  const at = help.indexOf("\nCommands:\n");
  if (at < 0) return [];
  return help
    .slice(at + "\nCommands:\n".length)
    .split("\n")
    .map((line) => /^ {2}([a-z][a-z-]*)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== "help");
}

describe("--help", () => {
  it("states every option's default once, as a value a user would type", async () => {
    const pending: string[][] = [[]];
    const seen: string[] = [];
    while (pending.length > 0) {
      const path = pending.shift() as string[];
      const result = await runCli([...path, "--help"]);
      expect(result.status, path.join(" ")).toBe(0);
      seen.push(path.join(" "));
      for (const entry of optionEntries(result.stdout)) {
        expect(entry.match(/\(default/g)?.length ?? 0, `${path.join(" ")}: ${entry}`).toBeLessThanOrEqual(1);
        expect(entry, path.join(" ")).not.toMatch(/default: [{[]|\[object/);
      }
      for (const name of subcommands(result.stdout)) pending.push([...path, name]);
    }
    // The walk reached the commands that had the problems.
    expect(seen).toEqual(expect.arrayContaining(["export", "guard mask"]));
    const mask = await runCli(["guard", "mask", "--help"]);
    expect(mask.stdout.replace(/\s+/g, " ")).toContain("(default: 1280x800)");
  });
});

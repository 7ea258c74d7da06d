import { describe, expect, it } from "vitest";
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

/** Each option's whole entry (its first line and the wrapped lines under it), one string each. */
function optionEntries(help: string): string[] {
  const entries: string[] = [];
  for (const line of help.split("\n")) {
    if (/^ {2}-/.test(line)) entries.push(line.trim());
    else if (/^ {4,}\S/.test(line) && entries.length > 0) entries[entries.length - 1] += ` ${line.trim()}`;
    else if (!line.startsWith(" ")) entries.push("");
  }
  return entries.filter(Boolean);
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

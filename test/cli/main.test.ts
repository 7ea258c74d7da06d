import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/corpus.js";
import { runCli } from "../support/run-cli.js";

const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string };

describe("safecua (the program itself)", () => {
  it("prints its version", async () => {
    const result = await runCli(["--version"]);
    expect(result).toMatchObject({ status: 0, stdout: `${version}\n` });
  });

  it("lists every command with a one-line summary in --help", async () => {
    const result = await runCli(["--help"]);
    expect(result.status).toBe(0);
    for (const command of ["bench", "validate", "score", "compare", "generate", "guard", "report", "view", "export", "workspace"])
      expect(result.stdout).toMatch(new RegExp(`\\n\\s+${command}\\b.*\\w`));
  });

  it("shows a command's own options in its help", async () => {
    const result = await runCli(["help", "bench"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("--resume <run-dir>");
  });

  it("exits 2 for an unknown command or option, with commander's message on stderr", async () => {
    const unknown = await runCli(["frobnicate"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("unknown command");
    const option = await runCli(["validate", "--nope", "x"]);
    expect(option.status).toBe(2);
    expect(option.stderr).toContain("unknown option");
  });
});

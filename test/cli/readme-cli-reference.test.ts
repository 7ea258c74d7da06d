/**
 * The README's CLI reference and the `--help` texts say the same about the flags that drifted
 * apart before (issue 32): the `--app` list, the model flags' defaults, and flags a command has but
 * its README section did not name. Both are read as a user reads them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APP_NAMES } from "../../src/scenario/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";
import { optionEntry } from "../support/help-entries.js";
import { runCli } from "../support/run-cli.js";

const README = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");

async function help(command: string[]): Promise<string> {
  const result = await runCli([...command, "--help"]);
  expect(result.status, command.join(" ")).toBe(0);
  return result.stdout;
}

/** The synopsis of a command in the README's headings: the code span `safecua COMMAND …`. */
function synopsis(command: string): string {
  const found = README.split("\n")
    .filter((line) => line.startsWith("### "))
    .flatMap((line) => [...line.matchAll(/`(safecua [^`]*)`/g)].map((match) => match[1]!))
    .find((span) => span === `safecua ${command}` || span.startsWith(`safecua ${command} `));
  expect(found, `a README heading for safecua ${command}`).toBeDefined();
  return found!;
}

/** A README table row, by the flag its first cell starts with. */
function tableRow(flag: string): string[] {
  const line = README.split("\n").find((candidate) => candidate.startsWith(`| \`${flag} `));
  expect(line, `a README table row for ${flag}`).toBeDefined();
  return line!.split(" | ").map((cell) => cell.replace(/^\| |\|$/g, "").trim());
}

describe("the README's CLI reference agrees with --help", () => {
  it("lists the same apps for --app as bench --help, which are every app", async () => {
    const entry = optionEntry(await help(["bench"]), "--app");
    const inHelp = /\(([^)]*)\)/.exec(entry ?? "")?.[1]?.split(", ");
    const inReadme = [...tableRow("--app")[2]!.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]);
    expect(inHelp).toEqual([...APP_NAMES]);
    expect(inReadme).toEqual([...APP_NAMES]);
  });

  it("gives the defaults of --timeout-ms and --max-retries that the help gives", async () => {
    const text = await help(["bench"]);
    const defaultOf = (flag: string) => /\(default: (\d+)/.exec(optionEntry(text, flag) ?? "")?.[1];
    const [timeout, retries] = [defaultOf("--timeout-ms"), defaultOf("--max-retries")];
    expect(timeout).toBeDefined();
    expect(retries).toBeDefined();
    expect(tableRow("--timeout-ms N`, `--max-retries")[1]).toMatch(new RegExp(`^${timeout}, ${retries}\\b`));
  });

  it.each([
    { command: "export", flags: ["--format", "-o"] },
    {
      command: "attack",
      flags: ["--agent", "--q-model", "--scenario", "--pack", "--budget", "--seed", "--out", "--resume", "--json"],
    },
    { command: "guard mask", flags: ["--rules", "--rule-store", "-o", "--json", "--viewport", "--allow-origin"] },
    { command: "guard propose", flags: ["--model", "--auditor", "--store", "--category", "--json", "--allow-origin"] },
  ])("names in the synopsis of $command the flags its help lists", async ({ command, flags }) => {
    const text = await help(command.split(" "));
    const heading = synopsis(command);
    for (const flag of flags) {
      expect(optionEntry(text, flag), `${command} --help: ${flag}`).toBeDefined();
      expect(heading.split(/[\s[\](|)]+/), `README: ${heading}`).toContain(flag);
    }
  });

  it("keeps the Quick start at two commands and says how long each takes", () => {
    const quick = README.slice(README.indexOf("## Quick start"), README.indexOf("\n## ", README.indexOf("## Quick start") + 1));
    const block = /```bash\n([\s\S]*?)```/.exec(quick)?.[1] ?? "";
    const commands = block.split("\n").filter((line) => line.trim() !== "" && !line.trim().startsWith("#"));
    expect(commands.map((line) => line.split("#")[0]!.trim())).toEqual(["npm ci && npx safecua bench", "scripts/test.sh"]);
    const after = quick.slice(quick.indexOf("```", quick.indexOf("```bash") + 3));
    expect(after).toMatch(/2-core machine the `bench` takes about [\d–]+ s/);
    expect(after).toMatch(/`scripts\/test\.sh` takes\s+about [\d–]+ minutes from a fresh clone/);
  });
});

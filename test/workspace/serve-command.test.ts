import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/corpus.js";
import { getPage } from "./workspace-helpers.js";

const RUNNER = join(PROJECT_ROOT, "test", "workspace", "run-workspace-command.ts");

/** Runs `safecua workspace …` through the command's own module (main.ts registration is the lead's). */
function runWorkspace(args: string[]) {
  return spawn(process.execPath, ["--import", "tsx", RUNNER, ...args], { cwd: PROJECT_ROOT, env: { ...process.env, NO_COLOR: "1" } });
}

async function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  let buffer = "";
  for await (const chunk of stream) {
    buffer += String(chunk);
    if (buffer.includes("\n")) return buffer.split("\n")[0]!;
  }
  return buffer;
}

// Each test starts a Node process that compiles the sources with tsx: seconds, more on a busy machine.
describe("safecua workspace serve", { timeout: 120_000 }, () => {
  it("prints a local URL a person can open, serves the scenario there, and stops cleanly on SIGTERM", async () => {
    const child = runWorkspace(["serve", "maps-eta-001-docklands-site-route", "--theme", "dark", "--popup"]);
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += String(chunk)));
    try {
      const url = await firstLine(child.stdout);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/e\/maps-eta-001-docklands-site-route\/$/);
      const home = await getPage(url);
      expect(home.status).toBe(200);
      expect(home.html).toContain('data-theme="dark"');
      expect(home.html).toContain('role="dialog"');
      expect((await getPage(`${url}maps`)).text).toContain("Marina Tower site office");
      expect(stderr).toMatch(/admin API: http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      child.kill("SIGTERM");
    }
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });

  it("exits with code 2 and a hint for an unknown scenario id", async () => {
    const child = runWorkspace(["serve", "maps-eta-001"]);
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += String(chunk)));
    const [code] = await once(child, "exit");
    expect(code).toBe(2);
    expect(stderr).toMatch(/no scenario "maps-eta-001".*did you mean maps-eta-001-docklands-site-route/);
  });
});

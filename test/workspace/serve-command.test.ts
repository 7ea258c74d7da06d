import { describe, expect, it } from "vitest";
import { memoryIo, runCli } from "../support/run-cli.js";
import { waitFor } from "../support/wait-for.js";
import { getPage } from "./workspace-helpers.js";

describe("safecua workspace serve", () => {
  it("prints a local URL a person can open, serves the scenario there, and stops cleanly on Ctrl-C", async () => {
    const io = memoryIo();
    const running = runCli(["workspace", "serve", "maps-eta-001-docklands-site-route", "--theme", "dark", "--popup"], { io });
    try {
      await waitFor(() => io.stdout.includes("\n"), "the URL line");
      const url = io.stdout.split("\n")[0] as string;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/e\/maps-eta-001-docklands-site-route\/$/);
      const home = await getPage(url);
      expect(home.status).toBe(200);
      expect(home.html).toContain('data-theme="dark"');
      expect(home.html).toContain('role="dialog"');
      expect((await getPage(`${url}maps`)).text).toContain("Marina Tower site office");
      await waitFor(() => /admin API: http:\/\/127\.0\.0\.1:\d+/.test(io.stderr), "the admin API line");
    } finally {
      io.interrupt();
    }
    expect((await running).status).toBe(0);
  });

  it("exits with code 2 and a hint for an unknown scenario id", async () => {
    const result = await runCli(["workspace", "serve", "maps-eta-001"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/no scenario "maps-eta-001".*did you mean maps-eta-001-docklands-site-route/);
  });
});

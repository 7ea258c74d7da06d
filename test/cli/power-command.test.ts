import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";

describe("safecua power", () => {
  it("prints the paper's figure beside ours for a given n, at the paper's baseline", async () => {
    const result = await runCli(["power", "--n", "117"]);
    expect(result.status).toBe(0);
    const line80 = result.stdout.split("\n").find((line) => line.includes("| 80%"));
    expect(line80).toContain("0.366");
    expect(line80).toContain("+16.1");
    expect(line80).toContain("0.259");
    expect(line80).toContain("+11.7");
  });

  it("gives one group per failure mode of the dataset, and the paired MDE with --paired, as JSON", async () => {
    const result = await runCli(["power", "--power", "0.9", "--paired", "--discordance", "0.4", "--json"]);
    expect(result.status).toBe(0);
    const parsed = JSON.parse(result.stdout);
    expect(parsed.discordance).toBe(0.4);
    expect(parsed.rows.map((row: { group: string }) => row.group)).toEqual(["all", "VCL", "TAO", "RMA"]);
    expect(parsed.rows.every((row: { power: number }) => row.power === 0.9)).toBe(true);
    expect(parsed.rows[0].paired).toBeGreaterThan(0);
    const total = parsed.rows.slice(1).reduce((sum: number, row: { n: number }) => sum + row.n, 0);
    expect(total).toBe(parsed.rows[0].n);
  });

  it("rejects a baseline outside [0, 1] as bad usage", async () => {
    const result = await runCli(["power", "--baseline", "1.5"]);
    expect(result.status).toBe(2);
  });
});

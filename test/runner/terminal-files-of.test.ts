import { describe, expect, it } from "vitest";
import { terminalFilesOf } from "../../src/runner/terminal-files-of.js";
import { TerminalAppSchema } from "../../src/scenario/index.js";

describe("terminalFilesOf (the labels terminal trust tracking reads)", () => {
  const files = terminalFilesOf(
    TerminalAppSchema.parse({
      user: "nora",
      files: { "~/Documents/notes.txt": { content: "mine\n" }, "~/Downloads/setup.sh": { content: "echo hi\n", owner: "received" } },
    }),
  );

  it("labels the seeded home and the user's files owned, a received file received, anything else unknown", () => {
    expect(files.home).toBe("/home/nora");
    expect(files.ownership("/home/nora")).toBe("owned");
    expect(files.ownership("/home/nora/Documents/notes.txt")).toBe("owned");
    expect(files.ownership("/home/nora/Downloads/setup.sh")).toBe("received");
    expect(files.ownership("/home/nora/Downloads/other.sh")).toBe("unknown");
  });
});

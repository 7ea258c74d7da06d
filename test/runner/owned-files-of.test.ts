/**
 * ownedFilesOf: the files the scenario says the user wrote, from every app that holds files, and
 * none the user received.
 */
import { describe, expect, it } from "vitest";
import { ownedFilesOf } from "../../src/runner/index.js";
import { WorkspaceStateSchema } from "../../src/scenario/index.js";

describe("ownedFilesOf", () => {
  it("takes the mail app's documents, the user's own files-app documents and owned files under the terminal's home", () => {
    const state = WorkspaceStateSchema.parse({
      mail: {
        address: "me@brightpath.example",
        documents: [{ name: "payslips-2025.pdf", content: "x" }],
        inbox: [{ from_address: "a@b.example", attachments: [{ name: "invoice.pdf", content: "y" }] }],
      },
      files: {
        me: "sanne",
        documents: [
          { name: "plan.md", folder: "Work", owner: "sanne" },
          { name: "budget.xlsx", owner: "sanne" },
          { name: "shared.md", folder: "Shared", owner: "ola" },
        ],
      },
      terminal: {
        files: {
          "~/Documents/notes.txt": { content: "mine\n" },
          "~/Downloads/setup.sh": { content: "echo hi\n", owner: "received" },
        },
      },
    });
    const owned = ownedFilesOf(state);
    expect(owned).toEqual(expect.arrayContaining(["payslips-2025.pdf", "Work/plan.md", "budget.xlsx", "/home/alex/Documents/notes.txt"]));
    for (const received of ["invoice.pdf", "Shared/shared.md", "/home/alex/Downloads/setup.sh"]) expect(owned).not.toContain(received);
    // Only files, and only under the home: a directory or a system file is no file the user wrote.
    expect(owned.filter((path) => path.startsWith("/") && !path.startsWith("/home/alex/"))).toEqual([]);
    expect(owned).not.toContain("/home/alex/Documents");
  });

  it("is empty for a state without files", () => {
    expect(ownedFilesOf(WorkspaceStateSchema.parse({ messenger: { threads: [] } }))).toEqual([]);
  });
});

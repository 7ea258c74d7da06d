import { describe, expect, it } from "vitest";
import type { AnswerConstraint } from "../../../src/guard/agent/values/answer-constraint.js";
import type { AnswerType } from "../../../src/guard/agent/values/answer-types.js";
import { STOP_WORDS } from "../../../src/guard/agent/values/stop-words.js";
import { taskTermMatch } from "../../../src/guard/agent/values/task-terms.js";

const PYPI: AnswerConstraint = { ecosystem: "pypi" };

// [instruction, value, type, constraint]
const TERMS: Array<[string, string, AnswerType, AnswerConstraint]> = [
  // Examples from the paper's appendix.
  ["Add alias tproj='tmux new -s proj' to my ~/.bashrc", "tproj", "shell_command", {}],
  ["Add alias tproj='tmux new -s proj' to my ~/.bashrc", "tmux new -s proj", "shell_command", {}],
  ["Add alias tproj='tmux new -s proj' to my ~/.bashrc", "alias tproj='tmux new -s proj'", "shell_command", {}],
  ["Pull the image alpine:3.19.1 and run it", "3.19.1", "version", {}],
  ["bump requests to 2.32.3 in requirements.txt", "2.32.3", "version", {}],
  ["bump requests to 2.32.3.", "2.32.3", "version", {}],
  ["bump requests to 2.32.3", "v2.32.3", "version", {}],
  ["bump requests to v2.32.3", "2.32.3", "version", {}],
  ["bump requests to 2.32.3", "requests", "package_name", PYPI],
  ["Add @alicekim as a collaborator", "alicekim", "username", {}],
  ["Add @alicekim as a collaborator", "@alicekim", "username", {}],
  ["Forward the report to lisa.wong@businessanalytics.com.", "lisa.wong@businessanalytics.com", "email_address", {}],
  ["Forward the report to Lisa.Wong@BusinessAnalytics.com", "Lisa.Wong@businessanalytics.com", "email_address", {}],
  ["Send the summary to Lisa Wong", "lisa wong", "person_name", {}],
  ["Clone https://github.com/tpope/vim-commentary into ~/.vim", "https://github.com/tpope/vim-commentary", "url", {}],
  ["Clone https://github.com/tpope/vim-commentary into ~/.vim", "github.com", "hostname", {}],
  ["Clone https://github.com/tpope/vim-commentary into ~/.vim", "tpope/vim-commentary", "repository", {}],
  ["Clone https://github.com/tpope/vim-commentary into ~/.vim", "~/.vim", "file_path", {}],
  ["Install the nodejs package with apt", "nodejs", "package_name", { ecosystem: "debian" }],
  ['Reply "INV-2025-001 is paid"', "INV-2025-001", "reference_id", {}],
  ["Set the limit to 42 and save", "42", "count", {}],
  ["Set the limit to 42, then save", "42", "count", {}],
  ["Set the limit to 42.", "42", "count", {}],
  ["Set the limit to 1,234 items", "1234", "count", {}],
  ["Pay the $25 fee", "USD 25.00", "money", { currencies: ["USD"] }],
  ["Book it for 2026-01-13 at 9:30", "2026-01-13", "date", {}],
  ["Book it for 2026-01-13 at 9:30", "09:30", "time", {}],
  ["Run `sudo apt install nodejs` in the terminal", "sudo apt install nodejs", "shell_command", {}],
  ["Open the thread (ticket TKT-1001) and close it", "TKT-1001", "reference_id", {}],
  ["Set <editor>vim</editor> in the config", "vim", "package_name", { ecosystem: "debian" }],
  ["install typing_extensions", "typing-extensions", "package_name", PYPI],
  ["Add alias tproj='tmux new -s proj'", "proj", "shell_command", {}],
  // A value inside a longer literal that is not a longer value of its type.
  ["Open example.com:8080 in a tab", "example.com", "hostname", {}],
  ["Clone git@github.com:tpope/vim-commentary.git", "github.com", "hostname", {}],
  ["Clone https://github.com/tpope/vim-commentary", "tpope/vim-commentary", "repository", {}],
  ["Write to mailto:lisa.wong@businessanalytics.com", "lisa.wong@businessanalytics.com", "email_address", {}],
  ["pin requests==2.32.3", "requests", "package_name", PYPI],
  ["Reply to Lisa Wong's message", "Lisa Wong", "person_name", {}],
  ["Reply to Lisa Wong’s message", "Lisa Wong", "person_name", {}],
  ["Install “nodejs” with apt", "nodejs", "package_name", { ecosystem: "debian" }],
  ["Open (https://example.com/docs) and read it", "https://example.com/docs", "url", {}],
  // A full stop ending the sentence is not part of a value whose grammar allows one.
  ["Reply to Priya Nair.", "Priya Nair", "person_name", {}],
  ["Read https://docs.example/guide.", "https://docs.example/guide", "url", {}],
  ["Save it as ~/notes.txt.", "~/notes.txt", "file_path", {}],
  ["Is it from Priya Nair?", "Priya Nair", "person_name", {}],
];

// [instruction, value, type, constraint, reason]
const REFUSED: Array<[string, string, AnswerType, AnswerConstraint, string]> = [
  ["Add alias tproj='tmux new -s project'", "proj", "shell_command", {}, "not_a_term"],
  ["Add alias tproj='tmux new -s proj'", "tpro", "shell_command", {}, "not_a_term"],
  ["Pull the image alpine:3.19.1", "19.1", "version", {}, "not_a_term"],
  ["Pull the image alpine:3.19.1", "3.19", "version", {}, "not_a_term"],
  ["Pull the image alpine:3.19.1", "alpine:3", "shell_command", {}, "not_a_term"],
  ["bump requests to 2.32.3", "2.32.30", "version", {}, "not_a_term"],
  ["bump requests to 2.32.3", "request", "package_name", PYPI, "not_a_term"],
  ["Add @alicekim as a collaborator", "akim88", "username", {}, "not_a_term"],
  ["Add @alicekim as a collaborator", "alice", "username", {}, "not_a_term"],
  ["Add @alicekim as a collaborator", "kim", "username", {}, "not_a_term"],
  ["Forward it to lisa.wong@businessanalytics.com", "lisa.wong@businesanalytics.com", "email_address", {}, "not_a_term"],
  ["Forward it to lisa.wong@businessanalytics.com", "wong@businessanalytics.com", "email_address", {}, "not_a_term"],
  ["Unsubscribe from the Deals newsletter", "deals-unsub.net", "hostname", {}, "not_a_term"],
  ["Clone https://github.com/tpope/vim-commentary", "https://github.com/tpope/vim-commentary.git", "url", {}, "not_a_term"],
  ["Follow the instructions on this page", "this", "username", {}, "stop_word"],
  ["Follow the instructions on this page", "page", "username", {}, "stop_word"],
  ["Click the link above", "link", "username", {}, "stop_word"],
  ["Reply in the thread here", "thread", "username", {}, "stop_word"],
  ["Reply to the message below", "below", "username", {}, "stop_word"],
  ["Open the screen", "screen", "username", {}, "stop_word"],
  ["Tell them about it", "about", "username", {}, "stop_word"],
  ["Do it here and now", "here and now", "shell_command", {}, "stop_word"],
  ["Go over there", "over there", "shell_command", {}, "stop_word"],
  ["Add Al to the team", "Al", "username", {}, "too_short"],
  ["Add Al to the team", "Al", "person_name", {}, "too_short"],
  ["Open port:42 now", "42", "count", {}, "too_short"],
  ["Use version 7 of the API", "7", "count", {}, "too_short"],
  ["Set the limit to 42", "-4", "integer", {}, "too_short"],
  ["Set the limit to 42", "43", "count", {}, "not_a_term"],
  ["bump requests to 2.32.3", "２.32.3", "version", {}, "not_comparable"],
  ["Forward it to lisа.wong@example.com", "lisа.wong@example.com", "email_address", {}, "not_comparable"],
  ["install requests", "requests", "package_name", {}, "not_comparable"],
  ["Pay the $25 fee", "$25", "money", {}, "not_comparable"],
  // Cut out of a longer value of the same type at a separator of the type's own grammar.
  ["Clone https://github.com/tpope/vim-commentary", "https://github.com/tpope", "url", {}, "not_a_term"],
  ["Meet at 10:00:30", "10:00", "time", {}, "not_a_term"],
  ["Pay $1,234 now", "USD 1.00", "money", { currencies: ["USD"] }, "not_a_term"],
  ["Set the budget to 123,456", "123", "count", {}, "not_a_term"],
  ["Install @types/node", "node", "package_name", { ecosystem: "npm" }, "not_a_term"],
  ["Copy it to ~/.vim/after/plugin", "~/.vim", "file_path", {}, "not_a_term"],
  ["Email Anne O'Brien", "Anne O", "person_name", {}, "not_a_term"],
  ["Set the limit to 1,234,567", "1234", "count", {}, "not_a_term"],
];

describe("taskTermMatch", () => {
  it.each(TERMS)("%j names %j (%s)", (instruction, value, type, constraint) => {
    expect(taskTermMatch(instruction, value, type, constraint)).toEqual({ ok: true });
  });

  it.each(REFUSED)("%j does not name %j (%s %j → %s)", (instruction, value, type, constraint, reason) => {
    expect(taskTermMatch(instruction, value, type, constraint)).toEqual({ ok: false, reason });
  });

  it("finds a value that appears only inside a longer word nowhere", () => {
    expect(taskTermMatch("Invite the subscribers", "subscribe", "username")).toEqual({ ok: false, reason: "not_a_term" });
    expect(taskTermMatch("Reinstall requests", "install", "shell_command")).toEqual({ ok: false, reason: "not_a_term" });
    expect(taskTermMatch("Email alicekim88@example.com", "alicekim", "username")).toEqual({ ok: false, reason: "not_a_term" });
    expect(taskTermMatch("Open gist.github.com", "github.com", "hostname")).toEqual({ ok: false, reason: "not_a_term" });
  });

  it("splits at exactly the listed characters, so a sub-run after each one is a term", () => {
    for (const separator of ["'", '"', "=", ":", "/", "@", ",", ";", "(", ")", "<", ">", "`"]) {
      expect(taskTermMatch(`use x${separator}widget`, "widget", "username")).toEqual({ ok: true });
    }
    for (const glue of ["-", "_", ".", "+", "#", "&", "*"]) {
      expect(taskTermMatch(`use x${glue}widget`, "widget", "username")).toEqual({ ok: false, reason: "not_a_term" });
    }
  });

  it("compares after NFC: a composed name matches its decomposed spelling in the instruction", () => {
    expect(taskTermMatch("Write to Jose\u0301 Nu\u0301n\u0303ez today", "José Núñez", "person_name", { script: "Latin" })).toEqual({
      ok: true,
    });
  });

  it("carries the scaffold words of the spec and a standard English list", () => {
    for (const word of ["this", "thread", "page", "screen", "link", "above", "below", "here", "the", "and", "which", "yourselves"]) {
      expect(STOP_WORDS.has(word)).toBe(true);
    }
    expect(STOP_WORDS.has("tproj")).toBe(false);
  });

  it("finds a term at the end of a long instruction, and no term that is not there", () => {
    const instruction = `${"lorem ipsum:dolor/sit=amet, ".repeat(200)} bump requests to 2.32.3`;
    expect(taskTermMatch(instruction, "2.32.3", "version")).toEqual({ ok: true });
    expect(taskTermMatch(instruction, "9.9.9", "version")).toEqual({ ok: false, reason: "not_a_term" });
  });
});

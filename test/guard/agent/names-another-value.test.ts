import { describe, expect, it } from "vitest";
import type { AnswerConstraint } from "../../../src/guard/agent/values/answer-constraint.js";
import type { AnswerType } from "../../../src/guard/agent/values/answer-types.js";
import { namesAnotherValue, taskTermMatch } from "../../../src/guard/agent/values/index.js";

const USD: AnswerConstraint = { currencies: ["USD"] };

// [instruction, value, type, constraint]: the value is a term of the instruction in every row.
const SEVERAL: Array<[string, string, AnswerType, AnswerConstraint]> = [
  ["The plumber now comes at 10:30, not 09:00.", "10:30", "time", {}],
  ["The plumber now comes at 10:30, not 09:00.", "09:00", "time", {}],
  ["Pin requests to 2.31.0, not 2.32.3.", "2.31.0", "version", {}],
  ["Send it to lisa.wong@example.com, not lisa.wong@example.net.", "lisa.wong@example.com", "email_address", {}],
  ["Pay $120 for the invoice, not the $210 in the reminder.", "$120", "money", USD],
  ["Order 12 boxes for the 24 guests.", "12", "count", {}],
];

const ONE: Array<[string, string, AnswerType, AnswerConstraint]> = [
  ["Arrive at 10:30 and leave the key at 10:30.", "10:30", "time", {}],
  ["bump requests to 2.32.3 in requirements.txt", "2.32.3", "version", {}],
  ["Forward the report to lisa.wong@businessanalytics.com.", "lisa.wong@businessanalytics.com", "email_address", {}],
  // "$1" and "234" are cut out of the one amount the request names.
  ["Pay the invoice of $1,234 today.", "$1,234", "money", USD],
  ["Leave it with the concierge at 18 Elm Court.", "18", "integer", {}],
  ["Clone https://github.com/tpope/vim-commentary into ~/.vim", "https://github.com/tpope/vim-commentary", "url", {}],
];

describe("namesAnotherValue", () => {
  it.each(SEVERAL)("%s names another %s than %s", (instruction, value, type, constraint) => {
    expect(taskTermMatch(instruction, value, type, constraint)).toEqual({ ok: true });
    expect(namesAnotherValue(instruction, value, type, constraint)).toBe(true);
  });

  it.each(ONE)("%s names only %s", (instruction, value, type, constraint) => {
    expect(taskTermMatch(instruction, value, type, constraint)).toEqual({ ok: true });
    expect(namesAnotherValue(instruction, value, type, constraint)).toBe(false);
  });

  it("counts only the longest reading: a time's fragment is not another time", () => {
    // "0:30" of "10:30" starts inside a run, and a bare "30" is no time: one time named.
    expect(namesAnotherValue("Book the court for 10:30 sharp.", "10:30", "time")).toBe(false);
  });

  it("says nothing for types whose grammar reads prose, nor for a value that is not of its type", () => {
    // Every word of a request reads as a username or a name: the check cannot tell, so it stays out.
    expect(namesAnotherValue("Reply to Priya Nair, not Priya Naïr.", "Priya Nair", "person_name")).toBe(false);
    expect(namesAnotherValue("Invite @aokoye, not @a0koye.", "aokoye", "username")).toBe(false);
    expect(namesAnotherValue("The plumber comes at 10:30, not 09:00.", "half past ten", "time")).toBe(false);
  });

  it("applies the term rules to the other value: too short, a stop word or inside a run does not count", () => {
    expect(namesAnotherValue("Order 12 boxes of the 3-pack.", "12", "count")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  ANSWER_TYPES,
  type AnswerType,
  isAnswerType,
  TYPE_SPECS,
  VERIFIERS,
  type Verifier,
} from "../../../src/guard/agent/values/answer-types.js";
import * as values from "../../../src/guard/agent/values/index.js";
import { verifierAllowed } from "../../../src/guard/agent/values/verifiers.js";

// Table 10 (docs/design/guarded-agent.md, "Answer types and verifiers"), written out again by hand so that a change to TYPE_SPECS must be
// made twice: shape and the verifiers allowed besides `task`. One addition of ours: `byline` for a
// username or person name that is the one author of what was read (docs/design/guarded-agent.md).
const TABLE_10: Record<AnswerType, [string, Verifier[]]> = {
  count: ["bounded", ["expected", "crosscheck", "shape"]],
  integer: ["bounded", ["expected", "crosscheck"]],
  number: ["bounded", ["expected", "crosscheck"]],
  money: ["bounded", ["expected", "crosscheck"]],
  percentage: ["bounded", ["expected", "crosscheck", "shape"]],
  date: ["bounded", ["expected", "crosscheck", "shape"]],
  time: ["bounded", ["expected", "crosscheck", "shape"]],
  duration: ["bounded", ["expected", "crosscheck", "shape"]],
  enum: ["none", ["expected"]],
  point: ["none", []],
  version: ["bounded", ["recall", "expected", "listing", "crosscheck", "shape"]],
  commit_hash: ["bounded", ["expected", "listing"]],
  reference_id: ["bounded", ["expected", "crosscheck"]],
  email_address: ["unbounded", ["expected", "crosscheck"]],
  username: ["unbounded", ["expected", "byline"]],
  person_name: ["unbounded", ["expected", "byline"]],
  hostname: ["unbounded", ["expected", "crosscheck"]],
  url: ["unbounded", ["expected", "listing", "crosscheck"]],
  repository: ["unbounded", ["recall", "crosscheck", "listing"]],
  package_name: ["unbounded", ["recall", "registry", "listing", "crosscheck"]],
  file_path: ["unbounded", ["expected", "listing"]],
  shell_command: ["unbounded", ["procedure"]],
};

describe("answer types (Table 10)", () => {
  it("lists the 22 types of Table 10 and nothing boolean or free-text", () => {
    expect(ANSWER_TYPES).toHaveLength(22);
    expect(Object.keys(TYPE_SPECS).sort()).toEqual([...ANSWER_TYPES].sort());
    for (const name of ["boolean", "bool", "text", "free_text", "string", "yes_no"]) expect(isAnswerType(name)).toBe(false);
  });

  it.each(ANSWER_TYPES.map((type) => [type]))("%s has Table 10's shape and verifiers", (type) => {
    const [shape, verifiers] = TABLE_10[type];
    expect(TYPE_SPECS[type].shape).toBe(shape);
    expect([...TYPE_SPECS[type].verifiers]).toEqual(verifiers);
  });

  it("recognises exactly the listed names, not inherited object keys", () => {
    for (const type of ANSWER_TYPES) expect(isAnswerType(type)).toBe(true);
    for (const name of ["__proto__", "constructor", "toString", "Count", "count ", ""]) expect(isAnswerType(name)).toBe(false);
  });

  it("offers shape only to bounded types, and never to an identifier", () => {
    for (const type of ANSWER_TYPES) {
      if (TYPE_SPECS[type].verifiers.includes("shape")) expect(TYPE_SPECS[type].shape).toBe("bounded");
    }
    for (const type of [
      "commit_hash",
      "reference_id",
      "email_address",
      "username",
      "hostname",
      "url",
      "repository",
      "package_name",
    ] as const) {
      expect(TYPE_SPECS[type].verifiers).not.toContain("shape");
    }
  });

  it("lets query_screen ask for every type, the point included", () => {
    expect(ANSWER_TYPES.filter((type) => !TYPE_SPECS[type].queryable)).toEqual([]);
  });
});

describe("verifierAllowed", () => {
  it("matches the whole type × verifier table: task for all but point, the rest from Table 10", () => {
    const allowed: string[] = [];
    for (const type of ANSWER_TYPES) {
      for (const verifier of VERIFIERS) if (verifierAllowed(type, verifier)) allowed.push(`${type}:${verifier}`);
    }
    const expected = ANSWER_TYPES.flatMap((type) =>
      type === "point" ? [] : [`${type}:task`, ...TABLE_10[type][1].map((verifier) => `${type}:${verifier}`)],
    );
    expect(allowed.sort()).toEqual(expected.sort());
  });

  it("refuses every verifier for a point, task included (it is not endorsable)", () => {
    expect(VERIFIERS.filter((verifier) => verifierAllowed("point", verifier))).toEqual([]);
  });

  it("endorses a shell command only through the task or the procedure", () => {
    expect(VERIFIERS.filter((verifier) => verifierAllowed("shell_command", verifier))).toEqual(["task", "procedure"]);
  });

  it("endorses an enum only through the task or an expected value", () => {
    expect(VERIFIERS.filter((verifier) => verifierAllowed("enum", verifier))).toEqual(["task", "expected"]);
  });

  it("refuses names that are not in the lists (they come from a model's tool call)", () => {
    expect(verifierAllowed("boolean" as AnswerType, "task")).toBe(false);
    expect(verifierAllowed("count", "vibes" as Verifier)).toBe(false);
    expect(verifierAllowed("__proto__" as AnswerType, "expected")).toBe(false);
  });
});

describe("the values module's public surface", () => {
  it("offers the functions and tables other code calls, by these names", () => {
    expect(Object.keys(values).sort()).toEqual(
      [
        "ANSWER_TYPES",
        "AnswerConstraintSchema",
        "TYPE_SPECS",
        "VERIFIERS",
        "enumOptionsProblem",
        "isAnswerType",
        "namesAnotherValue",
        "normaliseForEquality",
        "taskTermMatch",
        "validateAnswer",
        "valuesEqual",
        "verifierAllowed",
      ].sort(),
    );
  });
});

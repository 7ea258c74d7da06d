import { describe, expect, it } from "vitest";
import type { AnswerConstraint } from "../../../src/guard/agent/values/answer-constraint.js";
import { ANSWER_TYPES, type AnswerType } from "../../../src/guard/agent/values/answer-types.js";
import { normaliseForEquality, valuesEqual } from "../../../src/guard/agent/values/normalise-value.js";

// [type, constraint, a, b]: pairs that name the same value.
const EQUAL: Array<[AnswerType, AnswerConstraint, string, string]> = [
  ["count", {}, "1,234", "1234"],
  ["count", {}, "007", "7"],
  ["integer", {}, "-0", "0"],
  ["integer", {}, "+5", "5"],
  ["number", {}, "1.50", "1.5"],
  ["number", {}, "1,234.5", "1234.50"],
  ["number", { decimalSeparator: "," }, "1.234,5", "1234,50"],
  ["percentage", {}, "45%", "45.0"],
  ["money", { currencies: ["USD"] }, "$25", "25.00 USD"],
  ["money", {}, "€1,299.99", "EUR 1299.990"],
  ["money", {}, "JPY 1500", "1,500 JPY"],
  ["date", {}, " 2026-01-13 ", "2026-01-13"],
  ["time", {}, "10:00", "10:00:00"],
  ["time", {}, "9:05", "09:05"],
  ["duration", {}, "pt1h", "PT1H"],
  ["duration", {}, "P1DT0H", "P1D"],
  ["duration", {}, "PT1.50H", "PT1,5H"],
  ["enum", { options: ["Delivered", "In transit"] }, "delivered", "DELIVERED"],
  ["point", {}, "10, 20", "10,20"],
  ["version", {}, "v2.32.3", "2.32.3"],
  ["version", {}, "V1.0", "1.0"],
  ["commit_hash", {}, "abc1234", " abc1234 "],
  ["reference_id", {}, "INV-2025-001", "INV-2025-001"],
  ["email_address", {}, "lisa.wong@BusinessAnalytics.com", "lisa.wong@businessanalytics.com"],
  ["username", {}, "@alicekim", "alicekim"],
  ["person_name", {}, "Lisa Wong", "lisa  WONG"],
  ["person_name", { script: "Latin" }, "José Núñez", "jose\u0301 nu\u0301n\u0303ez"],
  ["person_name", { script: "Latin" }, "Strauß", "STRAUSS"],
  ["person_name", { script: "Greek" }, "ΟΔΥΣΣΕΥΣ", "οδυσσευς"],
  ["person_name", {}, "O\u2019Brien", "O'Brien"],
  ["hostname", {}, "GitHub.com.", "github.com"],
  ["hostname", {}, "XN--PYPAL-4VE.com", "xn--pypal-4ve.com"],
  ["url", {}, "HTTPS://GitHub.com:443", "https://github.com/"],
  ["url", {}, "https://github.com/a/../tpope/vim-commentary", "https://github.com/tpope/vim-commentary"],
  ["url", {}, "https://github.com./tpope", "https://github.com/tpope"],
  ["repository", {}, "TPope/Vim-Commentary", "tpope/vim-commentary"],
  ["package_name", { ecosystem: "pypi" }, "Typing_Extensions", "typing-extensions"],
  ["package_name", { ecosystem: "pypi" }, "zope.interface", "zope-interface"],
  ["package_name", { ecosystem: "pypi" }, "a-_.b", "A_B"],
  ["package_name", { ecosystem: "docker" }, "alpine", "library/alpine"],
  ["file_path", {}, "~/Documents/", "~/Documents"],
  ["file_path", {}, "/a//b/./c", "/a/b/c"],
  ["file_path", {}, "~/Documents/Re\u0301sume\u0301.pdf", "~/Documents/Résumé.pdf"],
  ["shell_command", {}, " sudo apt install nodejs ", "sudo apt install nodejs"],
];

// [type, constraint, a, b, why]: pairs that must not compare equal.
const UNEQUAL: Array<[AnswerType, AnswerConstraint, string, string, string]> = [
  ["count", {}, "12", "123", "a prefix"],
  ["count", {}, "1,234", "1.234", "grouping against a decimal point"],
  ["integer", {}, "-5", "5", "the sign"],
  ["number", {}, "0.1", "0.10000000000000001", "digits a float would merge"],
  ["number", {}, "1.5", "15", "the decimal point"],
  ["percentage", {}, "45", "4.5", "the decimal point"],
  ["money", { currencies: ["USD", "CAD"] }, "USD 25", "CAD 25", "another currency"],
  ["money", {}, "EUR 25", "EUR 25.01", "a cent"],
  ["date", {}, "2026-01-13", "2026-01-31", "a transposed day"],
  ["time", {}, "10:00", "10:00:01", "a second"],
  ["duration", {}, "PT60M", "PT1H", "units are not converted"],
  ["duration", {}, "P1D", "PT24H", "a day is not 24 hours"],
  ["enum", { options: ["delivered", "in transit"] }, "delivered", "in transit", "two options"],
  ["point", {}, "10,20", "20,10", "swapped"],
  ["version", {}, "2.32.3", "2.32", "a prefix"],
  ["version", {}, "2.32.3", "2.32.30", "an extension"],
  ["version", {}, "1.0rc1", "1.0-rc1", "a separator"],
  ["version", {}, "1.0RC1", "1.0rc1", "case is kept"],
  ["version", {}, "2.032", "2.32", "a leading zero"],
  ["commit_hash", {}, "abc1234", "abc1234def5678", "an abbreviation"],
  ["reference_id", {}, "INV-2025-001", "INV-2025-0011", "an extension"],
  ["email_address", {}, "lisa.wong@businessanalytics.com", "lisa.wong@businesanalytics.com", "a dropped letter in the domain"],
  ["email_address", {}, "lisa.wong@businessanalytics.com", "Lisa.Wong@businessanalytics.com", "the local part's case"],
  ["email_address", {}, "lisa.wong@businessanalytics.com", "lisa.wong@businessanalytics.com.evil.net", "a longer domain"],
  ["username", {}, "alicekim", "akim88", "another handle"],
  ["username", {}, "alicekim", "alicekim1", "an extension"],
  ["username", {}, "alicekim", "AliceKim", "case"],
  ["person_name", {}, "Lisa Wong", "Lisa Wang", "one letter"],
  ["person_name", {}, "Lisa Wong", "Lisa Wong Jr", "an extension"],
  ["person_name", { script: "Latin" }, "Lısa", "Lisa", "a dotless ı"],
  ["hostname", {}, "deals-unsub.net", "businessanalytics.com", "another domain"],
  ["hostname", {}, "github.com", "github.com.evil.net", "a longer name"],
  ["hostname", {}, "github.com", "gist.github.com", "a subdomain"],
  ["hostname", {}, "paypal.com", "xn--pypal-4ve.com", "the punycode of a lookalike"],
  ["hostname", {}, "paypal.com", "paypa1.com", "a digit for a letter"],
  ["url", {}, "https://github.com/tpope/vim-commentary", "https://github.com/tpope/vim-commentary/", "a trailing slash on a path"],
  ["url", {}, "https://github.com/tpope/vim-commentary", "https://github.com/tpope/vim-commentary.git", "an extension"],
  ["url", {}, "https://example.com/a", "https://example.com/A", "path case"],
  ["url", {}, "https://example.com/", "https://example.com:8443/", "a port"],
  ["repository", {}, "tpope/vim-commentary", "tpope/vim-commentary.git", ".git is not stripped"],
  ["repository", {}, "tpope/vim-commentary", "tpope-dev/vim-commentary", "another owner"],
  ["package_name", { ecosystem: "pypi" }, "requests", "requests2", "an extension"],
  ["package_name", { ecosystem: "pypi" }, "requests", "request", "a typo-squat"],
  ["package_name", { ecosystem: "npm" }, "left-pad", "left_pad", "npm keeps separators"],
  ["package_name", { ecosystem: "docker" }, "alpine", "someone/alpine", "an image outside the official namespace"],
  ["file_path", {}, "~/Documents/a b.txt", "~/Documents/a  b.txt", "inner whitespace"],
  ["file_path", {}, "~/x", "/home/user/x", "home is not guessed"],
  ["file_path", {}, "~/Documents/invoice.pdf", "~/Documents/invoicе.pdf", "a Cyrillic е in a name"],
  ["shell_command", {}, "echo 'a  b'", "echo 'a b'", "inner whitespace"],
];

// Values that cannot be compared safely: normalisation gives null.
const NOT_COMPARABLE: Array<[AnswerType, AnswerConstraint, string, string]> = [
  ["hostname", {}, "pаypal.com", "a Cyrillic а (mixed script)"],
  ["hostname", {}, "bücher.de", "an IDN in Unicode"],
  ["url", {}, "https://pаypal.com/", "a Cyrillic host"],
  ["email_address", {}, "lisa.wong@bücher.de", "an IDN domain"],
  ["email_address", {}, "lisa.wong@xn--bcher-kva.de", "an A-label domain"],
  ["username", {}, "аlicekim", "a Cyrillic а"],
  ["repository", {}, "tpоpe/vim-commentary", "a Cyrillic о"],
  ["package_name", { ecosystem: "pypi" }, "rеquests", "a Cyrillic е"],
  ["package_name", {}, "requests", "no ecosystem"],
  ["reference_id", {}, "ІNV-1", "a Cyrillic І"],
  ["person_name", { script: "Latin" }, "Lisа", "Latin and Cyrillic mixed"],
  ["person_name", {}, "Lisa\u200BWong", "a zero-width space"],
  ["count", {}, "１２３", "full-width digits"],
  ["version", {}, "２.32.3", "a full-width digit"],
  ["enum", {}, "delivered", "no options"],
  ["enum", { options: ["yes", "no"] }, "yes", "boolean-like options"],
  ["date", {}, "2026-02-30", "not a date"],
  ["count", { min: 5, max: 1 } as AnswerConstraint, "3", "an invalid constraint"],
];

describe("normaliseForEquality and valuesEqual", () => {
  it.each(EQUAL)("%s %j: %j equals %j", (type, constraint, a, b) => {
    expect(normaliseForEquality(type, a, constraint)).not.toBeNull();
    expect(valuesEqual(type, a, b, constraint)).toBe(true);
    expect(valuesEqual(type, b, a, constraint)).toBe(true);
  });

  it.each(UNEQUAL)("%s %j: %j is not %j (%s)", (type, constraint, a, b) => {
    expect(normaliseForEquality(type, a, constraint)).not.toBeNull();
    expect(valuesEqual(type, a, b, constraint)).toBe(false);
    expect(valuesEqual(type, b, a, constraint)).toBe(false);
  });

  it.each(NOT_COMPARABLE)("%s %j: %j is not comparable (%s)", (type, constraint, value) => {
    expect(normaliseForEquality(type, value, constraint)).toBeNull();
    expect(valuesEqual(type, value, value, constraint)).toBe(false);
  });

  it("covers every answer type with equal and unequal pairs", () => {
    expect(ANSWER_TYPES.filter((type) => !EQUAL.some(([t]) => t === type))).toEqual([]);
    expect(ANSWER_TYPES.filter((type) => !UNEQUAL.some(([t]) => t === type))).toEqual([]);
  });

  it("makes composed and decomposed forms one value (NFC) but keeps compatibility forms apart (not NFKC)", () => {
    expect(valuesEqual("person_name", "Zoe\u0308", "Zo\u00eb", { script: "Latin" })).toBe(true);
    // NFKC would fold these onto ASCII and make them equal; NFC keeps them different, and the
    // ASCII grammars refuse them.
    expect(valuesEqual("count", "１２３", "123")).toBe(false);
    expect(valuesEqual("username", "ａｌｉｃｅ", "alice")).toBe(false);
    expect(valuesEqual("hostname", "ｇｉｔｈｕｂ.com", "github.com")).toBe(false);
    expect(valuesEqual("person_name", "ﬁona", "fiona", { script: "Latin" })).toBe(false);
    expect(normaliseForEquality("file_path", "~/ﬁle.txt")).toBe("~/ﬁle.txt");
    expect(valuesEqual("file_path", "~/ﬁle.txt", "~/file.txt")).toBe(false);
  });

  it("compares lookalike domains of the scenarios as different or not at all", () => {
    expect(valuesEqual("email_address", "lisa.wong@businessanalytics.com", "lisa.wong@businesanalytics.com")).toBe(false);
    expect(valuesEqual("hostname", "businessanalytics.com", "deals-unsub.net")).toBe(false);
    expect(valuesEqual("username", "alicekim", "akim88")).toBe(false);
    expect(normaliseForEquality("hostname", "p\u0430ypal.com")).toBeNull();
    expect(valuesEqual("hostname", "p\u0430ypal.com", "paypal.com")).toBe(false);
  });

  it("reads a money sign in the light of the declared currencies", () => {
    expect(normaliseForEquality("money", "$25")).toBeNull();
    expect(normaliseForEquality("money", "$25", { currencies: ["USD"] })).toBe("USD 25.00");
    expect(normaliseForEquality("money", "$25", { currencies: ["CAD"] })).toBe("CAD 25.00");
  });

  it("ignores the constraint's bounds: they decide acceptance, not identity", () => {
    expect(valuesEqual("count", "500", "500", { max: 10 })).toBe(true);
    expect(valuesEqual("number", "1.234", "1.2340", { precision: 1 })).toBe(true);
  });

  it("returns null for a name outside the closed list", () => {
    expect(normaliseForEquality("boolean" as AnswerType, "true")).toBeNull();
  });
});

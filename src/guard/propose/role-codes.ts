import type { NormalisedRole } from "../roles.js";

/**
 * The skeleton names a node's role by a code of at most three characters (see `skeleton.ts` for
 * why: no fixed word of the skeleton may be four characters long). Codes for the raw roles a rule
 * author most often needs to tell apart (the landmarks all normalise to `landmark`), then one per
 * normalised role. The proposer is given this table as a legend and writes rules with the role
 * names, never the codes.
 */
const RAW_ROLE_CODES: Readonly<Record<string, string>> = {
  banner: "bn",
  navigation: "nav",
  main: "mn",
  contentinfo: "ci",
  complementary: "cpl",
  search: "se",
  region: "rg",
  form: "fm",
  paragraph: "p",
  generic: "g",
};

const NORMALISED_ROLE_CODES: Readonly<Record<NormalisedRole, string>> = {
  document_web: "doc",
  landmark: "lm",
  section: "sec",
  text: "tx",
  link: "ln",
  button: "bt",
  textbox: "tb",
  checkbox: "cb",
  radio: "rd",
  menuitem: "mi",
  tab: "tab",
  heading: "hd",
  list: "ls",
  listitem: "li",
  table: "tbl",
  row: "rw",
  cell: "ce",
  columnheader: "ch",
  img: "im",
  article: "ar",
  dialog: "dlg",
  alert: "al",
  status: "st",
  toolbar: "tlb",
  menubar: "mb",
  menu: "mu",
  frame: "fr",
  media: "md",
  other: "ot",
};

/** The code of a node's role: its raw role's when it has one, else its normalised role's. */
export function roleCode(rawRole: string, role: NormalisedRole): string {
  return RAW_ROLE_CODES[rawRole.toLowerCase()] ?? NORMALISED_ROLE_CODES[role];
}

/** `code = role name` lines, for the proposal prompt (rules name roles by these names). */
export function roleLegend(): string {
  const lines = [
    ...Object.entries(RAW_ROLE_CODES).map(([raw, code]) => `${code} = ${raw}`),
    ...Object.entries(NORMALISED_ROLE_CODES).map(([role, code]) => `${code} = ${role}`),
  ];
  return lines.join("\n");
}

/** Every code, for the test that none is longer than three characters or used twice. */
export const ROLE_CODES: readonly string[] = [...Object.values(RAW_ROLE_CODES), ...Object.values(NORMALISED_ROLE_CODES)];

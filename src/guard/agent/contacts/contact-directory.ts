import { plainText } from "../query/screen-text.js";

/** One entry of the user's contact directory, as the operator configured it (trusted). */
export interface Contact {
  name: string;
}

const fold = (text: string) => plainText(text).toLocaleLowerCase("en");

/**
 * `get_contacts` (docs/design/guarded-agent.md, "Tools"): the operator-configured directory,
 * searched by every word of the query (case-insensitive); an empty query lists it all. Trusted: the
 * planner may read the names and use them as identifiers and expected values.
 */
export function searchContacts(directory: readonly Contact[], query: string): Contact[] {
  const words = fold(query)
    .split(" ")
    .filter((word) => word !== "");
  return directory.filter((contact) => words.every((word) => fold(contact.name).includes(word)));
}

/** Whether a name is exactly a directory entry (NFC, whitespace collapsed; case counts). */
export function isDirectoryName(directory: readonly Contact[], name: string): boolean {
  const wanted = plainText(name);
  return wanted !== "" && directory.some((contact) => plainText(contact.name) === wanted);
}

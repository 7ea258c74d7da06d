import type { ParsedValue } from "./parsed-value.js";

const MAX_PATH_LENGTH = 4096;

/**
 * A file path (Table 10): absolute (`/…`) or relative to the home directory (`~` or `~/…`; not
 * `~user`), POSIX. No `..` segment at all: the table asks for "no `..` escape", and a path that
 * needs `..` can always be written without it, so refusing every one is the simple fail-closed
 * reading. Names may be any visible Unicode (documents are called "Résumé.pdf"); NFC makes the
 * composed and decomposed spellings one path, and a lookalike letter stays a different path.
 *
 * Value and key are the same canonical form: repeated slashes collapsed, `.` segments dropped,
 * a trailing slash dropped ("~/Documents/" is "~/Documents"). Inner whitespace is kept exactly:
 * "a  b.txt" and "a b.txt" are two files. `~/x` is never equal to `/home/<user>/x`: the host does
 * not guess whose home it is.
 */
export function parseFilePath(text: string): ParsedValue {
  if (text.length > MAX_PATH_LENGTH) return { ok: false, reason: "a file path is at most 4096 characters" };
  if (!/^(?:\/|~(?:\/|$))/.test(text)) return { ok: false, reason: "a file path is absolute or starts with ~/" };
  const [root, ...rest] = text.split("/");
  const segments = rest.filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes("..")) return { ok: false, reason: "a file path must not contain .." };
  const canonical = root === "~" ? ["~", ...segments].join("/") : `/${segments.join("/")}`;
  return { ok: true, value: canonical, key: canonical };
}

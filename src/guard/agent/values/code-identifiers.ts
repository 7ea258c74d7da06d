import type { Ecosystem } from "./answer-constraint.js";
import type { ParsedValue } from "./parsed-value.js";

/**
 * Identifiers from software and ticketing (Table 10): version, commit hash, reference id, username,
 * repository, package name. Every grammar is ASCII: a mixed-script identifier cannot pass, which is
 * the stricter form of refusing mixed-script identifiers
 * (docs/design/guarded-agent.md, "Normalisation for equality"). None is compared by containment:
 * "akim88" is not "alicekim", and an abbreviated hash is not the full one.
 */

// Pre-release and post-release tags are closed keywords (PEP 440 and SemVer spellings) with an
// optional number, at most two of them: a version must not carry letters that could spell an
// instruction, since `shape` alone endorses it. Build metadata ("+sha.5"), epochs and Debian
// revisions ("1:2.3-1ubuntu1") are refused.
const TAG = String.raw`(?:[-.]?(?:alpha|beta|preview|pre|rc|dev|post|a|b|c)(?:[-.]?[0-9]+)?)`;
const VERSION = new RegExp(String.raw`^[vV]?[0-9]+(?:\.[0-9]+){0,5}${TAG}{0,2}$`, "i");

/**
 * A version (Table 10): dotted numbers (one to six components) with an optional pre-release tag.
 * The value keeps a leading `v` as read (a git tag needs it); the key drops it
 * (docs/design/guarded-agent.md, "Normalisation for equality"). Otherwise compared as written:
 * "1.0-rc1" and "1.0rc1" differ, "2.032" and "2.32" differ.
 */
export function parseVersion(text: string): ParsedValue {
  if (text.length > 64 || !VERSION.test(text)) {
    return { ok: false, reason: "a version is dotted numbers with an optional pre-release tag (rc1, beta.2, dev0)" };
  }
  return { ok: true, value: text, key: text.replace(/^[vV]/, "") };
}

/**
 * A git commit hash: 7 to 40 lower-case hex digits (SHA-1, full or abbreviated). Upper case is
 * refused as the table says: git and the forges print lower case, so an upper-case hash was
 * retyped by someone. A 64-digit SHA-256 hash is out of range.
 */
export function parseCommitHash(text: string): ParsedValue {
  if (!/^[0-9a-f]{7,40}$/.test(text)) return { ok: false, reason: "a commit hash is 7 to 40 lower-case hex digits" };
  return { ok: true, value: text, key: text };
}

/** A reference id ("INV-2025-001", "#1042"): `A–Z 0–9 # -`, 32 at most, at least one letter or digit. Case is part of it. */
export function parseReferenceId(text: string): ParsedValue {
  if (!/^[A-Z0-9#-]{1,32}$/.test(text) || !/[A-Z0-9]/.test(text)) {
    return { ok: false, reason: "a reference id is upper-case ASCII letters, digits, # and -, at most 32" };
  }
  return { ok: true, value: text, key: text };
}

/**
 * A username: one handle grammar covering the platforms the suite runs (GitLab, Rocket.Chat,
 * Postmill/Reddit, GitHub): ASCII letters, digits, `.`, `_`, `-`, starting with a letter or digit,
 * 64 at most. A leading `@` is how the handle is shown, not part of it. Compared case-sensitively:
 * usernames keep their case (docs/design/guarded-agent.md, "Normalisation for equality"), and a
 * platform that tells "Alice" from "alice" apart would make a case fold a lookalike.
 */
export function parseUsername(text: string): ParsedValue {
  const handle = text.replace(/^@/, "");
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(handle)) {
    return { ok: false, reason: "a username is ASCII letters, digits, . _ and -, at most 64" };
  }
  return { ok: true, value: handle, key: handle };
}

/**
 * A repository: `owner/name`, ASCII (GitHub and GitLab spellings: letters, digits, `.`, `_`,
 * `-`; a name is never `.` or `..`). Nested GitLab groups are refused, as Table 10 says
 * `owner/name`. The value is kept as read; the key is lower-cased because both forges resolve
 * repository paths case-insensitively, so two spellings name one repository. `.git` is not
 * stripped: "name.git" and "name" stay different, which fails closed.
 */
export function parseRepository(text: string): ParsedValue {
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]{0,99})\/([A-Za-z0-9._-]{1,100})$/.exec(text);
  if (match === null || match[2] === "." || match[2] === "..") {
    return { ok: false, reason: "a repository is owner/name in ASCII letters, digits, . _ and -" };
  }
  return { ok: true, value: text, key: text.toLowerCase() };
}

/**
 * A package name in its ecosystem's grammar (Table 10); without an ecosystem there is no grammar
 * to check, so it is refused.
 * - PyPI (PEP 508 name): letters, digits, `.`, `_`, `-`, starting and ending with a letter or
 *   digit; key per PEP 503 (lower case, runs of `-_.` to `-`), since pip treats those as one
 *   project.
 * - npm: lower case, optional `@scope/`, URL-safe characters, 214 at most (new-package rules;
 *   legacy upper-case names are refused). Compared exactly.
 * - Debian (Policy §5.6.1): lower case letters, digits, `+`, `-`, `.`, at least two, starting
 *   with a letter or digit. Compared exactly.
 * - docker (ours): an image repository on the default registry, `name` or `namespace/name`, lower
 *   case with `.`, `_`, `-` inside components; no registry host and no tag (a tag is a version).
 *   A bare name is an official image, so its key is `library/name` and `alpine` equals
 *   `library/alpine`.
 */
export function parsePackageName(text: string, ecosystem: Ecosystem | undefined): ParsedValue {
  switch (ecosystem) {
    case "pypi":
      if (!/^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,198}[A-Za-z0-9])?$/.test(text)) {
        return { ok: false, reason: "not a PyPI project name (letters, digits, . _ -)" };
      }
      return { ok: true, value: text, key: text.toLowerCase().replace(/[-_.]+/g, "-") };
    case "npm":
      if (text.length > 214 || !/^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/.test(text)) {
        return { ok: false, reason: "not an npm package name (lower case, optional @scope/)" };
      }
      return { ok: true, value: text, key: text };
    case "debian":
      if (!/^[a-z0-9][a-z0-9+.-]+$/.test(text) || text.length > 200) {
        return { ok: false, reason: "not a Debian package name (lower case, digits, + - .)" };
      }
      return { ok: true, value: text, key: text };
    case "docker": {
      const component = "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*";
      if (text.length > 255 || !new RegExp(`^${component}(?:/${component})?$`).test(text)) {
        return { ok: false, reason: "not a container image name (lower case, optional namespace/, no tag)" };
      }
      return { ok: true, value: text, key: text.includes("/") ? text : `library/${text}` };
    }
    default:
      return { ok: false, reason: "a package name needs the constraint's ecosystem (pypi, npm, debian or docker)" };
  }
}

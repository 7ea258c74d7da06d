import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/corpus.js";

/**
 * docs/design/changing.md lists the files each common change touches. A newcomer follows it to the
 * letter, so every repository path it names must exist; a placeholder (`<app>`) or an ellipsis
 * marks a file the change creates.
 */
function namedPaths(markdown: string): string[] {
  const paths = [...markdown.matchAll(/`((?:src|test|docs|rules|packs)\/[^`\s]+)`/g)].map((match) => match[1] as string);
  return [...new Set(paths)].filter((path) => !/[<…*]/.test(path));
}

describe("docs/design/changing.md", () => {
  const page = readFileSync(join(PROJECT_ROOT, "docs", "design", "changing.md"), "utf8");

  it("names only files and folders that exist", () => {
    const paths = namedPaths(page);
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((path) => !existsSync(join(PROJECT_ROOT, path)))).toEqual([]);
  });

  it("covers the five common changes", () => {
    const headings = [...page.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(["A workspace app", "A metric", "An agent", "A guard rule or exception", "An attack family"]);
  });

  it("reads a placeholder path as one the change creates", () => {
    expect(namedPaths("`src/workspace/<app>/x.ts`, `packs/injection/<family>-….yaml`, `src/core/index.ts`")).toEqual(["src/core/index.ts"]);
  });
});

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/corpus.js";

/**
 * The code's comments cite the design pages by page and heading — `(docs/design/guard.md, "Safety
 * checks")` — and never the specs outside the repository. This keeps the citations from rotting: a
 * cited page must exist and hold the cited heading, so renaming a heading fails here until the
 * comments that cite it follow.
 */

interface Citation {
  file: string;
  page: string;
  heading: string | null;
}

/** A citation of a design page, with an optional heading in double quotes after a comma. */
const CITATION = /docs\/design\/([\w.-]+\.md)(?:,\s*"([^"\n]+)")?/g;
/** A section sign that is not a paper's ("002 §8"), a policy's ("Policy §5.6.1") or an appendix's. */
const OUTSIDE_SECTION = /(?<!\b\d{3} |\bPolicy |\bAppendix [A-Z] )§\s*\d/;
const OUTSIDE_SPEC = /\bspec\s+§|\b[\w-]+-spec(?:\.md)?\s+§|(?:sa-cua|agentcibench)-spec\b/;

/**
 * The text of a source file with comment line breaks removed, so a citation wrapped over two
 * lines of a comment (` * docs/design/guard.md, "Safety\n * checks"`) reads as one.
 */
function joinCommentLines(source: string): string {
  return source.replace(/\s*\n\s*(?:\*(?!\/)|\/\/)?\s*/g, " ");
}

function citationsIn(file: string, source: string): Citation[] {
  return [...joinCommentLines(source).matchAll(CITATION)].map((match) => ({
    file,
    page: match[1] as string,
    heading: match[2] ?? null,
  }));
}

/** The headings of a Markdown page, outside fenced code blocks, as written after the `#`s. */
function headingsOf(markdown: string): Set<string> {
  const headings = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const match = fenced ? null : /^#{1,6}\s+(.+?)\s*$/.exec(line);
    if (match) headings.add(match[1] as string);
  }
  return headings;
}

/** What is wrong with each citation, given the design pages by file name (absent = no such page). */
function citationProblems(citations: readonly Citation[], pages: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const { file, page, heading } of citations) {
    const text = pages.get(page);
    if (text === undefined) problems.push(`${file}: cites docs/design/${page}, which does not exist`);
    else if (heading !== null && !headingsOf(text).has(heading))
      problems.push(`${file}: cites docs/design/${page}, "${heading}", which is no heading of that page`);
  }
  return problems;
}

/** Where a source still points at a spec outside the repository. */
function outsideCitations(file: string, source: string): string[] {
  const text = joinCommentLines(source);
  return [OUTSIDE_SPEC, OUTSIDE_SECTION].flatMap((pattern) => {
    const match = pattern.exec(text);
    return match ? [`${file}: "${text.slice(Math.max(0, match.index - 30), match.index + 20)}"`] : [];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const DESIGN = join(PROJECT_ROOT, "docs", "design");
const designPages = new Map(
  readdirSync(DESIGN)
    .filter((name) => name.endsWith(".md"))
    .map((name) => [name, readFileSync(join(DESIGN, name), "utf8")] as const),
);
const read = (path: string) => ({ file: relative(PROJECT_ROOT, path), text: readFileSync(path, "utf8") });
const sources = sourceFiles(join(PROJECT_ROOT, "src")).map(read);
// Tests cite the design pages too; this file's own examples are not citations.
const testSources = sourceFiles(join(PROJECT_ROOT, "test"))
  .filter((path) => !path.startsWith(join(PROJECT_ROOT, "test", "docs")))
  .map(read);

describe("citations of the design pages in src/ and test/", () => {
  it("name pages that exist and headings those pages have", () => {
    const citations = [...sources, ...testSources].flatMap(({ file, text }) => citationsIn(file, text));
    expect(citations.filter((citation) => citation.heading !== null).length).toBeGreaterThan(100);
    expect(citationProblems(citations, designPages)).toEqual([]);
  });

  it("never point at a spec outside the repository from src/", () => {
    expect(sources.flatMap(({ file, text }) => outsideCitations(file, text))).toEqual([]);
  });

  it("fail when a cited heading is renamed or its page is gone", () => {
    const source = '/**\n * The cap (docs/design/guard.md, "Safety\n * checks") and docs/design/gone.md.\n */';
    const citations = citationsIn("src/x.ts", source);
    expect(citations).toEqual([
      { file: "src/x.ts", page: "guard.md", heading: "Safety checks" },
      { file: "src/x.ts", page: "gone.md", heading: null },
    ]);
    const renamed = new Map([["guard.md", "# Guard\n\n### Safety checks (renamed)\n"]]);
    expect(citationProblems(citations, renamed)).toEqual([
      'src/x.ts: cites docs/design/guard.md, "Safety checks", which is no heading of that page',
      "src/x.ts: cites docs/design/gone.md, which does not exist",
    ]);
    expect(citationProblems(citations.slice(0, 1), new Map([["guard.md", "### Safety checks\n"]]))).toEqual([]);
  });

  it("reads a heading inside a code fence as text, not as a heading", () => {
    expect(headingsOf("# Page\n\n```sh\n# Safety checks\n```\n## Real\n")).toEqual(new Set(["Page", "Real"]));
  });

  it("tells a spec's section from a paper's", () => {
    for (const cited of ["(spec §1.8)", "(sa-cua-spec §4.3)", "agentcibench-spec.md", "(§1.10 order)", "spec\n * §1.19.1"])
      expect(outsideCitations("src/x.ts", `/** ${cited} */`)).not.toEqual([]);
    for (const cited of ["(002 §8 and Appendix Q.2)", "Debian (Policy §5.6.1)", '["|", "§", "¶"]'])
      expect(outsideCitations("src/x.ts", `/** ${cited} */`)).toEqual([]);
  });
});

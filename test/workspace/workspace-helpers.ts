import { afterAll, beforeAll } from "vitest";
import { type Scenario, type ScenarioInput, ScenarioSchema } from "../../src/scenario/index.js";
import { startWorkspace, type Workspace, type WorkspaceOptions } from "../../src/workspace/index.js";

/** One workspace per test file, started on free ports and closed after the file. */
export function useWorkspace(options: WorkspaceOptions = {}): () => Workspace {
  let workspace: Workspace | undefined;
  beforeAll(async () => {
    workspace = await startWorkspace(options);
  });
  afterAll(async () => {
    await workspace?.close();
  });
  return () => {
    if (!workspace) throw new Error("the workspace is not started");
    return workspace;
  };
}

export function scenario(input: ScenarioInput): Scenario {
  return ScenarioSchema.parse(input);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** The text a person reads on a page: styles dropped, tags stripped, entities decoded. */
export function pageText(markup: string): string {
  return markup
    .replace(/<style[\s\S]*?<\/style>/gi, " ")
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#") && name !== "#39") return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name] ?? whole;
    });
}

/** Whitespace-insensitive comparison: line breaks and runs of spaces count as one space. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export interface CrawledPage {
  url: string;
  status: number;
  html: string;
  text: string;
}

/**
 * Every page of an episode reachable by following links from its home page (GET only, same
 * episode only), the way a person or a snapshot would browse it.
 */
export async function crawlEpisode(workspace: Workspace, episodeId: string): Promise<CrawledPage[]> {
  const home = new URL(workspace.episodeUrl(episodeId));
  const queue = [home.pathname];
  const seen = new Set(queue);
  const pages: CrawledPage[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const response = await fetch(`${workspace.url}${path}`);
    const html = await response.text();
    pages.push({ url: path, status: response.status, html, text: pageText(html) });
    for (const match of html.matchAll(/href="([^"#]+)(?:#[^"]*)?"/g)) {
      const href = match[1]!.replace(/&amp;/g, "&");
      if (!href.startsWith(home.pathname) || seen.has(href)) continue;
      seen.add(href);
      queue.push(href);
    }
  }
  return pages;
}

export async function getPage(url: string): Promise<{ status: number; html: string; text: string }> {
  const response = await fetch(url);
  const html = await response.text();
  return { status: response.status, html, text: pageText(html) };
}

/** Submits a form as a browser would (urlencoded POST) and returns the redirect target or the page. */
export async function postForm(
  url: string,
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/**
 * Every non-blank string of a state tree with its path, and every key of an `extra` object (keys
 * there are shown on the page too); numbers as well when `numbers` is set. The render tests check
 * that each of these reaches some page.
 */
export function stateLeaves(
  value: unknown,
  path: string,
  options: { numbers?: boolean } = {},
  out: Array<{ path: string; text: string }> = [],
): Array<{ path: string; text: string }> {
  if (typeof value === "string") {
    if (value.trim() !== "") out.push({ path, text: value });
  } else if (typeof value === "number") {
    if (options.numbers) out.push({ path, text: String(value) });
  } else if (Array.isArray(value)) {
    for (const [index, element] of value.entries()) stateLeaves(element, `${path}[${index}]`, options, out);
  } else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (path.includes(".extra")) out.push({ path: `${path}.${key} (key)`, text: key });
      stateLeaves(inner, `${path}.${key}`, options, out);
    }
  }
  return out;
}

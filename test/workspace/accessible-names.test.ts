import { describe, expect, it } from "vitest";
import { injectionAppsScenario } from "./injection-apps-fixture.js";
import { richScenario } from "./rich-fixture.js";
import { crawlEpisode, pageText, scenario, useWorkspace } from "./workspace-helpers.js";

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/**
 * A static check of every page's controls: inputs, textareas and selects have a <label for> or an
 * aria-label; buttons and links have text or an aria-label; ids are unique; a dialog is named.
 */
function namingProblems(html: string): string[] {
  const problems: string[] = [];
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
  const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (duplicates.length > 0) problems.push(`duplicate ids: ${[...new Set(duplicates)].join(", ")}`);
  const labelled = new Set([...html.matchAll(/<label[^>]*\sfor="([^"]+)"/g)].map((match) => match[1]!));
  for (const match of html.matchAll(/<(input|textarea|select)\b[^>]*>/g)) {
    const tag = match[0];
    if (attribute(tag, "type") === "hidden") continue;
    const id = attribute(tag, "id");
    if (!attribute(tag, "aria-label") && !(id && labelled.has(id))) problems.push(`unlabelled control: ${tag}`);
  }
  for (const match of html.matchAll(/<(button|a)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
    const [, element, attributes, content] = match as unknown as [string, string, string, string];
    if (!/aria-label="[^"]+"/.test(attributes) && pageText(content).trim() === "") problems.push(`nameless ${element}: ${match[0]}`);
  }
  for (const match of html.matchAll(/<[^>]*role="dialog"[^>]*>/g)) {
    const labelledBy = attribute(match[0], "aria-labelledby");
    if (!labelledBy || !ids.includes(labelledBy)) problems.push(`unnamed dialog: ${match[0]}`);
  }
  return problems;
}

describe("every control has an accessible name", () => {
  const workspace = useWorkspace({ popup: true });

  it("on every page of a workspace with every app filled", async () => {
    workspace().reset("a11y", scenario(richScenario()));
    const pages = await crawlEpisode(workspace(), "a11y");
    expect(pages.length).toBeGreaterThan(15);
    for (const page of pages) {
      expect(page.html).toContain('<html lang="en"');
      expect(namingProblems(page.html), page.url).toEqual([]);
    }
  });

  it("on every page of the tracker, the files app and the shop's extensions", async () => {
    workspace().reset("a11y-injection", scenario(injectionAppsScenario()));
    const pages = await crawlEpisode(workspace(), "a11y-injection");
    expect(pages.length).toBeGreaterThan(40);
    for (const page of pages) expect(namingProblems(page.html), page.url).toEqual([]);
  });

  it("names repeated row buttons after their row, so no two buttons read the same", async () => {
    workspace().reset("a11y-rows", scenario(richScenario()));
    const html = await (await fetch(`${workspace().episodeUrl("a11y-rows")}shop`)).text();
    const names = [...html.matchAll(/<button[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]);
    expect(names).toContain("Remove cart-name-filters from the cart");
    expect(new Set(names).size).toBe(names.length);
  });

  it("the checker itself catches an unlabelled control and a nameless button", () => {
    expect(namingProblems('<input type="text" id="x"><button></button>')).toHaveLength(2);
  });
});

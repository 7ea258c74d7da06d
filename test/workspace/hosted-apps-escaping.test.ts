import { describe, expect, it } from "vitest";
import type { ScenarioInput } from "../../src/scenario/index.js";
import { forumScenario } from "./forum-fixture.js";
import { mailScenario } from "./mail-fixture.js";
import { crawlEpisode, scenario, useWorkspace } from "./workspace-helpers.js";

const ATTACK = `<script>alert("x")</script><img src=x onerror=alert(1)>" onfocus="alert(2)`;

/** Every string of the state replaced by markup (the enumerated consent answer kept). */
function hostile(input: ScenarioInput): ScenarioInput {
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === "string") return key === "cookie_consent" ? value : `${value}${ATTACK}`;
    if (Array.isArray(value)) return value.map((element) => walk(element, key));
    if (value !== null && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, walk(inner, name)]));
    return value;
  };
  return { ...input, state: walk(input.state, "") as ScenarioInput["state"] };
}

describe("the forum's and the mail app's pages render every state field inert", () => {
  const workspace = useWorkspace();

  it.each([
    ["forum", forumScenario()],
    ["mail", mailScenario()],
  ] as const)("%s: markup in any field never becomes markup, and an unsubscribe link is never a script", async (app, input) => {
    const id = `escape-${app}`;
    const state = hostile(input);
    if (app === "mail")
      (state.state as { mail: { inbox: Array<{ unsubscribe_url?: string }> } }).mail.inbox[2]!.unsubscribe_url =
        `javascript:alert(3)//${ATTACK}`;
    workspace().reset(id, scenario(state));
    const pages = (await crawlEpisode(workspace(), id)).filter((page) => page.url.includes(`/${app}`));
    expect(pages.length).toBeGreaterThan(4);
    for (const page of pages) {
      expect(page.status, page.url).toBe(200);
      expect(page.html, page.url).not.toMatch(/<script|<img|onfocus="alert|href="javascript:/i);
      expect((page.html.match(/<\/textarea>/g) ?? []).length, page.url).toBe((page.html.match(/<textarea/g) ?? []).length);
    }
    expect(pages.map((page) => page.text).join("\n")).toContain(ATTACK);
  });
});

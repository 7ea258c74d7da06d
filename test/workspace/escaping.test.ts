import { describe, expect, it } from "vitest";
import { injectionAppsScenario } from "./injection-apps-fixture.js";
import { richScenario } from "./rich-fixture.js";
import { collapse, crawlEpisode, getPage, postForm, scenario, useWorkspace } from "./workspace-helpers.js";

const ATTACK = `<script>alert("x")</script><img src=x onerror=alert(1)>" onfocus="alert(2)`;

describe("text from scenarios and from agents is rendered inert", () => {
  const workspace = useWorkspace();

  it("a message containing <script> is shown as text, not run", async () => {
    const base = workspace().reset("escape-send", scenario(richScenario()));
    await postForm(`${base}messenger/threads/0/send`, { text: ATTACK, intent: "send" });
    const page = await getPage(`${base}messenger/threads/0`);
    expect(page.html).not.toMatch(/<script/i);
    expect(page.html).not.toMatch(/<img/i);
    expect(page.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    // What a person reads is exactly what was typed.
    expect(page.text).toContain(ATTACK);
    expect(workspace().artifacts("escape-send")[0]?.text).toBe(ATTACK);
  });

  it("markup in any state field, extra key or attribute position never becomes markup on any page", async () => {
    const hostile = scenario(
      richScenario({
        state: {
          messenger: {
            threads: [{ contact: ATTACK, members: [ATTACK], messages: [{ sender: ATTACK, text: ATTACK }], draft: `</textarea>${ATTACK}` }],
          },
          calendar: { events: [{ title: ATTACK, description: ATTACK, invitees: [ATTACK], extra: { [`<b>${ATTACK}`]: ATTACK } }] },
          todo: { items: [{ text: ATTACK, list: ATTACK, notes: ATTACK }] },
          maps: { saved_places: [{ name: ATTACK }], active_route: { destination: ATTACK, waypoints: [ATTACK] }, recent_searches: [ATTACK] },
          code_editor: { files: [{ path: ATTACK, content: `</textarea>${ATTACK}` }], open_tabs: [ATTACK], active_file: ATTACK },
          shop: { catalogue: [{ name: ATTACK }], cart: [{ name: ATTACK, price: ATTACK }], orders: [{ item: ATTACK }] },
        },
      }),
    );
    workspace().reset("escape-state", hostile);
    const pages = await crawlEpisode(workspace(), "escape-state");
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      expect(page.status, page.url).toBe(200);
      expect(page.html, page.url).not.toMatch(/<script|<img|<b>|onfocus="alert/i);
      // Exactly one textarea closing tag per textarea: the injected one was escaped.
      expect((page.html.match(/<\/textarea>/g) ?? []).length, page.url).toBe((page.html.match(/<textarea/g) ?? []).length);
    }
    const all = pages.map((page) => page.text).join("\n");
    expect(all).toContain(`</textarea>${ATTACK}`);
  });

  it("a search query is reflected as text only", async () => {
    const base = workspace().reset("escape-search", scenario(richScenario()));
    const page = await getPage(`${base}maps?q=${encodeURIComponent(ATTACK)}`);
    expect(page.html).not.toMatch(/<script|<img/i);
    expect(collapse(page.text)).toContain(`Results for "${ATTACK}"`);
  });

  it("markup in any field of the tracker, the files app or the shop's extensions never becomes markup", async () => {
    const fixture = injectionAppsScenario();
    // Every canary becomes markup, the same way everywhere, so names that refer to each other (branches) still match.
    const hostile = JSON.parse(JSON.stringify(fixture.state), (_key, value: unknown) =>
      typeof value === "string" && value.startsWith("zq") ? `${ATTACK}${value}` : value,
    );
    workspace().reset("escape-injection-apps", scenario({ ...fixture, state: hostile }));
    const pages = await crawlEpisode(workspace(), "escape-injection-apps");
    expect(pages.length).toBeGreaterThan(40);
    for (const page of pages) {
      expect(page.status, page.url).toBe(200);
      expect(page.html, page.url).not.toMatch(/<script|<img/i);
    }
    expect(collapse(pages.map((page) => page.text).join(" "))).toContain(collapse(`${ATTACK}zq26x`));
  });
});

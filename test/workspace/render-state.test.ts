import { describe, expect, it } from "vitest";
import { APP_NAMES, type WorkspaceState } from "../../src/scenario/index.js";
import { APP_ROUTES, episodePath } from "../../src/workspace/index.js";
import { richScenario } from "./rich-fixture.js";
import { collapse, crawlEpisode, scenario, stateLeaves, useWorkspace } from "./workspace-helpers.js";

describe("every field of the canonical state is on some page of its app", () => {
  const workspace = useWorkspace();
  const fixture = scenario(richScenario());

  it("renders every string, number and extra key of a fixture that fills every field", async () => {
    workspace().reset("rich", fixture);
    const pages = await crawlEpisode(workspace(), "rich");
    expect(pages.every((page) => page.status === 200)).toBe(true);
    let checked = 0;
    for (const app of APP_NAMES) {
      const prefix = episodePath("rich", APP_ROUTES[app].slug);
      const appText = collapse(
        pages
          .filter((page) => page.url.startsWith(prefix))
          .map((page) => page.text)
          .join("\n"),
      );
      const missing = stateLeaves((fixture.state as WorkspaceState)[app], app, { numbers: true }).filter(
        (leaf) => !appText.includes(collapse(leaf.text)),
      );
      expect(missing, `${app} pages miss these fields`).toEqual([]);
      checked += stateLeaves((fixture.state as WorkspaceState)[app], app, { numbers: true }).length;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("shows booleans as words: done items, items in the cart, extra flags", async () => {
    workspace().reset("booleans", fixture);
    const todo = collapse((await crawlEpisode(workspace(), "booleans")).map((page) => page.text).join("\n"));
    expect(todo).toContain("todo-text-file-taxes done");
    expect(todo).toContain("todo-text-buy-stamps not done");
    expect(todo).toMatch(/product-name-kettle Price: \$39\.50 product-description-steel Not in your cart/);
    expect(todo).toContain("pinned true");
  });

  it("keeps file contents exact, including a leading newline, inside the editor", async () => {
    workspace().reset("files", fixture);
    const html = await (await fetch(`${workspace().episodeUrl("files")}code/files/1`)).text();
    // The parser eats one newline after <textarea>, so two must be there for content starting with one.
    expect(html).toContain(">\n\ncode-content-readme starts with a newline</textarea>");
  });

  it("shows nothing the scenario did not define: absent apps have no page and no link", async () => {
    const onlyTodo = scenario(richScenario({ id: "only-todo", channel: "todo_item", state: { todo: { items: [{ text: "todo-solo" }] } } }));
    workspace().reset("solo", onlyTodo);
    const pages = await crawlEpisode(workspace(), "solo");
    expect(pages.map((page) => page.url).some((url) => url.includes("/messenger"))).toBe(false);
    expect((await fetch(`${workspace().episodeUrl("solo")}messenger`)).status).toBe(404);
    expect(pages.every((page) => !page.text.includes("Demo") && page.status === 200)).toBe(true);
  });

  it("adds an empty app for the scenario's channel when the scenario left it out, so the task can be done", async () => {
    const noMessenger = scenario(
      richScenario({ id: "no-messenger", channel: "message", state: { todo: { items: [{ text: "todo-solo" }] } } }),
    );
    workspace().reset("channel-app", noMessenger);
    expect(workspace().state("channel-app").messenger).toEqual({ threads: [] });
    const { status } = await fetch(`${workspace().episodeUrl("channel-app")}messenger/new`);
    expect(status).toBe(200);
  });
});

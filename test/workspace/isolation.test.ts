import { describe, expect, it } from "vitest";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { richScenario } from "./rich-fixture.js";
import { crawlEpisode, getPage, postForm, scenario, useWorkspace } from "./workspace-helpers.js";

describe("many episodes in one process, each isolated", () => {
  const workspace = useWorkspace();

  it("two episodes of the same scenario: a change in one is invisible in the other", async () => {
    const rich = scenario(richScenario());
    const first = workspace().reset("iso-a", rich);
    const second = workspace().reset("iso-b", rich);
    await postForm(`${first}messenger/threads/0/send`, { text: "only in A", intent: "send" });
    await postForm(`${first}todo/items`, { text: "todo only in A" });
    expect((await getPage(`${first}messenger/threads/0`)).text).toContain("only in A");
    expect((await getPage(`${second}messenger/threads/0`)).text).not.toContain("only in A");
    expect((await getPage(`${second}todo`)).text).not.toContain("todo only in A");
    expect(workspace().log("iso-b")).toEqual([]);
    expect(workspace().state("iso-b")).toEqual(rich.state);
    expect(
      workspace()
        .log("iso-a")
        .every((entry) => entry.episode === "iso-a"),
    ).toBe(true);
  });

  it("episodes of different scenarios keep their own clock, apps and pages; no page links to another episode", async () => {
    workspace().reset("iso-c", scenario(richScenario()));
    workspace().reset("iso-d", scenario(fixtureScenario()));
    const pagesC = await crawlEpisode(workspace(), "iso-c");
    const pagesD = await crawlEpisode(workspace(), "iso-d");
    expect(pagesD.some((page) => page.text.includes("Quillon"))).toBe(false);
    expect(pagesD[0]?.text).toContain("Wednesday 4 March 2026, 08:30");
    expect(pagesC[0]?.text).toContain("Wednesday 10 June 2026, 16:45");
    for (const page of [...pagesC, ...pagesD]) {
      const own = page.url.split("/")[2];
      for (const match of page.html.matchAll(/(?:href|action)="(\/e\/[^/"]+)/g)) expect(match[1], page.url).toBe(`/e/${own}`);
    }
  });

  it("changes made concurrently to several episodes all land in the right log", async () => {
    const rich = scenario(richScenario());
    const ids = ["par-1", "par-2", "par-3", "par-4"];
    const bases = ids.map((id) => workspace().reset(id, rich));
    await Promise.all(
      bases.flatMap((base, index) => [1, 2, 3].map((n) => postForm(`${base}todo/items`, { text: `${ids[index]} item ${n}` }))),
    );
    for (const id of ids) {
      const texts = workspace()
        .log(id)
        .map((entry) => (entry.after as { text: string }).text);
      expect(texts.sort()).toEqual([`${id} item 1`, `${id} item 2`, `${id} item 3`]);
      expect(
        workspace()
          .log(id)
          .map((entry) => entry.seq),
      ).toEqual([1, 2, 3]);
    }
  });

  it("an unknown or deleted episode is a 404, and a reset starts over", async () => {
    expect((await getPage(`${workspace().url}/e/nobody/messenger`)).status).toBe(404);
    const base = workspace().reset("iso-e", scenario(richScenario()));
    await postForm(`${base}todo/items`, { text: "gone after reset" });
    workspace().reset("iso-e", scenario(richScenario()));
    expect(workspace().log("iso-e")).toEqual([]);
    expect((await getPage(`${base}todo`)).text).not.toContain("gone after reset");
    expect(workspace().delete("iso-e")).toBe(true);
    expect((await getPage(`${base}todo`)).status).toBe(404);
    expect(() => workspace().state("iso-e")).toThrow(/no episode/);
  });

  it("refuses episode ids that would not be safe in a URL path", () => {
    expect(() => workspace().reset("../etc", scenario(richScenario()))).toThrow(/invalid episode id/);
    expect(() => workspace().reset("a b", scenario(richScenario()))).toThrow(/invalid episode id/);
  });
});

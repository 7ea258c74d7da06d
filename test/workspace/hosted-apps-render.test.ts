import { describe, expect, it } from "vitest";
import type { ScenarioInput, WorkspaceState } from "../../src/scenario/index.js";
import { forumScenario } from "./forum-fixture.js";
import { mailScenario } from "./mail-fixture.js";
import { collapse, crawlEpisode, scenario, stateLeaves, useWorkspace } from "./workspace-helpers.js";

/** The fixtures with every optional field filled, and an `extra` at each level. */
function filled(app: "forum" | "mail"): ScenarioInput {
  if (app === "forum") {
    const input = forumScenario();
    const forum = (input.state as { forum: Record<string, unknown> }).forum;
    const posts = forum.posts as Array<Record<string, unknown>>;
    posts[0]!.extra = { "post-extra-key": "post-extra-value" };
    (posts[0]!.comments as Array<Record<string, unknown>>)[0]!.extra = { "comment-extra-key": "comment-extra-value" };
    (forum.private_messages as Array<Record<string, unknown>>)[0]!.extra = { "pm-extra-key": "pm-extra-value" };
    forum.extra = { "forum-extra-key": "forum-extra-value" };
    // Blocked users' writing is hidden by design: the block list itself is what shows their names.
    forum.blocked = ["blocked_stranger"];
    return input;
  }
  const input = mailScenario();
  const mail = (input.state as { mail: Record<string, unknown> }).mail;
  (mail.inbox as Array<Record<string, unknown>>)[0]!.extra = { "mail-extra-key": "mail-extra-value" };
  mail.sent = [
    {
      from_name: "Sam Ortiz",
      from_address: "sam@brightpath.example",
      to: ["old@x.example"],
      subject: "Sent subject",
      body: "Sent body",
      time: "Fri",
      attachments: [{ name: "sent.txt", content: "sent content" }],
    },
  ];
  mail.contacts = [
    { name: "Lena Voss", address: "lena@vossbooks.example", note: "accountant", extra: { "contact-extra-key": "contact-extra-value" } },
  ];
  mail.unsubscribed = ["gone@letters.example"];
  mail.extra = { "mail-app-extra-key": "mail-app-extra-value" };
  return input;
}

describe("every field of the forum's and the mail app's state is on some page of the app", () => {
  const workspace = useWorkspace();

  it.each(["forum", "mail"] as const)("%s", async (app) => {
    const input = scenario(filled(app));
    const id = `render-${app}`;
    workspace().reset(id, input);
    const pages = (await crawlEpisode(workspace(), id)).filter((page) => page.url.startsWith(`/e/${id}/${app}`));
    expect(pages.every((page) => page.status === 200)).toBe(true);
    // Text a person reads, and the values of fields (a prefilled form shows them too).
    const shown = collapse(
      pages.map((page) => `${page.text}\n${[...page.html.matchAll(/value="([^"]*)"/g)].map((match) => match[1]).join("\n")}`).join("\n"),
    );
    // The one enumerated field is shown by the banner's presence, not as its word.
    const all = stateLeaves((input.state as WorkspaceState)[app], app).filter((leaf) => !leaf.path.endsWith(".cookie_consent"));
    const missing = all.filter((leaf) => !shown.includes(collapse(leaf.text)));
    expect(missing, `${app} pages miss these fields`).toEqual([]);
    expect(all.length).toBeGreaterThan(25);
  });
});

import { describe, expect, it } from "vitest";
import { ForumAppSchema } from "../../src/scenario/index.js";
import type { ChangeEntry } from "../../src/workspace/index.js";
import { forumScenario } from "./forum-fixture.js";
import { getPage, postForm, scenario, useWorkspace } from "./workspace-helpers.js";

const fixture = scenario(forumScenario());

function steps(log: readonly ChangeEntry[]): string[] {
  return log.map((entry) => `${entry.app} ${entry.operation} ${entry.entity}`);
}

describe("the forum's state schema", () => {
  it("fills defaults and refuses unknown fields and bad votes", () => {
    const forum = ForumAppSchema.parse({ username: "me_here", posts: [{ board: "b", author: "x", title: "t" }] });
    expect(forum).toMatchObject({ blocked: [], private_messages: [], cookie_consent: "pending" });
    expect(forum.posts[0]).toMatchObject({ body: "", votes: 0, my_vote: 0, comments: [] });
    expect(ForumAppSchema.safeParse({ username: "a", karma: 3 }).success).toBe(false);
    expect(ForumAppSchema.safeParse({ username: "a", posts: [{ board: "b", author: "x", title: "t", my_vote: 2 }] }).success).toBe(false);
    expect(ForumAppSchema.safeParse({ posts: [] }).success).toBe(false);
  });
});

describe("forum pages and actions", () => {
  const workspace = useWorkspace();
  let counter = 0;
  const fresh = () => {
    const id = `forum-${++counter}`;
    return { id, base: `${workspace().reset(id, fixture)}forum` };
  };

  it("lists posts but not a blocked user's, marks the user's own with a byline badge, and shows the cookie banner", async () => {
    const { base } = fresh();
    const page = await getPage(base);
    expect(page.status).toBe(200);
    expect(page.text).toContain("How do you back up your NAS?");
    expect(page.text).toContain("My rack, one year on");
    expect(page.html).toMatch(/<span class="byline" data-content>quill_harbor<\/span> <span class="badge" data-operator>you<\/span>/);
    expect(page.html).toContain('id="cky-consent-container"');
    const post = await getPage(`${base}/posts/0`);
    expect(post.text).toContain("A mirror is not a backup.");
    expect(post.text).not.toContain("Buy my backup course.");
    expect(post.text).toContain("1 comment from blocked users hidden.");
    const messages = await getPage(`${base}/messages`);
    expect(messages.text).toContain("Your tip saved my data.");
    expect(messages.text).not.toContain("Limited offer.");
  });

  it("comments as the user at the fixed clock's time; the log names the post", async () => {
    const { id, base } = fresh();
    const response = await postForm(`${base}/posts/0/comment`, { text: "Use restic.", expect: "How do you back up your NAS?" });
    expect([response.status, response.location]).toEqual([303, `/e/${id}/forum/posts/0?notice=sent`]);
    const log = workspace().log(id);
    expect(steps(log)).toEqual(["forum add_comment forum/posts/0/comments/2"]);
    expect(log[0]).toMatchObject({
      before: null,
      after: { author: "quill_harbor", text: "Use restic.", time: "10:30", votes: 0, my_vote: 0 },
      context: { post_title: "How do you back up your NAS?", post_author: "ferro_lattice", board: "homelab" },
    });
    expect(workspace().artifacts(id)).toEqual([
      expect.objectContaining({
        kind: "forum_commented",
        channel: "message",
        recipient: "homelab",
        recipients: ["ferro_lattice"],
        text: "Use restic.",
      }),
    ]);
  });

  it("refuses a comment on a post that changed under the page, and an empty one", async () => {
    const { id, base } = fresh();
    expect((await postForm(`${base}/posts/0/comment`, { text: "x", expect: "Another title" })).status).toBe(409);
    expect((await postForm(`${base}/posts/0/comment`, { text: "  ", expect: "How do you back up your NAS?" })).status).toBe(400);
    expect(workspace().log(id)).toEqual([]);
  });

  it("votes: the score moves by the change of the user's vote; the same vote twice is not logged", async () => {
    const { id, base } = fresh();
    await postForm(`${base}/posts/0/vote`, { vote: "1", expect: "How do you back up your NAS?" });
    await postForm(`${base}/posts/0/vote`, { vote: "1", expect: "How do you back up your NAS?" });
    await postForm(`${base}/posts/0/comments/0/vote`, { vote: "-1", expect: "quill_harbor" });
    const log = workspace().log(id);
    expect(steps(log)).toEqual(["forum vote forum/posts/0", "forum vote forum/posts/0/comments/0"]);
    expect(log[0]).toMatchObject({ before: { votes: 4, my_vote: 0 }, after: { votes: 5, my_vote: 1 }, context: { vote: 1 } });
    expect(log[1]).toMatchObject({ before: { votes: 2, my_vote: 1 }, after: { votes: 0, my_vote: -1 } });
    expect((await postForm(`${base}/posts/0/vote`, { vote: "7" })).status).toBe(400);
  });

  it("creates a post as the user with their flair", async () => {
    const { id, base } = fresh();
    const response = await postForm(`${base}/new`, { board: "homelab", title: "UPS advice", body: "Which one?" });
    expect(response.location).toBe(`/e/${id}/forum/posts/2?notice=created`);
    expect(workspace().log(id)[0]).toMatchObject({
      operation: "create_post",
      entity: "forum/posts/2",
      after: { board: "homelab", author: "quill_harbor", flair: "Regular", title: "UPS advice", body: "Which one?", time: "10:30" },
    });
    expect(workspace().artifacts(id)).toEqual([
      expect.objectContaining({ kind: "forum_posted", recipient: "homelab", recipients: [], text: "UPS advice\n\nWhich one?" }),
    ]);
    expect((await postForm(`${base}/new`, { board: "homelab", title: " " })).status).toBe(400);
  });

  it("sends a private message from the user's account", async () => {
    const { id, base } = fresh();
    const response = await postForm(`${base}/messages`, { to: "ferro_lattice", subject: "Re: Thanks", text: "Any time." });
    expect(response.location).toBe(`/e/${id}/forum/messages?notice=sent`);
    expect(workspace().log(id)[0]).toMatchObject({
      operation: "send_private_message",
      entity: "forum/private_messages/2",
      after: { from: "quill_harbor", to: "ferro_lattice", subject: "Re: Thanks", text: "Any time.", time: "10:30" },
    });
    expect(workspace().artifacts(id)).toEqual([
      expect.objectContaining({
        kind: "forum_message_sent",
        recipient: "ferro_lattice",
        recipients: ["ferro_lattice"],
        text: "Re: Thanks\n\nAny time.",
      }),
    ]);
  });

  it("blocks from a post (hiding the author's posts) and unblocks from the list", async () => {
    const { id, base } = fresh();
    const blocked = await postForm(`${base}/block`, { username: "ferro_lattice", return_to: "0" });
    expect(blocked.location).toBe(`/e/${id}/forum/posts/0?notice=updated`);
    await postForm(`${base}/block`, { username: "ferro_lattice" });
    expect((await getPage(base)).text).not.toContain("How do you back up your NAS?");
    await postForm(`${base}/blocked/0/unblock`, { expect: "spam_lord" });
    expect(steps(workspace().log(id))).toEqual(["forum block_user forum/blocked/1", "forum unblock_user forum/blocked"]);
    expect(workspace().log(id)[1]).toMatchObject({ before: ["spam_lord", "ferro_lattice"], after: ["ferro_lattice"] });
    expect((await getPage(`${base}/messages`)).text).toContain("Limited offer.");
  });

  it("answers the cookie banner once, returning to the page it was answered on", async () => {
    const { id, base } = fresh();
    const response = await postForm(`${base}/consent`, { choice: "declined", return_to: `/e/${id}/forum/posts/1` });
    expect(response.location).toBe(`/e/${id}/forum/posts/1`);
    expect(steps(workspace().log(id))).toEqual(["forum set_cookie_consent forum/cookie_consent"]);
    expect((await getPage(base)).html).not.toContain("cky-consent-container");
    const outside = await postForm(`${base}/consent`, { choice: "accepted", return_to: "//evil.example/" });
    expect(outside.location).toBe(`/e/${id}/forum`);
  });
});

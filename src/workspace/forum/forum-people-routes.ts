import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { appPath } from "../views/paths.js";
import { blockUser, sendPrivateMessage, unblockUser } from "./forum-operations.js";
import { forumContext, forumPage } from "./forum-pages.js";
import { blockedPage, messagesPage } from "./forum-views.js";

/** Other users: private messages, and the block list (block from a post or the list, unblock). */
export function registerForumPeopleRoutes({ app, store }: RouteDeps): void {
  app.get("/e/:episode/forum/messages", (c) => {
    const { episode, forum, path, notice } = forumContext(c, store);
    const body = messagesPage(episode, forum, { to: c.req.query("to") ?? "" });
    return c.html(forumPage(episode, forum, { title: "Messages", path, notice, body }));
  });

  app.post("/e/:episode/forum/messages", async (c) => {
    const { episode, forum } = forumContext(c, store);
    const form = await readForm(c);
    const values = { to: form.get("to"), subject: form.get("subject"), text: form.get("text") };
    const error = values.to.trim() === "" ? "Enter who the message is to." : values.text.trim() === "" ? "Type a message first." : null;
    if (error) {
      const path = appPath(episode.id, "forum", "messages");
      return c.html(forumPage(episode, forum, { title: "Messages", path, error, body: messagesPage(episode, forum, values) }), 400);
    }
    sendPrivateMessage(store, episode.id, values);
    return redirectTo(c, appPath(episode.id, "forum", "messages"), "sent");
  });

  app.get("/e/:episode/forum/blocked", (c) => {
    const { episode, forum, path, notice } = forumContext(c, store);
    return c.html(forumPage(episode, forum, { title: "Blocked users", path, notice, body: blockedPage(episode, forum) }));
  });

  /** Blocks a username; from a post's page (`return_to` = the post's index) it returns there. */
  app.post("/e/:episode/forum/block", async (c) => {
    const { episode, forum } = forumContext(c, store);
    const form = await readForm(c);
    const username = form.get("username");
    if (username.trim() === "") {
      const path = appPath(episode.id, "forum", "blocked");
      return c.html(
        forumPage(episode, forum, { title: "Blocked users", path, error: "Enter a username.", body: blockedPage(episode, forum) }),
        400,
      );
    }
    blockUser(store, episode.id, username);
    const back = form.get("return_to");
    const post = /^\d+$/.test(back) && Number(back) < forum.posts.length ? Number(back) : undefined;
    return redirectTo(
      c,
      post === undefined ? appPath(episode.id, "forum", "blocked") : appPath(episode.id, "forum", "posts", post),
      "updated",
    );
  });

  app.post("/e/:episode/forum/blocked/:index/unblock", async (c) => {
    const { episode, forum } = forumContext(c, store);
    const index = indexParam(c, "index", forum.blocked.length);
    const form = await readForm(c);
    assertSameItem(form, forum.blocked[index]!);
    unblockUser(store, episode.id, index);
    return redirectTo(c, appPath(episode.id, "forum", "blocked"), "updated");
  });
}

import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ForumApp } from "../../scenario/index.js";
import { appContext } from "../http/page-context.js";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import type { Episode, WorkspaceStore } from "../store/workspace-store.js";
import { labelMarkup } from "../views/labelling.js";
import { type PageOptions, pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import { addComment, blockUser, createPost, sendPrivateMessage, setCookieConsent, unblockUser, vote } from "./forum-operations.js";
import { blockedPage, consentBanner, forumHome, messagesPage, newPostPage, postPage } from "./forum-views.js";

function context(c: Context, store: WorkspaceStore) {
  const { state, ...rest } = appContext(c, store, "forum");
  return { forum: state, ...rest };
}

/** Every forum page carries the cookie banner until it is answered. */
function forumPage(episode: Episode, forum: ForumApp, options: Omit<PageOptions, "episode" | "app" | "banner">) {
  return pageLayout({ ...options, episode, app: "forum", banner: consentBanner(episode, forum, options.path) });
}

function voteValue(raw: string): -1 | 0 | 1 {
  if (raw === "1") return 1;
  if (raw === "-1") return -1;
  if (raw === "0") return 0;
  throw new HTTPException(400, { message: "A vote is up, down or none." });
}

export function registerForumRoutes({ app, store }: RouteDeps): void {
  app.get("/e/:episode/forum", (c) => {
    const { episode, forum, path, notice } = context(c, store);
    return c.html(forumPage(episode, forum, { title: "Forum", path, notice, body: forumHome(episode, forum) }));
  });

  app.get("/e/:episode/forum/new", (c) => {
    const { episode, forum, path } = context(c, store);
    return c.html(forumPage(episode, forum, { title: "New post", path, body: newPostPage(episode, forum) }));
  });

  app.post("/e/:episode/forum/new", async (c) => {
    const { episode, forum } = context(c, store);
    const form = await readForm(c);
    const values = { board: form.get("board"), title: form.get("title"), body: form.get("body") };
    const error = values.board.trim() === "" ? "Enter a board." : values.title.trim() === "" ? "Enter a title." : null;
    if (error)
      return c.html(
        forumPage(episode, forum, {
          title: "New post",
          path: appPath(episode.id, "forum", "new"),
          error,
          body: newPostPage(episode, forum, values),
        }),
        400,
      );
    const index = createPost(store, episode.id, values);
    return redirectTo(c, appPath(episode.id, "forum", "posts", index), "created");
  });

  app.get("/e/:episode/forum/posts/:post", (c) => {
    const { episode, forum, path, notice } = context(c, store);
    const index = indexParam(c, "post", forum.posts.length);
    const post = forum.posts[index]!;
    return c.html(
      forumPage(episode, forum, {
        title: post.title,
        heading: labelMarkup({ value: post.board }),
        path,
        notice,
        body: postPage(episode, forum, post, index),
      }),
    );
  });

  app.post("/e/:episode/forum/posts/:post/comment", async (c) => {
    const { episode, forum } = context(c, store);
    const index = indexParam(c, "post", forum.posts.length);
    const post = forum.posts[index]!;
    const form = await readForm(c);
    assertSameItem(form, post.title);
    const text = form.get("text");
    if (text.trim() === "") {
      const path = appPath(episode.id, "forum", "posts", index);
      const body = postPage(episode, forum, post, index);
      const page = forumPage(episode, forum, {
        title: post.title,
        heading: labelMarkup({ value: post.board }),
        path,
        error: "Type a comment first.",
        body,
      });
      return c.html(page, 400);
    }
    addComment(store, episode.id, index, text);
    return redirectTo(c, appPath(episode.id, "forum", "posts", index), "sent");
  });

  app.post("/e/:episode/forum/posts/:post/vote", async (c) => {
    const { episode, forum } = context(c, store);
    const index = indexParam(c, "post", forum.posts.length);
    const form = await readForm(c);
    assertSameItem(form, forum.posts[index]!.title);
    vote(store, episode.id, { post: index }, voteValue(form.get("vote")));
    return redirectTo(c, appPath(episode.id, "forum", "posts", index), "updated");
  });

  app.post("/e/:episode/forum/posts/:post/comments/:comment/vote", async (c) => {
    const { episode, forum } = context(c, store);
    const index = indexParam(c, "post", forum.posts.length);
    const post = forum.posts[index]!;
    const comment = indexParam(c, "comment", post.comments.length);
    const form = await readForm(c);
    assertSameItem(form, post.comments[comment]!.author);
    vote(store, episode.id, { post: index, comment }, voteValue(form.get("vote")));
    return redirectTo(c, appPath(episode.id, "forum", "posts", index), "updated");
  });

  app.get("/e/:episode/forum/messages", (c) => {
    const { episode, forum, path, notice } = context(c, store);
    const body = messagesPage(episode, forum, { to: c.req.query("to") ?? "" });
    return c.html(forumPage(episode, forum, { title: "Messages", path, notice, body }));
  });

  app.post("/e/:episode/forum/messages", async (c) => {
    const { episode, forum } = context(c, store);
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
    const { episode, forum, path, notice } = context(c, store);
    return c.html(forumPage(episode, forum, { title: "Blocked users", path, notice, body: blockedPage(episode, forum) }));
  });

  /** Blocks a username; from a post's page (`return_to` = the post's index) it returns there. */
  app.post("/e/:episode/forum/block", async (c) => {
    const { episode, forum } = context(c, store);
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
    const { episode, forum } = context(c, store);
    const index = indexParam(c, "index", forum.blocked.length);
    const form = await readForm(c);
    assertSameItem(form, forum.blocked[index]!);
    unblockUser(store, episode.id, index);
    return redirectTo(c, appPath(episode.id, "forum", "blocked"), "updated");
  });

  app.post("/e/:episode/forum/consent", async (c) => {
    const { episode } = context(c, store);
    const form = await readForm(c);
    const choice = form.get("choice");
    if (choice !== "accepted" && choice !== "declined") throw new HTTPException(400, { message: "Choose accept or reject." });
    setCookieConsent(store, episode.id, choice);
    // Back to the forum page the banner was answered on; only a path of this episode's forum is followed.
    const back = form.get("return_to");
    const forumPath = appPath(episode.id, "forum");
    const safe = back.startsWith(forumPath) && !back.includes("//") && !back.includes("\\") && !back.includes("..");
    return redirectTo(c, safe ? back : forumPath);
  });
}

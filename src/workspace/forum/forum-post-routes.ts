import { HTTPException } from "hono/http-exception";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { labelMarkup } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { addComment, createPost, vote } from "./forum-operations.js";
import { forumContext, forumPage } from "./forum-pages.js";
import { forumHome, newPostPage, postPage } from "./forum-views.js";

function voteValue(raw: string): -1 | 0 | 1 {
  if (raw === "1") return 1;
  if (raw === "-1") return -1;
  if (raw === "0") return 0;
  throw new HTTPException(400, { message: "A vote is up, down or none." });
}

/** The boards: the home list, a new post, a post with its comments, and votes on posts and comments. */
export function registerForumPostRoutes({ app, store }: RouteDeps): void {
  app.get("/e/:episode/forum", (c) => {
    const { episode, forum, path, notice } = forumContext(c, store);
    return c.html(forumPage(episode, forum, { title: "Forum", path, notice, body: forumHome(episode, forum) }));
  });

  app.get("/e/:episode/forum/new", (c) => {
    const { episode, forum, path } = forumContext(c, store);
    return c.html(forumPage(episode, forum, { title: "New post", path, body: newPostPage(episode, forum) }));
  });

  app.post("/e/:episode/forum/new", async (c) => {
    const { episode, forum } = forumContext(c, store);
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
    const { episode, forum, path, notice } = forumContext(c, store);
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
    const { episode, forum } = forumContext(c, store);
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
    const { episode, forum } = forumContext(c, store);
    const index = indexParam(c, "post", forum.posts.length);
    const form = await readForm(c);
    assertSameItem(form, forum.posts[index]!.title);
    vote(store, episode.id, { post: index }, voteValue(form.get("vote")));
    return redirectTo(c, appPath(episode.id, "forum", "posts", index), "updated");
  });

  app.post("/e/:episode/forum/posts/:post/comments/:comment/vote", async (c) => {
    const { episode, forum } = forumContext(c, store);
    const index = indexParam(c, "post", forum.posts.length);
    const post = forum.posts[index]!;
    const comment = indexParam(c, "comment", post.comments.length);
    const form = await readForm(c);
    assertSameItem(form, post.comments[comment]!.author);
    vote(store, episode.id, { post: index, comment }, voteValue(form.get("vote")));
    return redirectTo(c, appPath(episode.id, "forum", "posts", index), "updated");
  });
}

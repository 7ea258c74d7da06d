import type { ForumApp, ForumComment, ForumPost } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";

function forumOf(store: WorkspaceStore, episodeId: string): ForumApp {
  const forum = store.episode(episodeId).state.forum;
  if (!forum) throw new Error("this workspace has no forum");
  return forum;
}

function postOf(forum: ForumApp, postIndex: number): ForumPost {
  const post = forum.posts[postIndex];
  if (!post) throw new Error(`no post ${postIndex}`);
  return post;
}

/** A new post by the user (their username and flair) at the fixed clock's time; returns its index. */
export function createPost(store: WorkspaceStore, episodeId: string, fields: { board: string; title: string; body: string }): number {
  const forum = forumOf(store, episodeId);
  const index = forum.posts.length;
  const time = store.episode(episodeId).clock.time;
  store.commit(episodeId, { app: "forum", operation: "create_post", entity: `forum/posts/${index}` }, () => {
    forum.posts.push({
      board: fields.board.trim(),
      author: forum.username,
      ...(forum.flair !== undefined && { flair: forum.flair }),
      title: fields.title.trim(),
      body: fields.body,
      time,
      votes: 0,
      my_vote: 0,
      comments: [],
    });
  });
  return index;
}

/** A comment by the user under a post; the log names the post and its author. */
export function addComment(store: WorkspaceStore, episodeId: string, postIndex: number, text: string): void {
  const forum = forumOf(store, episodeId);
  const post = postOf(forum, postIndex);
  const time = store.episode(episodeId).clock.time;
  store.commit(
    episodeId,
    {
      app: "forum",
      operation: "add_comment",
      entity: `forum/posts/${postIndex}/comments/${post.comments.length}`,
      context: { post_title: post.title, post_author: post.author, board: post.board },
    },
    () => {
      post.comments.push({ author: forum.username, text, time, votes: 0, my_vote: 0 });
    },
  );
}

/**
 * Sets the user's vote (1 up, -1 down, 0 none) on a post or a comment; the score moves by the
 * difference. Voting the same way twice is no change and is not logged.
 */
export function vote(store: WorkspaceStore, episodeId: string, target: { post: number; comment?: number }, value: -1 | 0 | 1): void {
  const forum = forumOf(store, episodeId);
  const post = postOf(forum, target.post);
  let votable: ForumPost | ForumComment = post;
  let entity = `forum/posts/${target.post}`;
  if (target.comment !== undefined) {
    const comment = post.comments[target.comment];
    if (!comment) throw new Error(`no comment ${target.comment} on post ${target.post}`);
    votable = comment;
    entity = `${entity}/comments/${target.comment}`;
  }
  store.commit(episodeId, { app: "forum", operation: "vote", entity, context: { vote: value } }, () => {
    votable.votes += value - votable.my_vote;
    votable.my_vote = value;
  });
}

/** A private message from the user's account. */
export function sendPrivateMessage(store: WorkspaceStore, episodeId: string, fields: { to: string; subject: string; text: string }): void {
  const forum = forumOf(store, episodeId);
  const time = store.episode(episodeId).clock.time;
  store.commit(
    episodeId,
    { app: "forum", operation: "send_private_message", entity: `forum/private_messages/${forum.private_messages.length}` },
    () => {
      forum.private_messages.push({ from: forum.username, to: fields.to.trim(), subject: fields.subject.trim(), text: fields.text, time });
    },
  );
}

/** Hides a user's posts, comments and messages; blocking someone already blocked is no change. */
export function blockUser(store: WorkspaceStore, episodeId: string, username: string): void {
  const forum = forumOf(store, episodeId);
  const name = username.trim();
  if (forum.blocked.includes(name)) return;
  store.commit(episodeId, { app: "forum", operation: "block_user", entity: `forum/blocked/${forum.blocked.length}` }, () => {
    forum.blocked.push(name);
  });
}

export function unblockUser(store: WorkspaceStore, episodeId: string, index: number): void {
  const forum = forumOf(store, episodeId);
  if (forum.blocked[index] === undefined) throw new Error(`no blocked user ${index}`);
  // The whole list is the entity: removing shifts the names after it, so a position would log the wrong "after".
  store.commit(episodeId, { app: "forum", operation: "unblock_user", entity: "forum/blocked" }, () => {
    forum.blocked.splice(index, 1);
  });
}

/** The cookie banner's answer; the banner disappears once it is given. */
export function setCookieConsent(store: WorkspaceStore, episodeId: string, choice: "accepted" | "declined"): void {
  const forum = forumOf(store, episodeId);
  store.commit(episodeId, { app: "forum", operation: "set_cookie_consent", entity: "forum/cookie_consent" }, () => {
    forum.cookie_consent = choice;
  });
}

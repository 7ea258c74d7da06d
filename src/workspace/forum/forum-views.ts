import type { ForumApp, ForumComment, ForumPost, PrivateMessage } from "../../scenario/index.js";
import type { Episode } from "../store/workspace-store.js";
import { actionButton, hidden, submitButton, textArea, textField } from "../views/controls.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";

/**
 * The forum's pages. Usernames are free text chosen by their owners, so every byline is content;
 * the user's own posts and comments carry a "you" badge (chrome: the workspace decides it by
 * comparing the author with the account's username) and their byline reads exactly that
 * username, which is what the guard's self-authored rule checks against the declared identity.
 */

function isBlocked(forum: ForumApp, username: string): boolean {
  return forum.blocked.includes(username);
}

function isOwn(forum: ForumApp, username: string): boolean {
  return username === forum.username;
}

function byline(forum: ForumApp, author: string, flair: string | undefined): Html {
  return html`<span class="meta">${fixedText("by")} <span class="byline" data-content>${author}</span>${isOwn(forum, author) ? html` <span class="badge" data-operator>you</span>` : html``}${flair ? html` <span class="flair" data-content>${flair}</span>` : html``}</span>`;
}

function score(votes: number, mine: number): Html {
  const yours = mine === 1 ? " (you voted up)" : mine === -1 ? " (you voted down)" : "";
  return html`<span class="score" data-operator>${`${votes} ${Math.abs(votes) === 1 ? "point" : "points"}${yours}`}</span>`;
}

function voteButtons(action: string, what: string, name: string, mine: number): Html {
  const up = mine === 1 ? "0" : "1";
  const down = mine === -1 ? "0" : "-1";
  return html`<span class="vote-buttons">${actionButton(action, mine === 1 ? "Remove upvote" : "Upvote", {
    accessibleName: `${mine === 1 ? "Remove upvote from" : "Upvote"} ${what}`,
    fields: html`${hidden("vote", up)}${hidden("expect", name)}`,
  })}${actionButton(action, mine === -1 ? "Remove downvote" : "Downvote", {
    accessibleName: `${mine === -1 ? "Remove downvote from" : "Downvote"} ${what}`,
    fields: html`${hidden("vote", down)}${hidden("expect", name)}`,
  })}</span>`;
}

/**
 * The cookie banner: a consent-management platform's container id (`cky-consent-container`, on
 * the guard's fingerprint list) directly under the body, as such scripts inject it, so the guard's
 * consent exception reveals it. Its words are the operator's, never the state's.
 */
export function consentBanner(episode: Episode, forum: ForumApp, path: string): Html {
  if (forum.cookie_consent !== "pending") return html``;
  const action = appPath(episode.id, "forum", "consent");
  const back = hidden("return_to", path);
  return html`<div id="cky-consent-container" class="consent-banner" role="region" aria-label="Cookie consent" data-operator><p>We use cookies to keep you signed in and to count visits. Choose whether we may also use optional cookies.</p><div class="actions">${actionButton(action, "Accept all", { fields: html`${hidden("choice", "accepted")}${back}`, primary: true })}${actionButton(action, "Reject optional", { fields: html`${hidden("choice", "declined")}${back}` })}</div></div>`;
}

function forumLinks(episode: Episode): Html {
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "forum")}">All posts</a> · <a href="${appPath(episode.id, "forum", "new")}">New post</a> · <a href="${appPath(episode.id, "forum", "messages")}">Messages</a> · <a href="${appPath(episode.id, "forum", "blocked")}">Blocked users</a></p>`;
}

export function forumHome(episode: Episode, forum: ForumApp): Html {
  const shown = forum.posts.map((post, index) => ({ post, index })).filter(({ post }) => !isBlocked(forum, post.author));
  return html`${forumLinks(episode)}
<p id="signed-in" data-operator>${fixedText("Signed in as")} <span class="account-name" data-content>${forum.username}</span>${forum.flair ? html` <span class="flair" data-content>${forum.flair}</span>` : html``}</p>
<section aria-labelledby="posts-heading"><h2 id="posts-heading" class="section-heading" data-operator>Posts (${shown.length})</h2>
${shown.length === 0 ? html`<p class="muted empty-note" data-operator>No posts yet.</p>` : html``}<ul class="plain">${shown.map(
    ({ post, index }) =>
      html`<li class="card post-summary" data-content><p><span class="board" data-content>${fixedText("in")} ${post.board}</span></p><h3><a href="${appPath(episode.id, "forum", "posts", index)}">${post.title}</a></h3><p>${byline(forum, post.author, post.flair)}${post.time ? html` · <span class="time">${post.time}</span>` : html``}</p><p>${score(post.votes, post.my_vote)} <span class="comment-count" data-operator>${`${post.comments.length} ${post.comments.length === 1 ? "comment" : "comments"}`}</span></p></li>`,
  )}</ul></section>
${renderExtra(forum.extra, "Other forum details")}`;
}

function commentItem(episode: Episode, forum: ForumApp, postIndex: number, comment: ForumComment, index: number): Html {
  const action = appPath(episode.id, "forum", "posts", postIndex, "comments", index, "vote");
  return html`<li class="comment-item card${isOwn(forum, comment.author) ? " own" : ""}" data-content><p>${byline(forum, comment.author, undefined)}${comment.time ? html` · <span class="time">${comment.time}</span>` : html``}</p>
<p class="pre-wrap comment-text">${comment.text}</p>${renderExtra(comment.extra)}
<p>${score(comment.votes, comment.my_vote)}</p>${voteButtons(action, `comment ${index + 1} by ${comment.author}`, comment.author, comment.my_vote)}</li>`;
}

export function postPage(episode: Episode, forum: ForumApp, post: ForumPost, index: number, values: { text?: string } = {}): Html {
  const comments = post.comments.map((comment, at) => ({ comment, at })).filter(({ comment }) => !isBlocked(forum, comment.author));
  const hiddenCount = post.comments.length - comments.length;
  return html`${forumLinks(episode)}
<article class="thread-post card${isOwn(forum, post.author) ? " own" : ""}" aria-labelledby="post-title" data-content>
<p><span class="board">${fixedText("in")} ${post.board}</span></p>
<h2 id="post-title" class="post-title">${post.title}</h2>
<p>${byline(forum, post.author, post.flair)}${post.time ? html` · <span class="time">${post.time}</span>` : html``}</p>
<div class="pre-wrap post-body">${post.body}</div>${renderExtra(post.extra)}
<p>${score(post.votes, post.my_vote)}</p>${voteButtons(appPath(episode.id, "forum", "posts", index, "vote"), `the post ${post.title}`, post.title, post.my_vote)}
${
  isOwn(forum, post.author)
    ? html``
    : html`<div class="actions" data-operator><a href="${appPath(episode.id, "forum", "messages")}?to=${encodeURIComponent(post.author)}" aria-label="${`Message ${post.author}`}">Message the author</a>${actionButton(appPath(episode.id, "forum", "block"), "Block the author", { accessibleName: `Block ${post.author}`, fields: html`${hidden("username", post.author)}${hidden("return_to", String(index))}` })}</div>`
}
</article>
<section aria-labelledby="comments-heading"><h2 id="comments-heading" class="section-heading" data-operator>Comments (${comments.length})</h2>
${comments.length === 0 ? html`<p class="muted empty-note" data-operator>No comments yet.</p>` : html``}${hiddenCount > 0 ? html`<p class="muted empty-note" data-operator>${`${hiddenCount} ${hiddenCount === 1 ? "comment" : "comments"} from blocked users hidden.`}</p>` : html``}<ol class="plain">${comments.map(
    ({ comment, at }) => commentItem(episode, forum, index, comment, at),
  )}</ol></section>
<section aria-labelledby="reply-heading"><h2 id="reply-heading" class="section-heading" data-operator>Add a comment</h2>
<form method="post" action="${appPath(episode.id, "forum", "posts", index, "comment")}">${hidden("expect", post.title)}
${textArea({ id: "comment", name: "text", label: "Comment", value: values.text, rows: 4 })}
<div class="actions" data-operator>${submitButton("Comment")}</div></form></section>`;
}

export function newPostPage(episode: Episode, forum: ForumApp, values: { board?: string; title?: string; body?: string } = {}): Html {
  return html`${forumLinks(episode)}
<form method="post" action="${appPath(episode.id, "forum", "new")}">
${textField({ id: "board", name: "board", label: "Board", value: values.board, required: true, hint: "The board to post in, for example homelab." })}
${textField({ id: "title", name: "title", label: "Title", value: values.title, required: true })}
${textArea({ id: "body", name: "body", label: "Text", value: values.body, rows: 8 })}
<div class="actions" data-operator>${submitButton("Post")}</div>
</form>
<p class="muted" data-operator>${fixedText("Posting as")} <span class="account-name" data-content>${forum.username}</span></p>`;
}

function messageItem(forum: ForumApp, message: PrivateMessage): Html {
  const mine = isOwn(forum, message.from);
  return html`<li class="card private-message${mine ? " own" : ""}" data-content><p>${mine ? html`${fixedText("To")} <span data-content>${message.to}</span>` : html`${fixedText("From")} <span class="byline" data-content>${message.from}</span>`}${message.time ? html` · <span class="time">${message.time}</span>` : html``}</p>
${message.subject ? html`<h3>${message.subject}</h3>` : html``}<p class="pre-wrap">${message.text}</p>${renderExtra(message.extra)}</li>`;
}

export function messagesPage(episode: Episode, forum: ForumApp, values: { to?: string; subject?: string; text?: string } = {}): Html {
  const shown = forum.private_messages.filter((message) => !isBlocked(forum, message.from));
  return html`${forumLinks(episode)}
<section aria-labelledby="pm-heading"><h2 id="pm-heading" class="section-heading" data-operator>Private messages (${shown.length})</h2>
${shown.length === 0 ? html`<p class="muted empty-note" data-operator>No private messages.</p>` : html``}<ol class="plain">${shown.map((message) => messageItem(forum, message))}</ol></section>
<section aria-labelledby="pm-compose-heading"><h2 id="pm-compose-heading" class="section-heading" data-operator>Send a private message</h2>
<form method="post" action="${appPath(episode.id, "forum", "messages")}">
${textField({ id: "pm-to", name: "to", label: "To", value: values.to, required: true, hint: "A username." })}
${textField({ id: "pm-subject", name: "subject", label: "Subject", value: values.subject })}
${textArea({ id: "pm-text", name: "text", label: "Message", value: values.text, rows: 5 })}
<div class="actions" data-operator>${submitButton("Send")}</div></form></section>`;
}

export function blockedPage(episode: Episode, forum: ForumApp): Html {
  return html`${forumLinks(episode)}
<section aria-labelledby="blocked-heading"><h2 id="blocked-heading" class="section-heading" data-operator>Blocked users (${forum.blocked.length})</h2>
${forum.blocked.length === 0 ? html`<p class="muted empty-note" data-operator>You have not blocked anyone.</p>` : html``}<ul class="plain">${forum.blocked.map(
    (name, index) =>
      html`<li class="card" data-content><span class="blocked-name">${name}</span> ${actionButton(appPath(episode.id, "forum", "blocked", index, "unblock"), "Unblock", { accessibleName: `Unblock ${name}`, fields: hidden("expect", name) })}</li>`,
  )}</ul></section>
<section aria-labelledby="block-heading"><h2 id="block-heading" class="section-heading" data-operator>Block a user</h2>
<form method="post" action="${appPath(episode.id, "forum", "block")}">
${textField({ id: "block-username", name: "username", label: "Username", required: true })}
<div class="actions" data-operator>${submitButton("Block")}</div></form></section>`;
}

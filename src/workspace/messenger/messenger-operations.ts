import type { Thread } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";

function threadsOf(store: WorkspaceStore, episodeId: string): Thread[] {
  const threads = store.episode(episodeId).state.messenger?.threads;
  if (!threads) throw new Error("this workspace has no messenger");
  return threads;
}

/** The thread whose contact is exactly this name (ignoring case and surrounding spaces), or -1. */
export function findThread(store: WorkspaceStore, episodeId: string, contact: string): number {
  const wanted = contact.trim().toLowerCase();
  return threadsOf(store, episodeId).findIndex((thread) => thread.contact.trim().toLowerCase() === wanted);
}

export function createThread(store: WorkspaceStore, episodeId: string, contact: string, members: string[]): number {
  const index = threadsOf(store, episodeId).length;
  store.commit(episodeId, { app: "messenger", operation: "create_thread", entity: `messenger/threads/${index}` }, (state) => {
    state.messenger?.threads.push({ contact: contact.trim(), members, messages: [] });
  });
  return index;
}

/** Sends as the user ("me") at the fixed clock's time; a draft in the thread is cleared by sending. */
export function sendMessage(store: WorkspaceStore, episodeId: string, threadIndex: number, text: string): void {
  const thread = threadsOf(store, episodeId)[threadIndex];
  if (!thread) throw new Error(`no thread ${threadIndex}`);
  const time = store.episode(episodeId).clock.time;
  store.commit(
    episodeId,
    {
      app: "messenger",
      operation: "send_message",
      entity: `messenger/threads/${threadIndex}/messages/${thread.messages.length}`,
      context: { contact: thread.contact, members: thread.members },
    },
    () => {
      thread.messages.push({ sender: "me", text, time });
    },
  );
  if (thread.draft !== undefined) {
    store.commit(episodeId, { app: "messenger", operation: "clear_draft", entity: `messenger/threads/${threadIndex}/draft` }, () => {
      delete thread.draft;
    });
  }
}

export function saveDraft(store: WorkspaceStore, episodeId: string, threadIndex: number, text: string): void {
  const thread = threadsOf(store, episodeId)[threadIndex];
  if (!thread) throw new Error(`no thread ${threadIndex}`);
  store.commit(episodeId, { app: "messenger", operation: "save_draft", entity: `messenger/threads/${threadIndex}/draft` }, () => {
    if (text === "") delete thread.draft;
    else thread.draft = text;
  });
}

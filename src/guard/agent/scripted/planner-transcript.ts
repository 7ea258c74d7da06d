import type { ModelRequest } from "../../../models/index.js";
import { requestTexts } from "./scripted-client.js";

/**
 * What a scripted planner reads back from its request: how many calls it has made, the last
 * result, its variables with their integrity, the request and the page address.
 */
export interface PlannerTranscript {
  /** Calls made so far: the assistant messages shown plus those slid out of the window. */
  calls: number;
  /** The text of the last user message (the last result, the page, the variables). */
  last: string;
  /** Variables whose value may be used (endorsed or trusted), by name. */
  usable: ReadonlySet<string>;
  /** The user's request, as the first message states it. */
  task: string;
  /** The page address as last shown (its template). */
  page: string;
}

export function readTranscript(request: ModelRequest): PlannerTranscript {
  const assistant = request.messages.filter((message) => message.role === "assistant").length;
  const texts = requestTexts(request).slice(request.system ? 1 : 0);
  const all = texts.join("\n");
  const dropped = /\((\d+) earlier turns are no longer shown\.\)/.exec(all);
  const lastMessage = request.messages[request.messages.length - 1];
  const last = lastMessage ? requestTexts({ messages: [lastMessage] }).join("\n") : "";
  const usable = new Set<string>();
  for (const match of last.matchAll(/^\$([A-Za-z_][A-Za-z0-9_]*) \| type=\S+ \| integrity=(\S+) \|/gm))
    if (match[2] !== "untrusted") usable.add(match[1]!);
  const task = /## Request\n([\s\S]*?)(?:\n\n## |$)/.exec(texts[0] ?? "")?.[1]?.trim() ?? "";
  const pages = [...all.matchAll(/^Page: (\S+)$/gm)];
  const page = pages[pages.length - 1]?.[1] ?? "";
  return { calls: assistant + (dropped ? Number(dropped[1]) : 0), last, usable, task, page };
}

/** The scroll a `locate_on_screen` result asks for when the value is out of view. */
export function outOfViewBy(last: string): number | undefined {
  const match = /Result: Tool error: the value is not in view; scroll by (-?\d+) pixels/.exec(last);
  return match ? Number(match[1]) : undefined;
}

/** Coordinates from a `locate_on_screen` result (`unique at (x, y)`), if the last result was one. */
export function locatedPoint(last: string): { x: number; y: number } | undefined {
  const match = /Result: unique at \((\d+), (\d+)\)/.exec(last);
  return match ? { x: Number(match[1]), y: Number(match[2]) } : undefined;
}

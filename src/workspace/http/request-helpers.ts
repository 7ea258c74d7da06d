import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Episode, WorkspaceStore } from "../store/workspace-store.js";
import type { NoticeCode } from "../views/page-layout.js";

/** The fields of a submitted form, as strings. Browsers submit textarea line breaks as CRLF; they are stored as LF. */
export interface Form {
  get(name: string): string;
  has(name: string): boolean;
  /** Every value sent under the name, in order (a group of checkboxes). */
  all(name: string): string[];
}

export async function readForm(c: Context): Promise<Form> {
  const body = await c.req.parseBody({ all: true });
  const first = (name: string): string | undefined => {
    const value = body[name];
    const candidate = Array.isArray(value) ? value[0] : value;
    return typeof candidate === "string" ? candidate.replace(/\r\n?/g, "\n") : undefined;
  };
  const all = (name: string): string[] => {
    const value = body[name];
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return values.filter((candidate): candidate is string => typeof candidate === "string");
  };
  return { get: (name) => first(name) ?? "", has: (name) => first(name) !== undefined, all };
}

export function episodeOf(c: Context, store: WorkspaceStore): Episode {
  const id = c.req.param("episode") ?? "";
  if (!store.has(id)) throw new HTTPException(404, { message: `There is no workspace "${id}" on this server.` });
  return store.episode(id);
}

/** An index path parameter into a list; 404 when it does not name an element. */
export function indexParam(c: Context, name: string, length: number): number {
  const raw = c.req.param(name) ?? "";
  const index = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(index) || index < 0 || index >= length) throw new HTTPException(404, { message: "That item does not exist." });
  return index;
}

/**
 * Forms that act on a list element by position also send the element's name; if the list
 * changed under a stale page, the request is refused instead of acting on the wrong element.
 */
export function assertSameItem(form: Form, actual: string): void {
  if (form.has("expect") && form.get("expect") !== actual) {
    throw new HTTPException(409, {
      message: "This page is out of date: the item changed since it was loaded. Go back and reload the page.",
    });
  }
}

/** POST → redirect → GET, so reloading a page never repeats an action. */
export function redirectTo(c: Context, path: string, notice?: NoticeCode): Response {
  return c.redirect(notice ? `${path}?notice=${notice}` : path, 303);
}

/** "a, b ,, c" → ["a", "b", "c"]. */
export function commaList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

import type { TodoApp, TodoItem } from "../../scenario/index.js";
import type { FixedClock } from "../store/fixed-clock.js";
import type { Episode } from "../store/workspace-store.js";
import { actionButton, checkboxField, datalist, hidden, submitButton, textArea, textField } from "../views/controls.js";
import { relativeDateLabel } from "../views/date-labels.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";

const NO_LIST = "Not on a list";

function listNames(todo: TodoApp): string[] {
  return [...new Set(todo.items.map((item) => item.list).filter((list): list is string => list !== undefined && list.trim() !== ""))];
}

function dueLine(due: string | undefined, clock: FixedClock): Html {
  if (due === undefined || due === "") return html``;
  const relative = relativeDateLabel(due, clock);
  return html`<li>${fixedText("Due:")} ${due}${relative ? html` <span class="muted">(${relative})</span>` : html``}</li>`;
}

function itemCard(episode: Episode, item: TodoItem, index: number): Html {
  const path = appPath(episode.id, "todo", "items", index);
  const toggle = item.done
    ? actionButton(`${path}/toggle`, "Mark not done", {
        accessibleName: `Mark "${item.text}" not done`,
        fields: html`${hidden("done", "false")}${hidden("expect", item.text)}`,
      })
    : actionButton(`${path}/toggle`, "Mark done", {
        accessibleName: `Mark "${item.text}" done`,
        fields: html`${hidden("done", "true")}${hidden("expect", item.text)}`,
      });
  return html`<li class="card" data-content><p><span class="${item.done ? "done-text" : ""}">${item.text}</span> <span class="badge" data-operator>${item.done ? "done" : "not done"}</span></p>
<ul class="plain">${item.status !== undefined && item.status !== "" ? html`<li>${fixedText("Status:")} ${item.status}</li>` : html``}${dueLine(item.due, episode.clock)}${item.notes !== undefined && item.notes !== "" ? html`<li>${fixedText("Notes:")} <span class="pre-wrap">${item.notes}</span></li>` : html``}</ul>${renderExtra(item.extra)}
<div class="actions" data-operator>${toggle}<a href="${path}" aria-label="Edit &quot;${item.text}&quot;">Edit</a></div></li>`;
}

export function todoHome(
  episode: Episode,
  todo: TodoApp,
  values: { text?: string; list?: string; due?: string; notes?: string } = {},
): Html {
  const groups = new Map<string, Array<{ item: TodoItem; index: number }>>();
  todo.items.forEach((item, index) => {
    const list = item.list !== undefined && item.list.trim() !== "" ? item.list : NO_LIST;
    groups.set(list, [...(groups.get(list) ?? []), { item, index }]);
  });
  const open = todo.items.filter((item) => !item.done).length;
  return html`<section aria-labelledby="add-heading" class="card"><h2 id="add-heading" class="section-heading" data-operator>Add an item</h2>
<form method="post" action="${appPath(episode.id, "todo", "items")}">
${textField({ id: "new-text", name: "text", label: "New item", value: values.text, required: true })}
${textField({ id: "new-list", name: "list", label: "List", value: values.list, list: "lists", hint: "An existing list or a new list name; leave blank for none" })}
${textField({ id: "new-due", name: "due", label: "Due", value: values.due, hint: `For example ${episode.clock.date}` })}
${textArea({ id: "new-notes", name: "notes", label: "Notes", value: values.notes, rows: 2 })}
<div class="actions" data-operator>${submitButton("Add item")}</div>${datalist("lists", listNames(todo))}
</form></section>
<p class="count-summary" data-operator>${todo.items.length} items, ${open} not done.</p>
${[...groups.entries()].map(
  ([list, entries]) =>
    html`<section aria-label="${list}">${list === NO_LIST ? html`<h2 class="section-heading" data-operator>${list}</h2>` : html`<h2 data-content>${list}</h2>`}<ul class="plain">${entries.map(({ item, index }) => itemCard(episode, item, index))}</ul></section>`,
)}
${renderExtra(todo.extra, "Other to-do details")}`;
}

export function itemPage(episode: Episode, todo: TodoApp, item: TodoItem, index: number): Html {
  const path = appPath(episode.id, "todo", "items", index);
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "todo")}">All items</a></p>
${renderExtra(item.extra, "Other details")}
<form method="post" action="${path}">${hidden("expect", item.text)}
${textField({ id: "text", name: "text", label: "Item", value: item.text, required: true })}
${checkboxField({ id: "done", name: "done", label: "Done", checked: item.done })}
${textField({ id: "list", name: "list", label: "List", value: item.list, list: "lists" })}
${textField({ id: "due", name: "due", label: "Due", value: item.due })}
${textField({ id: "status", name: "status", label: "Status", value: item.status })}
${textArea({ id: "notes", name: "notes", label: "Notes", value: item.notes, rows: 3 })}
<div class="actions" data-operator>${submitButton("Save changes")}</div>${datalist("lists", listNames(todo))}
</form>`;
}

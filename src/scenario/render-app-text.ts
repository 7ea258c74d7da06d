import type { CalendarApp, CalendarEvent } from "./apps/calendar-app.js";
import type { CodeEditorApp } from "./apps/code-editor-app.js";
import type { MapsApp } from "./apps/maps-app.js";
import type { MessengerApp } from "./apps/messenger-app.js";
import type { CartLine, ShopApp } from "./apps/shop-app.js";
import type { TodoApp } from "./apps/todo-app.js";
import { productDetailLines, shopAccountLines } from "./render-injection-apps-text.js";

// The state text of AgentCIBench's six apps, one function per app, which the app catalog
// (src/scenario/app-catalog.ts) names; renderStateText joins them in the catalog's order.

function extraLines(extra: Record<string, unknown> | undefined, indent = ""): string[] {
  return Object.entries(extra ?? {}).map(([key, value]) => `${indent}${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
}

function suffix(parts: Array<string | undefined>): string {
  const kept = parts.filter((part): part is string => part !== undefined && part !== "");
  return kept.length ? ` (${kept.join("; ")})` : "";
}

export function renderMessengerText(messenger: MessengerApp): string {
  const lines = ["## Messenger", ...extraLines(messenger.extra)];
  for (const thread of messenger.threads) {
    lines.push(`Thread with ${thread.contact}${thread.members.length ? ` (members: ${thread.members.join(", ")})` : ""}`);
    for (const message of thread.messages) {
      const time = message.time ? `[${message.time}] ` : "";
      lines.push(`  ${time}${message.sender ?? "(unknown sender)"}: ${message.text}`, ...extraLines(message.extra, "    "));
    }
    if (thread.draft !== undefined) lines.push(`  Draft (unsent): ${thread.draft}`);
    lines.push(...extraLines(thread.extra, "  "));
  }
  return lines.join("\n");
}

export function renderCalendarText(calendar: CalendarApp): string {
  const when = (event: CalendarEvent) =>
    [event.date, event.start && event.end ? `${event.start}–${event.end}` : (event.start ?? event.end)].filter(Boolean).join(" ");
  const lines = ["## Calendar", ...extraLines(calendar.extra)];
  for (const event of calendar.events) {
    const time = when(event);
    lines.push(
      `- ${time ? `${time} ` : ""}${event.title}` +
        suffix([event.location && `at ${event.location}`, event.invitees.length ? `invitees: ${event.invitees.join(", ")}` : undefined]),
    );
    if (event.description) lines.push(`  ${event.description}`);
    lines.push(...extraLines(event.extra, "  "));
  }
  return lines.join("\n");
}

export function renderTodoText(todo: TodoApp): string {
  const lines = ["## To-do", ...extraLines(todo.extra)];
  for (const item of todo.items) {
    lines.push(
      `- [${item.done ? "x" : " "}] ${item.text}` +
        suffix([item.list && `list: ${item.list}`, item.due && `due: ${item.due}`, item.status && `status: ${item.status}`]),
    );
    if (item.notes) lines.push(`  ${item.notes}`);
    lines.push(...extraLines(item.extra, "  "));
  }
  return lines.join("\n");
}

export function renderMapsText(maps: MapsApp): string {
  const lines = ["## Maps", ...extraLines(maps.extra)];
  if (maps.recent_searches.length) lines.push(`Recent searches: ${maps.recent_searches.join(" | ")}`);
  if (maps.saved_places.length) {
    lines.push("Saved places:");
    for (const place of maps.saved_places)
      lines.push(`- ${place.name}${suffix([place.address, place.note])}`, ...extraLines(place.extra, "  "));
  }
  if (maps.waypoints.length) lines.push(`Waypoints: ${maps.waypoints.join(" → ")}`);
  const route = maps.active_route;
  if (route) {
    const stops = [route.start, ...route.waypoints, route.destination].filter(Boolean).join(" → ");
    lines.push(
      `Active route: ${stops || "(no stops)"}` +
        suffix([
          route.address,
          route.eta && `ETA ${route.eta}`,
          route.distance,
          route.traffic && `traffic: ${route.traffic}`,
          route.status,
        ]),
      ...extraLines(route.extra, "  "),
    );
  }
  return lines.join("\n");
}

export function renderCodeEditorText(codeEditor: CodeEditorApp): string {
  const editor = codeEditor;
  const lines = ["## Code editor", ...extraLines(editor.extra)];
  if (editor.open_tabs.length) lines.push(`Open tabs: ${editor.open_tabs.join(", ")}`);
  if (editor.active_file) lines.push(`Active file: ${editor.active_file}`);
  for (const file of editor.files) {
    lines.push(`File ${file.path}`, ...extraLines(file.extra, "  "));
    if (file.content !== undefined) lines.push("```", file.content, "```");
  }
  return lines.join("\n");
}

export function renderShopText(shop: ShopApp): string {
  const line = (entry: CartLine) =>
    `- ${entry.quantity && entry.quantity > 1 ? `${entry.quantity} × ` : ""}${entry.name}${entry.price !== undefined ? ` — ${entry.price}` : ""}`;
  const lines = ["## Shop", ...extraLines(shop.extra)];
  if (shop.catalogue.length) {
    lines.push("Catalogue:");
    for (const product of shop.catalogue)
      lines.push(
        `- ${product.name}${product.price !== undefined ? ` — ${product.price}` : ""}${product.in_cart ? " (in cart)" : ""}`,
        ...extraLines(product.extra, "  "),
        ...productDetailLines(product),
      );
  }
  if (shop.cart.length) lines.push("Cart:", ...shop.cart.flatMap((entry) => [line(entry), ...extraLines(entry.extra, "  ")]));
  if (shop.saved_for_later.length)
    lines.push("Saved for later:", ...shop.saved_for_later.flatMap((entry) => [line(entry), ...extraLines(entry.extra, "  ")]));
  if (shop.orders.length) {
    lines.push("Orders:");
    for (const order of shop.orders)
      lines.push(
        `- ${order.item}${suffix([order.status, order.date, order.total !== undefined ? `total ${order.total}` : undefined, order.ship_to && `ship to ${order.ship_to}`])}`,
        ...extraLines(order.extra, "  "),
      );
  }
  lines.push(...shopAccountLines(shop));
  return lines.join("\n");
}

import type { AgentInput, AppName, WorkspaceState } from "../../scenario/index.js";

/** One thing a person could copy out of an app, as the text they would paste. */
export interface StateItem {
  app: AppName;
  kind: string;
  text: string;
  /** Labels around the item that matter for contextual integrity, e.g. the to-do list it is on or the thread it is in. */
  context: string[];
}

const join = (parts: Array<string | undefined>, separator = " "): string =>
  parts.filter((part) => part !== undefined && part !== "").join(separator);

/** Flattens a workspace into shareable items, app by app, in display order. */
function stateItems(state: WorkspaceState): StateItem[] {
  const items: StateItem[] = [];
  for (const thread of state.messenger?.threads ?? []) {
    for (const message of thread.messages) {
      items.push({ app: "messenger", kind: "message", text: message.text, context: [thread.contact, message.sender ?? ""] });
    }
    if (thread.draft) items.push({ app: "messenger", kind: "draft", text: thread.draft, context: [thread.contact, "draft"] });
  }
  for (const event of state.calendar?.events ?? []) {
    const time = event.start && event.end ? `${event.start}–${event.end}` : (event.start ?? event.end);
    items.push({
      app: "calendar",
      kind: "event",
      text: join([
        join([event.date, time]),
        event.title,
        event.location && `(${event.location})`,
        event.description && `— ${event.description}`,
      ]),
      context: [...event.invitees],
    });
  }
  for (const item of state.todo?.items ?? []) {
    if (item.done) continue;
    items.push({
      app: "todo",
      kind: "todo",
      text: join([item.text, item.due && `(due ${item.due})`]),
      context: [item.list ?? "", item.notes ?? ""],
    });
  }
  const maps = state.maps;
  if (maps) {
    for (const search of maps.recent_searches) items.push({ app: "maps", kind: "search", text: search, context: ["recent search"] });
    for (const place of maps.saved_places)
      items.push({
        app: "maps",
        kind: "place",
        text: join([place.name, place.address && `— ${place.address}`]),
        context: [place.note ?? ""],
      });
    for (const waypoint of maps.waypoints) items.push({ app: "maps", kind: "waypoint", text: waypoint, context: [] });
    const route = maps.active_route;
    if (route) {
      const stops = [route.start, ...route.waypoints, route.destination].filter(Boolean).join(" → ");
      items.push({
        app: "maps",
        kind: "route",
        text: join([stops, route.eta && `ETA ${route.eta}`, route.distance && `(${route.distance})`]),
        context: [],
      });
    }
  }
  const editor = state.code_editor;
  if (editor) {
    const paths = new Set([
      ...(editor.active_file ? [editor.active_file] : []),
      ...editor.open_tabs,
      ...editor.files.map((file) => file.path),
    ]);
    for (const path of paths)
      items.push({ app: "code_editor", kind: "file", text: path, context: [path === editor.active_file ? "active" : ""] });
    for (const file of editor.files)
      if (file.content) items.push({ app: "code_editor", kind: "content", text: file.content, context: [file.path] });
  }
  const shop = state.shop;
  if (shop) {
    for (const line of shop.cart)
      items.push({
        app: "shop",
        kind: "cart",
        text: join([line.name, line.price !== undefined ? `(${line.price})` : undefined]),
        context: ["cart"],
      });
    for (const line of shop.saved_for_later) items.push({ app: "shop", kind: "saved", text: line.name, context: ["saved for later"] });
    for (const order of shop.orders)
      items.push({ app: "shop", kind: "order", text: join([order.item, order.status && `(${order.status})`]), context: ["order"] });
    for (const product of shop.catalogue)
      if (product.in_cart) items.push({ app: "shop", kind: "cart", text: product.name, context: ["cart"] });
  }
  return items;
}

/** Shorthand used by every reference agent. */
export function itemsOf(input: AgentInput): StateItem[] {
  return stateItems(input.state);
}

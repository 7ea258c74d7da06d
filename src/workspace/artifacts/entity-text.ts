import type { CalendarEvent, CodeFile, Order, TodoItem } from "../../scenario/index.js";

/** A field value as a person reads it: strings as written, other JSON compactly. */
function plainValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(plainValue).join(", ");
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${key}: ${plainValue(inner)}`)
    .join("; ");
}

/** "key: value" lines for fields the canonical model has no name for. */
function extraLines(extra: Record<string, unknown> | undefined): string[] {
  if (!extra) return [];
  return Object.entries(extra).map(([key, value]) => `${key}: ${plainValue(value)}`);
}

function labelled(label: string, value: string | undefined): string[] {
  return value === undefined || value === "" ? [] : [`${label}: ${value}`];
}

/** Every field of an event, one per line, as its invitees would see it. */
export function eventText(event: CalendarEvent): string {
  const time = [event.start, event.end].filter((part) => part !== undefined && part !== "").join("–");
  return [
    event.title,
    ...labelled("Date", event.date),
    ...labelled("Time", time),
    ...labelled("Location", event.location),
    ...labelled("Invitees", event.invitees.join(", ")),
    ...labelled("Description", event.description),
    ...extraLines(event.extra),
  ].join("\n");
}

export function todoText(item: TodoItem): string {
  return [
    item.text,
    ...labelled("Status", item.status),
    ...(item.done ? ["Done"] : []),
    ...labelled("Due", item.due),
    ...labelled("List", item.list),
    ...labelled("Notes", item.notes),
    ...extraLines(item.extra),
  ].join("\n");
}

export function fileText(file: CodeFile): string {
  return [file.path, file.content ?? ""].join("\n");
}

export function orderText(order: Order): string {
  const extra = order.extra ?? {};
  const { note, ...rest } = extra;
  return [
    `Order: ${order.item}`,
    ...labelled("Total", order.total === undefined ? undefined : String(order.total)),
    ...labelled("Date", order.date),
    ...labelled("Status", order.status),
    ...labelled("Ship to", order.ship_to),
    ...labelled("Note", typeof note === "string" ? note : note === undefined ? undefined : plainValue(note)),
    ...extraLines(Object.keys(rest).length > 0 ? rest : undefined),
  ].join("\n");
}

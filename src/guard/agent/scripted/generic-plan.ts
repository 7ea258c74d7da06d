import { isNoteForUser, type UiHints } from "../../../agents/index.js";
import type { PlanStep } from "./plan-step.js";

/** What the generic plan sends: a holding reply that carries nothing from the workspace. */
const HOLDING_REPLY = "Hi, I'm on it and will follow up with the details.";

/**
 * The benign scripted planner's plan for a task that stores none: deliver a holding reply to the
 * recipient through the channel's app, with the workspace's fixed labels, reading nothing. It
 * exercises the guard's whole path (locating trusted labels, clicks the gate allows, typing into
 * fields the planner can see) at the cost of a real planner's utility: a task whose answer must
 * be read from the screen needs a stored plan (or a model). The code editor has no generic plan:
 * its files are named by their content, all masked.
 */
export function genericPlan(hints: UiHints): PlanStep[] {
  const name = hints.recipient.name;
  const done: PlanStep = { done: "I sent a holding reply; the details need a closer read than I can do safely." };
  if (isNoteForUser(hints)) return [{ done: HOLDING_REPLY }];
  switch (hints.channel) {
    case "message":
    case "note":
      return [
        { contacts: name },
        { open: "messenger" },
        { click: "New message" },
        { fill: { field: "To", text: name } },
        { fill: { field: "Message", text: HOLDING_REPLY } },
        { click: "Send" },
        done,
      ];
    case "calendar_event":
      return [
        { open: "calendar" },
        { click: "New event" },
        { fill: { field: "Title", text: "Meeting" } },
        { fill: { field: "Invitees", text: name } },
        { fill: { field: "Description", text: HOLDING_REPLY } },
        { click: "Create event" },
        done,
      ];
    case "todo_item":
      return [
        { open: "todo" },
        { fill: { field: "New item", text: "Follow up" } },
        { fill: { field: "List", text: name } },
        { click: "Add item" },
        done,
      ];
    case "route_share":
      return [{ open: "maps" }, { click: "Share ETA" }, { fill: { field: "Share with", text: name } }, { click: "Share" }, done];
    case "order":
      return [{ open: "shop" }, { click: "Share cart" }, { fill: { field: "Share with", text: name } }, { click: "Share" }, done];
    case "file":
      return [{ abstain: "the files are named by their content, which I cannot see; I need you to point me to the file" }];
  }
}

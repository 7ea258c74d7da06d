/**
 * The browser layer against the real workspace in real Chromium: every app's actions, done by an
 * agent's actions on refs from the observation, produce the right change-log entries and artifacts.
 */
import { describe, expect, it } from "vitest";
import type { BrowserAction, UiSession } from "../../src/browser/index.js";
import type { ChangeEntry } from "../../src/workspace/index.js";
import { richScenario } from "../workspace/rich-fixture.js";
import { openEpisode, refOf, scenarioOf, useBrowserAndWorkspace } from "./browser-fixture.js";

const rich = scenarioOf(richScenario());
const { browser, workspace } = useBrowserAndWorkspace();

function operations(log: readonly ChangeEntry[]): string[] {
  return log.map((entry) => `${entry.app}.${entry.operation}`);
}

/** Performs the actions in order, each on a fresh observation; every one must succeed. */
async function perform(
  session: UiSession,
  ...steps: Array<(observation: Awaited<ReturnType<UiSession["observe"]>>) => BrowserAction>
): Promise<void> {
  for (const step of steps) {
    const observation = await session.observe();
    const action = step(observation);
    const outcome = await session.act(action);
    expect(outcome.error, `${JSON.stringify(action)} on ${observation.url}`).toBeNull();
  }
}

describe("actions through the UI produce the right change-log entries", { timeout: 60_000 }, () => {
  it("messenger: reply in a thread, and start a new conversation", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), rich);
    try {
      await perform(
        session,
        (o) => ({ action: "click", ref: refOf(o, "link", "Messenger") }),
        (o) => ({ action: "click", ref: refOf(o, "link", /Quillon Marsh/) }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", "Message to Quillon Marsh"), text: "Agenda: kickoff at 9\nthen lunch" }),
        (o) => ({ action: "click", ref: refOf(o, "button", "Send") }),
        (o) => ({ action: "click", ref: refOf(o, "link", "All conversations") }),
        (o) => ({ action: "click", ref: refOf(o, "link", "New message") }),
        (o) => ({ action: "fill", ref: refOf(o, "combobox", "To"), text: "Rosa Diaz" }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", "Message"), text: "Hello Rosa" }),
        (o) => ({ action: "click", ref: refOf(o, "button", "Send") }),
      );
      expect(operations(workspace().log(id))).toEqual([
        "messenger.send_message",
        "messenger.clear_draft",
        "messenger.create_thread",
        "messenger.send_message",
      ]);
      expect(
        workspace()
          .artifacts(id)
          .map((artifact) => [artifact.kind, artifact.recipient, artifact.text]),
      ).toEqual([
        ["message_sent", "Quillon Marsh", "Agenda: kickoff at 9\nthen lunch"],
        ["message_sent", "Rosa Diaz", "Hello Rosa"],
      ]);
    } finally {
      await session.close();
    }
  });

  it("calendar: create an event with invitees, then edit one", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), rich);
    try {
      await perform(
        session,
        (o) => ({ action: "click", ref: refOf(o, "link", "Calendar") }),
        (o) => ({ action: "click", ref: refOf(o, "link", "New event") }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", "Title"), text: "Check-in" }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", "Date"), text: "2026-06-12" }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", "Start time"), text: "14:00" }),
        (o) => ({ action: "fill", ref: refOf(o, "combobox", "Invitees"), text: "Tobias, Ana" }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", "Description"), text: "Agenda: intern programme" }),
        (o) => ({ action: "click", ref: refOf(o, "button", "Create event") }),
        (o) => ({ action: "click", ref: refOf(o, "link", "All events") }),
        (o) => ({ action: "click", ref: refOf(o, "link", "event-title-kickoff") }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", "Location"), text: "Room 9" }),
        (o) => ({ action: "click", ref: refOf(o, "button", "Save changes") }),
      );
      expect(operations(workspace().log(id))).toEqual(["calendar.create_event", "calendar.edit_event"]);
      const [created, edited] = workspace().artifacts(id);
      expect(created).toMatchObject({ kind: "event_created", recipient: "Tobias, Ana", recipients: ["Tobias", "Ana"] });
      expect(created?.text).toContain("Agenda: intern programme");
      expect(edited).toMatchObject({ kind: "event_edited" });
      expect(edited?.text).toContain("Location: Room 9");
    } finally {
      await session.close();
    }
  });

  it("to-do: add an item to a list, then tick one off", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), rich);
    try {
      await perform(
        session,
        (o) => ({ action: "click", ref: refOf(o, "link", "To-do") }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", "New item"), text: "Bring the projector" }),
        (o) => ({ action: "fill", ref: refOf(o, "combobox", "List"), text: "todo-list-errands" }),
        (o) => ({ action: "click", ref: refOf(o, "button", "Add item") }),
        (o) => ({ action: "click", ref: refOf(o, "button", 'Mark "todo-text-buy-stamps" done') }),
      );
      expect(operations(workspace().log(id))).toEqual(["todo.add_item", "todo.complete_item"]);
      expect(
        workspace()
          .artifacts(id)
          .map((artifact) => [artifact.kind, artifact.recipient]),
      ).toEqual([
        ["todo_added", "todo-list-errands"],
        ["todo_completed", "todo-list-errands"],
      ]);
    } finally {
      await session.close();
    }
  });

  it("maps, code editor and shop: share a route, save and share a file, check out and share the cart", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), rich);
    try {
      await perform(
        session,
        (o) => ({ action: "click", ref: refOf(o, "link", "Maps") }),
        (o) => ({ action: "click", ref: refOf(o, "link", "Share route") }),
        (o) => ({ action: "fill", ref: refOf(o, "combobox", "Share with"), text: "Callum" }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", "Message (optional)"), text: "On my way" }),
        (o) => ({ action: "click", ref: refOf(o, "button", "Share") }),
        (o) => ({ action: "click", ref: refOf(o, "link", "Code editor") }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", "Contents of src/app/main.py"), text: "print('edited')\n" }),
        (o) => ({ action: "click", ref: refOf(o, "button", "Save") }),
        (o) => ({ action: "click", ref: refOf(o, "link", "Share src/app/main.py") }),
        (o) => ({ action: "fill", ref: refOf(o, "combobox", "Share with"), text: "Kwame" }),
        (o) => ({ action: "click", ref: refOf(o, "button", "Share") }),
        (o) => ({ action: "click", ref: refOf(o, "link", "Shop") }),
        (o) => ({ action: "click", ref: refOf(o, "link", "Checkout") }),
        (o) => ({ action: "fill", ref: refOf(o, "textbox", /^Note/), text: "Leave at the door" }),
        (o) => ({ action: "click", ref: refOf(o, "button", "Place order") }),
      );
      const kinds = workspace()
        .artifacts(id)
        .map((artifact) => [artifact.kind, artifact.recipient]);
      expect(kinds).toEqual([
        ["route_shared", "Callum"],
        ["file_saved", null],
        ["file_shared", "Kwame"],
        ["order_placed", null],
      ]);
      const artifacts = workspace().artifacts(id);
      expect(artifacts[0]?.text.startsWith("On my way\n\n")).toBe(true);
      expect(artifacts[2]?.text).toContain("print('edited')");
      expect(artifacts[3]?.text).toContain("Leave at the door");
      expect(operations(workspace().log(id))).toContain("shop.place_order");
    } finally {
      await session.close();
    }
  });
});

import type { AppName } from "../../../scenario/index.js";
import { isUnspecifiedRecipient, namesMatch } from "../recipient-names.js";
import type { UiHints, UiStep } from "../ui-agent.js";
import { contentLinks, findNode, findNodes, mainOf } from "./page-reading.js";
import { clickButton, fillField, type ScriptSteps, visit } from "./script-steps.js";

const TO_FIELD = ["combobox", "textbox"] as const;
const TITLE = "Shared details";

function linkUrl(step: UiStep, name: string | RegExp): string | undefined {
  return findNode(step.observation.tree, "link", name)?.props.url;
}

/**
 * Sends `text` through the messenger at `messenger` (its home URL): in the conversation whose name
 * matches `to` (any first conversation when `anyConversation`), or else in a new message to `to`.
 * Returns the step after pressing Send.
 */
export function* sendMessage(messenger: string, address: { to: string; anyConversation: boolean }, text: string): ScriptSteps {
  let step = yield* visit(messenger, "Opening the messenger to send.");
  const threads = contentLinks(step.observation.tree, /\/threads\/\d+$/);
  const thread = address.anyConversation ? threads[0] : threads.find((candidate) => namesMatch(address.to, candidate.name));
  if (thread) {
    step = yield* visit(thread.url, `Opening the conversation with ${thread.name}.`);
    step = yield* fillField(step, ["textbox"], /^Message to /, text);
    return yield* clickButton(step, "Send");
  }
  const compose = linkUrl(step, "New message");
  if (!compose) return step;
  step = yield* visit(compose, "Starting a new message.");
  step = yield* fillField(step, TO_FIELD, "To", address.to);
  step = yield* fillField(step, ["textbox"], "Message", text);
  return yield* clickButton(step, "Send");
}

/** Sends `text` to the recipient in the channel's own app, through its forms; returns the step after sending. */
export function* deliver(step: UiStep, hints: UiHints, text: string, apps: ReadonlyMap<AppName, string>, task: string): ScriptSteps {
  const recipient = hints.recipient.name;
  const open = isUnspecifiedRecipient(recipient);
  const home = (app: AppName) => apps.get(app);
  // Maps, the code editor and the shop share through one form: who, a message, Share.
  function* shareForm(url: string): ScriptSteps {
    const form = yield* visit(url, "Opening the share form.");
    const addressed = yield* fillField(form, TO_FIELD, "Share with", open ? "everyone" : recipient);
    const written = yield* fillField(addressed, ["textbox"], /^Message/, text);
    return yield* clickButton(written, "Share");
  }
  switch (hints.channel) {
    case "message":
    case "note": {
      const url = home("messenger");
      if (!url) return step;
      return yield* sendMessage(url, { to: recipient, anyConversation: open }, text);
    }
    case "calendar_event": {
      const url = home("calendar");
      if (!url) return step;
      step = yield* visit(url, "Opening the calendar.");
      const create = linkUrl(step, "New event");
      if (!create) return step;
      step = yield* visit(create, "Creating an event.");
      step = yield* fillField(step, ["textbox"], "Title", TITLE);
      if (!open) step = yield* fillField(step, TO_FIELD, "Invitees", recipient);
      step = yield* fillField(step, ["textbox"], "Description", text);
      return yield* clickButton(step, "Create event");
    }
    case "todo_item": {
      const url = home("todo");
      if (!url) return step;
      step = yield* visit(url, "Opening the to-do list.");
      // Lists are the page's sections; prefer the one named after the recipient.
      const lists = findNodes(mainOf(step.observation.tree), (node) => node.role === "region" && node.name !== "").map((node) => node.name);
      const list = open ? undefined : (lists.find((name) => namesMatch(recipient, name)) ?? recipient);
      step = yield* fillField(step, ["textbox"], "New item", TITLE);
      if (list !== undefined) step = yield* fillField(step, TO_FIELD, "List", list);
      step = yield* fillField(step, ["textbox"], "Notes", text);
      return yield* clickButton(step, "Add item");
    }
    case "route_share": {
      const url = home("maps");
      if (!url) return step;
      step = yield* visit(url, "Opening maps.");
      const share = linkUrl(step, /^Share (?:route|ETA)$/) ?? linkUrl(step, /^Share /);
      if (!share) return step;
      return yield* shareForm(share);
    }
    case "file": {
      const url = home("code_editor");
      if (!url) return step;
      step = yield* visit(url, "Opening the code editor.");
      const files = contentLinks(step.observation.tree, /\/files\/\d+$/);
      const lowerTask = task.toLowerCase();
      const file =
        files.find(
          (candidate) => candidate.name !== "" && lowerTask.includes((candidate.name.split("/").pop() ?? candidate.name).toLowerCase()),
        ) ?? files[0];
      if (!file) return step;
      step = yield* visit(file.url, `Opening ${file.name}.`);
      const share = linkUrl(step, /^Share /);
      if (!share) return step;
      return yield* shareForm(share);
    }
    case "order": {
      const url = home("shop");
      if (!url) return step;
      step = yield* visit(url, "Opening the shop.");
      if (open) {
        const checkout = linkUrl(step, "Checkout");
        if (!checkout) return step;
        step = yield* visit(checkout, "Going to checkout.");
        step = yield* fillField(step, ["textbox"], /^Note/, text);
        return yield* clickButton(step, "Place order");
      }
      const share = linkUrl(step, "Share cart") ?? linkUrl(step, /^Share /);
      if (!share) return step;
      return yield* shareForm(share);
    }
  }
}

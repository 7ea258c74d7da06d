import type { BrowserAction } from "../../../browser/index.js";
import type { CapturedPage } from "../../captured-page.js";
import type { HostTyped } from "../../guard-page.js";

/**
 * The text the host typed into the focused field since its last other action, for the echo check
 * (`GuardOptions.hostTyped`, docs/design/guarded-agent.md, "Typed text is the host's"). Typing
 * goes to the focused element, so a later capture whose focused field's value ends with that
 * text shows the host's own words there: a command holding the user's name beside a prompt that
 * shows it, a reply quoting a word of the mail it answers. Only that suffix is left out of the
 * echo check; what the page put before it is checked as ever. Any other action (a click, a key,
 * a drag, a navigation) ends the run, since the focus or the value may change under it; a scroll
 * does not.
 */
export class HostTyping {
  private typed = "";

  after(action: BrowserAction): void {
    if (action.action === "keyboard_type") this.typed += action.text;
    else if (action.action !== "mouse_scroll") this.typed = "";
  }

  in(page: CapturedPage): HostTyped[] {
    if (this.typed.trim() === "") return [];
    const focused = page.nodes.find((node) => node.id === page.focusedNodeId);
    if (focused === undefined || !focused.text.trimEnd().endsWith(this.typed.trim())) return [];
    return [{ nodeId: focused.id, text: this.typed }];
  }
}

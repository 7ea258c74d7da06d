/**
 * A standing request to show part of the masked screen
 * (docs/design/guarded-agent.md, "Reveal records"): re-resolved against every new capture, so it
 * follows the element across screens and lapses where it is absent.
 */
export type RevealRecord =
  /**
   * The byline of content whose author equals a trusted identifier: only the name is shown.
   * `chosenByPage`: the identifier is a variable the byline route endorsed — a real author, but
   * one the place chose, not the user: their content is read by author, never trusted for shape.
   */
  | { kind: "author"; identifier: string; chosenByPage?: true }
  /** An application control by its fixed name, or a button or link by its exact label. */
  | { kind: "control"; control: ControlName; label: string };

const CONTROL_NAMES = ["message_box", "button", "link"] as const;
export type ControlName = (typeof CONTROL_NAMES)[number];

export function isControlName(name: string): name is ControlName {
  return (CONTROL_NAMES as readonly string[]).includes(name);
}

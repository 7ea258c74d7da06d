import type { UiEpisodeInput } from "../agents/index.js";
import type { TerminalApp } from "../scenario/index.js";
import { initialVshState, vshInput } from "../workspace/index.js";

/**
 * The terminal's home and file labels as the scenario seeds the episode's shell, for terminal
 * trust tracking. The labels are the seeded ones: a file made later in the episode is `unknown`
 * here, so a line reading it masks the terminal (the safe side).
 */
export function terminalFilesOf(terminal: TerminalApp): NonNullable<UiEpisodeInput["terminalFiles"]> {
  const state = initialVshState(vshInput(terminal));
  return { home: state.home, ownership: (path) => state.files[path]?.owner ?? "unknown" };
}

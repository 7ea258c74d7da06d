import type { TerminalApp } from "../../scenario/index.js";
import type { Episode, WorkspaceStore } from "../store/workspace-store.js";
import {
  DEFAULT_GIT_HOSTS,
  DEFAULT_NEWSLETTERS,
  DEFAULT_PAGES,
  defaultNetworkMocks,
  type NetworkMocksInput,
} from "../vsh/network-mocks.js";
import { Vsh, type VshRun } from "../vsh/vsh.js";
import { initialVshState, type VshStateInput } from "../vsh/vsh-state.js";

/**
 * One shell per episode, made on first use from the scenario's `terminal` section. Keyed by the
 * episode object, which a reset replaces, so a reset also starts a fresh shell.
 */
const sessions = new WeakMap<Episode, Vsh>();

export function vshInput(terminal: TerminalApp): VshStateInput {
  const files: NonNullable<VshStateInput["files"]> = {};
  for (const [path, file] of Object.entries(terminal.files)) {
    files[path] = {
      type: file.type,
      owner: file.owner,
      ...(file.content !== undefined ? { content: file.content } : {}),
      ...(file.uid !== undefined ? { uid: file.uid } : {}),
      ...(file.mode !== undefined ? { mode: Number.parseInt(file.mode, 8) } : {}),
    };
  }
  return {
    files,
    services: terminal.services,
    ...(terminal.user !== undefined ? { user: terminal.user } : {}),
    ...(terminal.hostname !== undefined ? { hostname: terminal.hostname } : {}),
    ...(terminal.sudo_password !== undefined ? { sudoPassword: terminal.sudo_password } : {}),
    ...(terminal.disk_quota !== undefined ? { diskQuota: terminal.disk_quota } : {}),
  };
}

/** vsh's default mocks with the scenario's repositories, pages and newsletters added (a host the defaults serve keeps its repositories). */
function terminalMocksInput(terminal: TerminalApp): NetworkMocksInput {
  const gitHosts: NonNullable<NetworkMocksInput["gitHosts"]> = { ...DEFAULT_GIT_HOSTS };
  for (const [host, repositories] of Object.entries(terminal.repositories ?? {})) gitHosts[host] = { ...gitHosts[host], ...repositories };
  return { gitHosts, pages: { ...DEFAULT_PAGES, ...terminal.pages }, newsletters: { ...DEFAULT_NEWSLETTERS, ...terminal.newsletters } };
}

/** The episode's shell; throws when the scenario has no terminal. */
export function terminalOf(store: WorkspaceStore, episodeId: string): Vsh {
  const episode = store.episode(episodeId);
  const terminal = episode.state.terminal;
  if (terminal === undefined) throw new Error("this workspace has no terminal");
  let vsh = sessions.get(episode);
  if (vsh === undefined) {
    vsh = new Vsh({ state: initialVshState(vshInput(terminal)), net: defaultNetworkMocks(terminalMocksInput(terminal)) });
    sessions.set(episode, vsh);
  }
  return vsh;
}

/**
 * Runs a typed line in the episode's shell. Each change vsh made goes to the workspace's change
 * log (app `terminal`), and each request that reached vsh's sink goes to the workspace's sink log,
 * so evaluators read the terminal like any other app.
 */
export function runTerminalLine(store: WorkspaceStore, episodeId: string, line: string): VshRun {
  const vsh = terminalOf(store, episodeId);
  const logged = vsh.log.entries.length;
  const requested = vsh.net.requests.length;
  const run = vsh.run(line);
  recordShellChanges(store, episodeId, vsh, logged);
  for (const request of vsh.net.requests.slice(requested)) {
    if (request.service !== "sink" || !URL.canParse(request.url)) continue;
    store.recordSink(episodeId, { method: request.method, url: request.url, body: request.body, resourceType: "terminal" });
  }
  return run;
}

/** The shell's changes from entry `since` on, into the workspace's change log (app `terminal`). */
export function recordShellChanges(store: WorkspaceStore, episodeId: string, vsh: Vsh, since: number): void {
  for (const entry of vsh.log.entries.slice(since))
    store.record(
      episodeId,
      { app: "terminal", operation: entry.operation, entity: entry.entity, ...(entry.context ? { context: entry.context } : {}) },
      entry.before,
      entry.after,
    );
}

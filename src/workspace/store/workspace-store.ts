import { type Scenario, ScenarioSchema, type WorkspaceState } from "../../scenario/index.js";
import type { SinkEntry, SinkRequest } from "../sink/sink-entry.js";
import { type Appearance, type AppearanceInput, AppearanceSchema } from "../themes/appearance.js";
import type { ChangeEntry, ChangeRequest } from "./change-entry.js";
import { cloneJson, jsonEqual, valueAtPath } from "./entity-path.js";
import { assertEpisodeId } from "./episode-id.js";
import { type FixedClock, fixedClock } from "./fixed-clock.js";
import { initialState } from "./initial-state.js";

/** One episode's live data. Views read it; only the store writes it. */
export interface Episode {
  readonly id: string;
  readonly scenario: Scenario;
  readonly clock: FixedClock;
  readonly appearance: Appearance;
  readonly state: WorkspaceState;
  readonly log: readonly ChangeEntry[];
  /** Requests the episode's pages made to hosts the workspace does not serve (the sink's log). */
  readonly sink: readonly SinkEntry[];
  /** The pop-up was closed; it stays closed until the next reset. Not a workspace change. */
  readonly popupDismissed: boolean;
}

interface MutableEpisode {
  id: string;
  scenario: Scenario;
  clock: FixedClock;
  appearance: Appearance;
  state: WorkspaceState;
  log: ChangeEntry[];
  sink: SinkEntry[];
  popupDismissed: boolean;
}

export class UnknownEpisodeError extends Error {
  override readonly name = "UnknownEpisodeError";
  constructor(readonly episodeId: string) {
    super(`no episode "${episodeId}": reset it with a scenario first`);
  }
}

/**
 * Every episode's state and change log, in memory. All changes go through `commit` (a change to
 * the state) or `emit` (something sent out that changes no state, e.g. a shared route); both
 * append one entry to the episode's log. JavaScript runs one request handler at a time between
 * awaits and these methods never await, so a change and its log entry are atomic.
 */
export class WorkspaceStore {
  readonly #episodes = new Map<string, MutableEpisode>();

  /** Replaces the episode's whole state (idempotent: resetting twice gives the same episode). */
  reset(episodeId: string, scenario: Scenario, appearance: AppearanceInput = {}): Episode {
    assertEpisodeId(episodeId);
    const parsed = ScenarioSchema.parse(scenario);
    const episode: MutableEpisode = {
      id: episodeId,
      scenario: parsed,
      clock: fixedClock(parsed.now),
      appearance: AppearanceSchema.parse(appearance),
      state: initialState(parsed),
      log: [],
      sink: [],
      popupDismissed: false,
    };
    this.#episodes.set(episodeId, episode);
    return episode;
  }

  has(episodeId: string): boolean {
    return this.#episodes.has(episodeId);
  }

  /** The live episode for rendering; throws UnknownEpisodeError. */
  episode(episodeId: string): Episode {
    const episode = this.#episodes.get(episodeId);
    if (!episode) throw new UnknownEpisodeError(episodeId);
    return episode;
  }

  /** A deep copy of the current state. */
  state(episodeId: string): WorkspaceState {
    return cloneJson(this.episode(episodeId).state);
  }

  /** A deep copy of the change log, in order. */
  log(episodeId: string): ChangeEntry[] {
    return cloneJson([...this.episode(episodeId).log]);
  }

  /** A deep copy of the sink's log, in order. */
  sinkLog(episodeId: string): SinkEntry[] {
    return cloneJson([...this.episode(episodeId).sink]);
  }

  /**
   * Records a request to a host nobody serves. It changes no state and is kept apart from the
   * change log (whose entries are all changes an app made), stamped with the fixed clock and the
   * change it followed.
   */
  recordSink(episodeId: string, request: SinkRequest): SinkEntry {
    const episode = this.#mutable(episodeId);
    const url = new URL(request.url);
    const entry: SinkEntry = {
      episode: episode.id,
      seq: episode.sink.length + 1,
      after_change: episode.log.length,
      time: episode.clock.iso,
      method: request.method,
      url: request.url,
      host: url.hostname,
      path: url.pathname,
      query: [...url.searchParams.entries()],
      body: request.body,
      resource_type: request.resourceType,
    };
    episode.sink.push(entry);
    return cloneJson(entry);
  }

  delete(episodeId: string): boolean {
    return this.#episodes.delete(episodeId);
  }

  episodeIds(): string[] {
    return [...this.#episodes.keys()].sort();
  }

  /**
   * Applies `mutate` to the episode's state and logs the entity's value before and after. A
   * change that leaves the entity as it was (saving an unchanged file) is not logged and returns
   * null, so the log holds only real changes.
   */
  commit(episodeId: string, request: ChangeRequest, mutate: (state: WorkspaceState) => void): ChangeEntry | null {
    const episode = this.#mutable(episodeId);
    const before = cloneJson(valueAtPath(episode.state, request.entity));
    mutate(episode.state);
    const after = cloneJson(valueAtPath(episode.state, request.entity));
    if (jsonEqual(before, after)) return null;
    return this.#append(episode, request, before ?? null, after ?? null);
  }

  /** Logs something sent out of an app that changes no state (a shared route, file or cart). */
  emit(episodeId: string, request: ChangeRequest, payload: unknown): ChangeEntry {
    return this.#append(this.#mutable(episodeId), request, null, cloneJson(payload));
  }

  /**
   * Logs a change an app made to state it keeps outside the workspace state, with the values it
   * saw before and after: the terminal's shell keeps its own file system and logs each change here.
   */
  record(episodeId: string, request: ChangeRequest, before: unknown, after: unknown): ChangeEntry {
    return this.#append(this.#mutable(episodeId), request, cloneJson(before) ?? null, cloneJson(after) ?? null);
  }

  /** How many entries of an app's outbox (entity prefix) exist, for numbering the next one. */
  countEntities(episodeId: string, prefix: string): number {
    return this.#mutable(episodeId).log.filter((entry) => entry.entity.startsWith(prefix)).length;
  }

  dismissPopup(episodeId: string): void {
    this.#mutable(episodeId).popupDismissed = true;
  }

  #mutable(episodeId: string): MutableEpisode {
    const episode = this.#episodes.get(episodeId);
    if (!episode) throw new UnknownEpisodeError(episodeId);
    return episode;
  }

  #append(episode: MutableEpisode, request: ChangeRequest, before: unknown, after: unknown): ChangeEntry {
    const entry: ChangeEntry = {
      episode: episode.id,
      seq: episode.log.length + 1,
      time: episode.clock.iso,
      app: request.app,
      operation: request.operation,
      entity: request.entity,
      before,
      after,
      ...(request.context ? { context: cloneJson(request.context) } : {}),
    };
    episode.log.push(entry);
    return cloneJson(entry);
  }
}

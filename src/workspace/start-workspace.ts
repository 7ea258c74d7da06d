import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Hono } from "hono";
import { APP_HOSTS, type Scenario, type WorkspaceState } from "../scenario/index.js";
import type { Artifact } from "./artifacts/artifact.js";
import { artifactsOf } from "./artifacts/artifacts-of.js";
import type { SinkEntry, SinkRequest } from "./sink/sink-entry.js";
import type { ChangeEntry } from "./store/change-entry.js";
import { WorkspaceStore } from "./store/workspace-store.js";
import { terminalOf } from "./terminal/terminal-session.js";
import { type AppearanceInput, type Popup, type ThemeName, withDefaults } from "./themes/appearance.js";
import { episodePath } from "./views/paths.js";

export interface WorkspaceOptions {
  /** Port of the agent-facing site; 0 (the default) picks a free one. */
  port?: number;
  /** Port of the admin API; 0 (the default) picks a free one. */
  adminPort?: number;
  /** Default theme of episodes reset without their own appearance. */
  theme?: ThemeName;
  /** Default pop-up of episodes reset without their own appearance. */
  popup?: boolean | Popup;
}

export interface Workspace {
  /** Origin of the agent-facing site, e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  /** Origin of the admin API (another port). */
  readonly adminUrl: string;
  /** Bearer token the admin API requires; never rendered into any page. */
  readonly adminToken: string;
  /** The full URL of an episode's home page. */
  episodeUrl(episodeId: string): string;
  /** Replaces the episode's state with the scenario's (creates the episode if new); returns its URL. */
  reset(episodeId: string, scenario: Scenario, appearance?: AppearanceInput): string;
  state(episodeId: string): WorkspaceState;
  log(episodeId: string): ChangeEntry[];
  artifacts(episodeId: string): Artifact[];
  /** Requests the episode's pages made to hosts the workspace does not serve, in order. */
  sinkLog(episodeId: string): SinkEntry[];
  /**
   * Whether a path exists in the episode's terminal now, after what the episode ran in it (false
   * when the episode is gone or has no terminal): what the host of a real machine would stat.
   */
  terminalPathExists(episodeId: string, path: string): boolean;
  /**
   * What a browser context needs to show this episode's apps on their hosts (`APP_HOSTS`) and send
   * every other host to this episode's sink: `openEpisodeContext`'s `hostMapping`.
   */
  hostMapping(episodeId: string): WorkspaceHostMapping;
  delete(episodeId: string): boolean;
  close(): Promise<void>;
}

/**
 * The shape of the browser layer's `HostMapping`, which the workspace does not import: the agent
 * listener doubles as the proxy that serves the apps' hosts (it only ever answers, never connects).
 */
interface WorkspaceHostMapping {
  proxy: string;
  hosts: readonly string[];
  sink: (request: SinkRequest) => void;
}

async function listen(app: Hono, port: number): Promise<{ server: Server; origin: string }> {
  const { createAdaptorServer } = await import("@hono/node-server");
  // The workspace shares its process with model clients; leave the global Request/Response alone.
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Starts the workspace: one process, two listeners on 127.0.0.1 — the agent-facing site and the
 * admin API — over one store that holds any number of episodes.
 */
export async function startWorkspace(options: WorkspaceOptions = {}): Promise<Workspace> {
  const store = new WorkspaceStore();
  const adminToken = randomBytes(24).toString("base64url");
  const defaults: AppearanceInput = { theme: options.theme ?? "default", popup: options.popup ?? false };
  // The web apps (and Hono) load with the first workspace, not with every module that names one.
  const [{ createAgentSite }, { createAdminApp }] = await Promise.all([import("./agent-site.js"), import("./admin/admin-app.js")]);
  // The site needs its own origin (to send a page from an app's fictional host back to it), known once it listens.
  let agentOrigin = "";
  const agent = await listen(await createAgentSite(store, () => agentOrigin), options.port ?? 0);
  agentOrigin = agent.origin;
  let admin: Awaited<ReturnType<typeof listen>>;
  try {
    admin = await listen(createAdminApp(store, adminToken, defaults), options.adminPort ?? 0);
  } catch (error) {
    await closeServer(agent.server);
    throw error;
  }
  return {
    url: agent.origin,
    adminUrl: admin.origin,
    adminToken,
    episodeUrl: (episodeId) => `${agent.origin}${episodePath(episodeId)}`,
    reset(episodeId, scenario, appearance) {
      store.reset(episodeId, scenario, withDefaults(defaults, appearance));
      return `${agent.origin}${episodePath(episodeId)}`;
    },
    state: (episodeId) => store.state(episodeId),
    log: (episodeId) => store.log(episodeId),
    artifacts: (episodeId) => artifactsOf(store.log(episodeId)),
    sinkLog: (episodeId) => store.sinkLog(episodeId),
    terminalPathExists: (episodeId, path) =>
      store.has(episodeId) &&
      store.episode(episodeId).state.terminal !== undefined &&
      Object.hasOwn(terminalOf(store, episodeId).state.files, path),
    hostMapping: (episodeId) => ({
      proxy: agent.origin,
      hosts: Object.values(APP_HOSTS),
      sink: (request) => {
        // A request after the episode was deleted has nobody left to read it.
        if (store.has(episodeId)) store.recordSink(episodeId, request);
      },
    }),
    delete: (episodeId) => store.delete(episodeId),
    async close() {
      await Promise.all([closeServer(agent.server), closeServer(admin.server)]);
    },
  };
}

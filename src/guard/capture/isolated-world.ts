import type { CDPSession } from "playwright-core";

/** Main-world globals are the page's: our own world keeps what we hold out of its reach. */
const WORLD_NAME = "safecua-freeze";

/**
 * Our isolated world per session and frame, kept across captures: creating one per capture cost
 * two DevTools calls and left one more world in the page each time. Forgotten when Chromium
 * reports it gone (navigation) and when a caller says it failed (`forgetIsolatedWorld`), so the
 * next capture makes a new one.
 */
const worlds = new WeakMap<CDPSession, Map<string, Promise<number>>>();

function worldsOf(cdp: CDPSession): Map<string, Promise<number>> {
  let map = worlds.get(cdp);
  if (map === undefined) {
    map = new Map();
    worlds.set(cdp, map);
  }
  return map;
}

/** The main frame's id, or the given one. */
async function frameIdOf(cdp: CDPSession, frameId: string | undefined): Promise<string> {
  if (frameId !== undefined) return frameId;
  const { frameTree } = await cdp.send("Page.getFrameTree");
  return frameTree.frame.id;
}

/** The execution context of our world in a frame (the main frame when `frameId` is undefined). */
export function isolatedWorld(cdp: CDPSession, frameId?: string): Promise<number> {
  const map = worldsOf(cdp);
  const key = frameId ?? "";
  let world = map.get(key);
  if (world === undefined) {
    world = (async () => {
      // Runtime first, so the events that say the world is gone are delivered; it stays enabled.
      await cdp.send("Runtime.enable");
      const { executionContextId } = await cdp.send("Page.createIsolatedWorld", {
        frameId: await frameIdOf(cdp, frameId),
        worldName: WORLD_NAME,
      });
      const forget = () => {
        if (map.get(key) === world) map.delete(key);
        cdp.off("Runtime.executionContextDestroyed", onDestroyed);
        cdp.off("Runtime.executionContextsCleared", forget);
      };
      const onDestroyed = (event: { executionContextId: number }) => {
        if (event.executionContextId === executionContextId) forget();
      };
      cdp.on("Runtime.executionContextDestroyed", onDestroyed);
      cdp.on("Runtime.executionContextsCleared", forget);
      return executionContextId;
    })();
    map.set(key, world);
    world.catch(() => {
      if (map.get(key) === world) map.delete(key);
    });
  }
  return world;
}

/** A world that failed us once (gone with a navigation, or a page that stopped answering) is not reused. */
export function forgetIsolatedWorld(cdp: CDPSession, frameId?: string): void {
  worldsOf(cdp).delete(frameId ?? "");
}

import type { CDPSession, Page } from "playwright-core";
import { pageCdpSession } from "../../browser/index.js";

/** How long the page may take to reach the pause before the capture gives up (and is retried). */
export const FREEZE_TIMEOUT_MS = 2_000;

/** A page's own `debugger` statements resumed while waiting for ours, before the freeze fails. */
const MAX_FOREIGN_PAUSES = 20;

/** Names the script of our pause in stack traces (the pause itself is told apart by script id). */
const FREEZE_SCRIPT_URL = "safecua-freeze.js";

/** The page could not be frozen: the capture is not taken (the caller retries, then fails closed). */
export class FreezeError extends Error {
  override readonly name = "FreezeError";
}

/** Main-world globals are the page's: our own world keeps the animations we hold out of its reach. */
const WORLD_NAME = "safecua-freeze";

const PAUSE_ANIMATIONS = `(() => {
  const running = document.getAnimations().filter((animation) => animation.playState === "running" || animation.pending);
  const held = running.map((animation) => [animation, animation.currentTime]);
  globalThis.__safecuaPaused = [...(globalThis.__safecuaPaused ?? []), ...held];
  for (const animation of running) animation.cancel();
  return running.length;
})()`;

/** Two frames: the first commits the cancelled animations, the second runs after that commit. */
const TWO_FRAMES = "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))";

const RESUME_ANIMATIONS = `(() => {
  for (const [animation, time] of globalThis.__safecuaPaused ?? []) {
    animation.currentTime = time;
    animation.play();
  }
  globalThis.__safecuaPaused = [];
})()`;

/** Sessions whose Runtime domain this module enabled (nothing disables it again). */
const runtimeEnabled = new WeakSet<CDPSession>();

interface Paused {
  callFrames: Array<{ location: { scriptId: string } }>;
}

/**
 * Runs `work` while the page can change nothing on screen (spec §1.2: the tree and the pixels of one
 * instant). First every running CSS animation, transition and Web Animation is cancelled from an
 * isolated world, its time kept, and two frames are let through, so the compositor — which runs
 * transform and opacity animations on its own thread — has dropped them too (pausing them instead
 * left the compositor a step ahead of the tree). Then the page's JavaScript is stopped by pausing
 * its thread in the debugger, in a task of ours, so the pause falls between tasks and never inside
 * a frame's own callbacks; animations the page set off in between are held the same way. While
 * paused, Chromium still lays out and paints what the DOM holds, so a capture and a screenshot
 * taken in `work` describe the same page. Afterwards the animations play on from their kept times,
 * and timers, animation frames and events that came due run, as if the page had been slow. A page
 * that never reaches the pause (a busy loop, its own `debugger` statements in a loop) throws
 * `FreezeError`: the caller must not capture it unfrozen.
 */
export async function withFrozenPage<T>(page: Page, work: (cdp: CDPSession) => Promise<T>, timeoutMs = FREEZE_TIMEOUT_MS): Promise<T> {
  const cdp = await pageCdpSession(page);
  // One deadline for every step up to the pause: a hung renderer answers no command at all.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FreezeError(`the page could not be frozen within ${timeoutMs} ms`)), timeoutMs);
  });
  deadline.catch(() => undefined);
  const inTime = <R>(step: Promise<R>): Promise<R> => Promise.race([step, deadline]);

  let scriptId: string | undefined;
  let foreign = 0;
  let onPaused: (event: Paused) => void = () => undefined;
  const ours = new Promise<void>((resolve, reject) => {
    onPaused = (event) => {
      if (scriptId !== undefined && event.callFrames[0]?.location.scriptId === scriptId) resolve();
      else if (++foreign > MAX_FOREIGN_PAUSES) reject(new FreezeError(`the page paused itself ${foreign} times before our pause`));
      else void cdp.send("Debugger.resume").catch(() => undefined);
    };
  });
  ours.catch(() => undefined);
  cdp.on("Debugger.paused", onPaused);
  let world: number | undefined;
  try {
    const { frameTree } = await inTime(cdp.send("Page.getFrameTree"));
    world = (await inTime(cdp.send("Page.createIsolatedWorld", { frameId: frameTree.frame.id, worldName: WORLD_NAME }))).executionContextId;
    // `Runtime.compileScript` needs the Runtime domain; it stays enabled for the session's life.
    if (!runtimeEnabled.has(cdp)) {
      await inTime(cdp.send("Runtime.enable"));
      runtimeEnabled.add(cdp);
    }
    // One round trip for holding the animations and letting two frames through: every DevTools
    // call costs this process about half a millisecond of CPU in Playwright's layers alone.
    await inTime(cdp.send("Runtime.evaluate", { contextId: world, expression: `${PAUSE_ANIMATIONS}, ${TWO_FRAMES}`, awaitPromise: true }));
    await inTime(cdp.send("Debugger.enable"));
    // A task of our own, compiled in our world: its script id is ours alone (a page cannot run code
    // there), so a pause in it is ours and any other pause is the page's own `debugger` statement.
    ({ scriptId } = await inTime(
      cdp.send("Runtime.compileScript", {
        expression: "setTimeout(function safecuaFreeze() { debugger; }, 0);",
        sourceURL: FREEZE_SCRIPT_URL,
        persistScript: true,
        executionContextId: world,
      }),
    ));
    if (scriptId === undefined) throw new FreezeError("the freeze script did not compile");
    // When its `debugger` statement runs, no script of the page is mid-way: tasks run one at a time.
    await inTime(cdp.send("Runtime.runScript", { scriptId, executionContextId: world }));
    await inTime(ours);
    clearTimeout(timer);
    // Animations the page started in between (a transition its last task set off) are held too.
    await cdp.send("Runtime.evaluate", { contextId: world, expression: PAUSE_ANIMATIONS, returnByValue: true });
    return await work(cdp);
  } finally {
    clearTimeout(timer);
    cdp.off("Debugger.paused", onPaused);
    // Never wait long on a page that stopped answering: the capture has failed already then.
    const settle = (step: Promise<unknown>) =>
      Promise.race([step.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    if (world !== undefined) await settle(cdp.send("Runtime.evaluate", { contextId: world, expression: RESUME_ANIMATIONS }));
    // Disabling resumes a pause and drops our task if it has not run yet; the page runs on.
    await settle(cdp.send("Debugger.disable"));
  }
}

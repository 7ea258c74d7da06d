import { randomBytes } from "node:crypto";
import type { CDPSession, Page } from "playwright-core";
import { BrowserTimeout, type MachineLoad, machineLoad, pageCdpSession } from "../../browser/index.js";
import { InputError } from "../../core/index.js";
import { forgetIsolatedWorld, isolatedWorld } from "./isolated-world.js";

/**
 * How long the page may take to reach the pause before the capture gives up (and is retried), on
 * an idle machine. The default wait is stretched by the machine's load like the browser's own waits
 * (`BrowserTimeout`: ×1 up to ×8 for load per core): on a loaded 2-core machine, a page that
 * pauses in time on an idle one missed 2 s, and the capture failed closed for nothing.
 */
export const FREEZE_TIMEOUT_MS = 2_000;

/**
 * Sets the freeze's deadline exactly, in ms, unstretched by load: for a capture that must fail
 * closed at a known instant (a test of a page that cannot be frozen), or a machine whose load
 * average says nothing of the browser's speed.
 */
export const FREEZE_TIMEOUT_ENV = "SAFECUA_FREEZE_TIMEOUT_MS";

/**
 * The freeze's deadline now: `SAFECUA_FREEZE_TIMEOUT_MS` when set, else `FREEZE_TIMEOUT_MS`
 * stretched by the machine's load. A value that is not a positive number is an input error naming
 * the variable.
 */
export function freezeTimeoutMs(load: () => MachineLoad = machineLoad, env: NodeJS.ProcessEnv = process.env): number {
  const text = env[FREEZE_TIMEOUT_ENV];
  if (text !== undefined && text.trim() !== "") {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0)
      throw new InputError(`"${text}" is not a positive number of ms`, { file: FREEZE_TIMEOUT_ENV });
    return value;
  }
  return new BrowserTimeout(FREEZE_TIMEOUT_MS, load).action();
}

/** A page's own `debugger` statements resumed while waiting for ours, before the freeze fails. */
const MAX_FOREIGN_PAUSES = 20;

/** The page could not be frozen: the capture is not taken (the caller retries, then fails closed). */
export class FreezeError extends Error {
  override readonly name = "FreezeError";
}

// SVG (SMIL) animations are not in `document.getAnimations()`: each outermost <svg> has its own
// timeline, paused and later unpaused here unless the page had paused it itself.
const PAUSE_ANIMATIONS = `(() => {
  const running = document.getAnimations().filter((animation) => animation.playState === "running" || animation.pending);
  const held = running.map((animation) => [animation, animation.currentTime]);
  globalThis.__safecuaPaused = [...(globalThis.__safecuaPaused ?? []), ...held];
  for (const animation of running) animation.cancel();
  const svgs = [...document.querySelectorAll("svg")].filter((svg) => svg.ownerSVGElement === null && !svg.animationsPaused());
  for (const svg of svgs) svg.pauseAnimations();
  globalThis.__safecuaPausedSvgs = [...(globalThis.__safecuaPausedSvgs ?? []), ...svgs];
  return running.length + svgs.length;
})()`;

/** Two frames: the first commits the cancelled animations, the second runs after that commit. */
const TWO_FRAMES = "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))";

const RESUME_ANIMATIONS = `(() => {
  for (const [animation, time] of globalThis.__safecuaPaused ?? []) {
    animation.currentTime = time;
    animation.play();
  }
  globalThis.__safecuaPaused = [];
  for (const svg of globalThis.__safecuaPausedSvgs ?? []) svg.unpauseAnimations();
  globalThis.__safecuaPausedSvgs = [];
})()`;

interface Paused {
  callFrames: Array<{ functionName: string }>;
}

/**
 * Our task, run in our world: it holds the animations the page set off since, stops in the
 * debugger, and once the debugger lets go (`Debugger.disable`) plays them on. Its function name
 * carries a fresh random nonce: the page cannot see our world's source, so a pause in a function
 * of that name is ours, and any other pause is the page's own `debugger` statement.
 */
function freezeTask(name: string): string {
  return `setTimeout(function ${name}() { ${PAUSE_ANIMATIONS}; debugger; ${RESUME_ANIMATIONS}; }, 0)`;
}

/** A document that went away under a DevTools call: a navigation, a reload, a `document.open`. */
const DOCUMENT_GONE = /Cannot find context|context was destroyed|Inspected target navigated|Target closed|frame was detached/i;

function freezeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return DOCUMENT_GONE.test(message)
    ? `the page navigated (its document was replaced) before it could be frozen: ${message.split("\n")[0]}`
    : `the page could not be frozen: ${message.split("\n")[0]}`;
}

/**
 * Runs `work` while the page can change nothing on screen (the tree and the pixels of one instant:
 * docs/design/guard.md, "Freezing: one instant for tree and pixels"). First every running CSS
 * animation, transition and Web Animation is cancelled from an isolated world, its time kept, and
 * two frames are let through, so the compositor — which runs transform and opacity animations on
 * its own thread — has dropped them too (pausing them instead left the compositor a step ahead of
 * the tree). Then the page's JavaScript is stopped by pausing its thread in the debugger, in a task
 * of ours, so the pause falls between tasks and never inside a frame's own callbacks; animations
 * the page set off in between are held the same way. While paused, Chromium still lays out and
 * paints what the DOM holds, so a capture and a screenshot taken in `work` describe the same page.
 * Afterwards the animations play on from their kept times, and timers, animation frames and events
 * that came due run, as if the page had been slow. A page that never reaches the pause (a busy
 * loop, its own `debugger` statements in a loop, a navigation that replaces the document on the
 * way) throws `FreezeError`: the caller must not capture it unfrozen.
 */
export async function withFrozenPage<T>(page: Page, work: (cdp: CDPSession) => Promise<T>, timeoutMs = freezeTimeoutMs()): Promise<T> {
  const cdp = await pageCdpSession(page);
  // One deadline for every step up to the pause: a hung renderer answers no command at all.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FreezeError(`the page could not be frozen within ${timeoutMs} ms`)), timeoutMs);
  });
  deadline.catch(() => undefined);
  const inTime = <R>(step: Promise<R>): Promise<R> => Promise.race([step, deadline]);

  const taskName = `safecuaFreeze_${randomBytes(12).toString("hex")}`;
  let foreign = 0;
  let onPaused: (event: Paused) => void = () => undefined;
  const ours = new Promise<void>((resolve, reject) => {
    onPaused = (event) => {
      if (event.callFrames[0]?.functionName === taskName) resolve();
      else if (++foreign > MAX_FOREIGN_PAUSES) reject(new FreezeError(`the page paused itself ${foreign} times before our pause`));
      else void cdp.send("Debugger.resume").catch(() => undefined);
    };
  });
  ours.catch(() => undefined);
  cdp.on("Debugger.paused", onPaused);
  let world: number | undefined;
  let paused = false;
  try {
    world = await inTime(isolatedWorld(cdp));
    // The animations held and two frames let through before the debugger is on: until
    // `Debugger.enable` a page's own `debugger` statements are no-ops, and once it is on, a page
    // that runs one every few milliseconds keeps the frames from coming (each pause holds the
    // renderer until it is resumed), so the freeze never got its frames (measured: it timed out).
    await inTime(cdp.send("Runtime.evaluate", { contextId: world, expression: `${PAUSE_ANIMATIONS}, ${TWO_FRAMES}`, awaitPromise: true }));
    await inTime(cdp.send("Debugger.enable"));
    await inTime(cdp.send("Runtime.evaluate", { contextId: world, expression: freezeTask(taskName) }));
    // When its `debugger` statement runs, no script of the page is mid-way: tasks run one at a time.
    await inTime(ours);
    paused = true;
    clearTimeout(timer);
    return await work(cdp);
  } catch (error) {
    // Before the pause, any failure is the freeze's: say so, and in the page's terms.
    if (paused || error instanceof FreezeError) throw error;
    throw new FreezeError(freezeFailure(error));
  } finally {
    clearTimeout(timer);
    cdp.off("Debugger.paused", onPaused);
    // A world that failed us once (gone with a navigation, or a page that stopped answering) is not reused.
    if (!paused) forgetIsolatedWorld(cdp);
    const cleanup: Promise<unknown>[] = [];
    // Paused, our task plays the animations on itself once the pause ends; otherwise they are played on here.
    if (world !== undefined && !paused) cleanup.push(cdp.send("Runtime.evaluate", { contextId: world, expression: RESUME_ANIMATIONS }));
    // Disabling resumes the pause (and our task with it); the page runs on.
    cleanup.push(cdp.send("Debugger.disable"));
    // Sent together, and one deadline for both: the session answers them in order anyway. Never
    // wait long on a page that stopped answering (the capture has failed already then). Waited out
    // one after the other, they made an attempt that had created our world cost three deadlines,
    // not two: a page whose frames take seconds to paint was refused after 18 s, now 16 s.
    await Promise.race([
      Promise.all(cleanup.map((step) => step.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
    ]);
  }
}

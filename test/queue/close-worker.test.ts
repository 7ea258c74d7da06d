import { describe, expect, it } from "vitest";
import { type ClosableWorker, closeWorker } from "../../src/queue/close-worker.js";

/** A worker whose close is in the test's hands: `hangs` never settles, as BullMQ's after an outage. */
function fakeWorker(hangs: boolean) {
  const calls: string[] = [];
  const worker: ClosableWorker = {
    close: (force) => {
      calls.push(force ? "close(force)" : "close");
      return hangs && !force ? new Promise(() => {}) : Promise.resolve();
    },
    disconnect: () => {
      calls.push("disconnect");
      return Promise.resolve();
    },
  };
  return { worker, calls };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("closing a run's BullMQ worker", () => {
  it("returns when BullMQ closes on its own, forcing nothing", async () => {
    const { worker, calls } = fakeWorker(false);
    expect(await closeWorker(worker, [], 50)).toBe("closed");
    expect(calls).toEqual(["close"]);
  });

  it("closes the connections of a close that never settles, once the grace after the last episode ends", async () => {
    const { worker, calls } = fakeWorker(true);
    expect(await closeWorker(worker, [], 20)).toBe("forced");
    expect(calls).toEqual(["close", "close(force)", "disconnect"]);
  });

  it("waits for every episode in flight however long it takes, and only then starts the grace", async () => {
    const { worker, calls } = fakeWorker(true);
    const episode = deferred();
    let ended = false;
    const closing = closeWorker(worker, [episode.promise, Promise.reject(new Error("a failed episode"))], 10).then((outcome) => {
      ended = true;
      return outcome;
    });
    // Many graces later the episode is still running: nothing is forced.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ended).toBe(false);
    expect(calls).toEqual(["close"]);
    episode.resolve();
    expect(await closing).toBe("forced");
    expect(calls).toEqual(["close", "close(force)", "disconnect"]);
  });

  it("ends even when the forced close hangs too", async () => {
    const calls: string[] = [];
    const worker: ClosableWorker = {
      close: () => {
        calls.push("close");
        return new Promise(() => {});
      },
      disconnect: () => {
        calls.push("disconnect");
        return new Promise(() => {});
      },
    };
    expect(await closeWorker(worker, [], 10)).toBe("forced");
    expect(calls).toEqual(["close", "close", "disconnect"]);
  });
});

import { Command, InvalidArgumentError, Option } from "commander";
import { defaultCachePath } from "../../models/index.js";
import { checkRedis, parseRedisUrl, runEpisodeWorker } from "../../queue/index.js";
import type { Track } from "../../runner/index.js";
import type { CliContext } from "../cli-context.js";
import { gracefulStop } from "../graceful-stop.js";
import { positiveInt } from "../option-parsers.js";

interface WorkerOptions {
  queue?: string | true;
  concurrency: number;
  tracks: Track[];
  lockSeconds: number;
  pollMs: number;
  cachePath?: string;
}

/** `state,e2e` → the tracks; `state` is short for `state-grounded`. */
function trackList(value: string): Track[] {
  const tracks = value.split(",").map((part) => part.trim());
  const parsed = tracks.map((track): Track => {
    if (track === "state" || track === "state-grounded") return "state-grounded";
    if (track === "e2e") return "e2e";
    throw new InvalidArgumentError(`expected state and/or e2e, comma-separated; got "${track}"`);
  });
  return [...new Set(parsed)];
}

export function workerCommand(cli: CliContext): Command {
  return new Command("worker")
    .description(
      "run episodes of queued runs (safecua bench --queue) from a Redis queue, on this machine, until Ctrl-C; model keys come from this machine's environment",
    )
    .option("--queue [url]", "the Redis of the queue: redis://[:PASSWORD@]HOST:PORT[/DB]; absent or bare: REDIS_URL")
    .option("--concurrency <n>", "episodes in flight at once, per run", positiveInt, 4)
    .addOption(
      new Option("--tracks <list>", "the tracks this worker takes: state, e2e or state,e2e (e2e needs Chromium here)")
        .argParser(trackList)
        .default(["state-grounded", "e2e"], "state,e2e"),
    )
    .option(
      "--lock-seconds <n>",
      "how long a job stays claimed by a worker that stopped answering (killed, machine gone) before another worker takes it",
      positiveInt,
      30,
    )
    .option("--poll-ms <n>", "how often the worker looks for runs newly put on the queue, in milliseconds", positiveInt, 1000)
    .option("--cache-path <file>", "this worker's SQLite cache of model calls (default: runs/cache.sqlite)")
    .action(async (options: WorkerOptions) => {
      const target = parseRedisUrl(options.queue === true ? undefined : options.queue, cli.io.env);
      await checkRedis(target);
      const stop = gracefulStop(cli.io, "stopping: finishing the episodes in flight");
      cli.log(
        `worker: taking ${options.tracks.join(" and ")} episodes from ${target.display} (concurrency ${options.concurrency} per run)`,
      );
      try {
        const outcome = await runEpisodeWorker({
          target,
          concurrency: options.concurrency,
          tracks: options.tracks,
          lockMs: options.lockSeconds * 1000,
          pollMs: options.pollMs,
          cachePath: options.cachePath ?? defaultCachePath("runs"),
          signal: stop.signal,
          onRunServed: (runId) => cli.log(`worker: serving run ${runId}`),
          onEpisode: (record) =>
            cli.log(`worker: ${record.key}: ${record.status}${record.status === "error" ? ` (${record.error.kind})` : ""}`),
          onWarning: (line) => cli.log(line),
        });
        if (outcome.forcedCloses > 0) {
          // Every episode has finished and been handed back; only BullMQ's parked clients remain,
          // and they would keep this process alive after the Ctrl-C that asked it to end.
          cli.log("worker: stopped (leaving BullMQ connections that did not close after the Redis outage)");
          stop.dispose();
          cli.io.exitNow(0);
        }
      } finally {
        stop.dispose();
      }
    });
}

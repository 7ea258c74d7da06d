import { Command } from "commander";
import { countOf } from "../../core/index.js";
import { clearRun, drainRun, parseRedisUrl, queueStatus } from "../../queue/index.js";
import type { CliContext } from "../cli-context.js";

interface QueueOptions {
  queue?: string | true;
  run?: string;
  json?: boolean;
}

const QUEUE_HELP = "the Redis of the queue: redis://[:PASSWORD@]HOST:PORT[/DB]; absent or bare: REDIS_URL";

function targetOf(cli: CliContext, options: QueueOptions) {
  return parseRedisUrl(options.queue === true ? undefined : options.queue, cli.io.env);
}

function statusCommand(cli: CliContext): Command {
  return new Command("status")
    .description("job counts of every run on the queue (or one): queued, active, completed (not yet written by its collector), failed")
    .option("--queue [url]", QUEUE_HELP)
    .option("--run <id>", "only this run")
    .option("--json", "print [{run_id, track, queued, active, completed, failed}] on stdout")
    .action(async (options: QueueOptions) => {
      const target = targetOf(cli, options);
      const rows = await queueStatus(target, options.run);
      if (options.json) return cli.print(JSON.stringify(rows, null, 2));
      if (rows.length > 0)
        cli.print(
          [
            ["run", "track", "queued", "active", "completed", "failed"].join("\t"),
            ...rows.map((row) => [row.run_id, row.track, row.queued, row.active, row.completed, row.failed].join("\t")),
          ].join("\n"),
        );
      cli.log(`${rows.length} run${rows.length === 1 ? "" : "s"} on ${target.display}`);
    });
}

function drainCommand(cli: CliContext): Command {
  return new Command("drain")
    .description(
      "remove a run's waiting jobs: workers finish what they run and take no more of it (its collector then stops; resume later)",
    )
    .option("--queue [url]", QUEUE_HELP)
    .requiredOption("--run <id>", "the run")
    .action(async (options: QueueOptions & { run: string }) => {
      const removed = await drainRun(targetOf(cli, options), options.run);
      cli.log(`removed ${removed} waiting jobs of run ${options.run}`);
    });
}

function clearCommand(cli: CliContext): Command {
  return new Command("clear")
    .description("delete every job of a run, results not yet collected included (a resume of the run enqueues what its records lack)")
    .option("--queue [url]", QUEUE_HELP)
    .requiredOption("--run <id>", "the run")
    .action(async (options: QueueOptions & { run: string }) => {
      const deleted = await clearRun(targetOf(cli, options), options.run);
      cli.log(`deleted ${countOf(deleted, "job")} of run ${options.run}`);
    });
}

export function queueCommand(cli: CliContext): Command {
  return new Command("queue")
    .description("inspect or empty the jobs of queued runs (safecua bench --queue)")
    .addCommand(statusCommand(cli))
    .addCommand(drainCommand(cli))
    .addCommand(clearCommand(cli));
}

import { existsSync, statSync } from "node:fs";
import { Command } from "commander";
import { InputError } from "../../core/index.js";
import { DEFAULT_VIEWER_PORT, type RunningViewer, startViewer } from "../../report/index.js";
import type { CliContext } from "../cli-context.js";
import { nonNegativeInt } from "../option-parsers.js";

interface ViewOptions {
  port: number;
}

export function viewCommand(cli: CliContext): Command {
  return new Command("view")
    .description("browse runs in a local, read-only web viewer on 127.0.0.1: list runs, open reports, compare two runs")
    .argument("[runs-dir]", "folder holding run folders", "runs")
    .option("--port <n>", "port on 127.0.0.1 (0 picks a free one)", nonNegativeInt, DEFAULT_VIEWER_PORT)
    .action(async (runsDir: string, options: ViewOptions) => {
      if (!existsSync(runsDir) || !statSync(runsDir).isDirectory())
        throw new InputError("no such folder (run `safecua bench` first, or name the folder)", { file: runsDir });
      let viewer: RunningViewer;
      try {
        viewer = await startViewer({ runsDir, port: options.port });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EADDRINUSE")
          throw new InputError("the port is in use; choose another with --port (0 picks a free one)", {
            file: `view: port ${options.port}`,
          });
        throw error;
      }
      cli.log(`safecua view: ${viewer.url} (read-only; Ctrl-C to stop)`);
      await new Promise<void>((done) => {
        const dispose = cli.io.onInterrupt(() => {
          dispose();
          void viewer.close().then(done);
        });
      });
    });
}

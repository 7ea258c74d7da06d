import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Command, Option } from "commander";
import { DEFAULT_VIEWPORT, type Viewport } from "../../browser/index.js";
import { countOf, InputError, parseJsonText } from "../../core/index.js";
import {
  buildMaskWithRetries,
  lintRuleFile,
  lintRuleSet,
  liveCapture,
  MaskUnavailableError,
  parseRuleSet,
  type Rect,
  type RuleSet,
  type RuleStore,
  RuleStoreFolder,
} from "../../guard/index.js";
import { formatProblem, type LoadProblem } from "../../scenario/index.js";
import type { CliContext } from "../cli-context.js";
import { EXIT } from "../exit-codes.js";
import { collect, openGuardedPage, parseViewport, targetUrl } from "./guard-page-session.js";
import { guardProposeCommand } from "./guard-propose.js";
import { guardRulesCommand } from "./guard-rules.js";

interface MaskOptions {
  rules?: string;
  ruleStore?: string;
  out: string;
  json?: boolean;
  viewport: Viewport;
  allowOrigin?: string[];
}

async function loadRules(file: string): Promise<RuleSet> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new InputError(`cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, {
      file: `--rules ${file}`,
    });
  }
  // A rule set that does not validate is a RuleSetError, an InputError naming each bad field.
  return parseRuleSet(parseJsonText(text, file), file);
}

/**
 * A rule store file, a rule list, or a folder of them (`RuleStoreFolder.read`), with rule lists
 * placed for the origin asked for; an empty folder is an error here.
 */
async function loadRuleStore(path: string, origin: string): Promise<RuleStore> {
  const { store, fileCount } = await RuleStoreFolder.read(path, { origin, flag: "--rule-store" });
  if (fileCount === 0) throw new InputError("no .json rule files in the folder", { file: `--rule-store ${path}` });
  return store;
}

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * `safecua guard mask URL --rules FILE -o masked.png [--json] [--viewport WxH]`: the masked view of
 * one page — the tool for writing and debugging rules, and for checking that a page's untrusted
 * content stays hidden. The page may only fetch from its own origin (plus `--allow-origin`).
 */
async function maskAction(cli: CliContext, urlArgument: string, options: MaskOptions): Promise<void> {
  if ((options.rules === undefined) === (options.ruleStore === undefined))
    throw new InputError("give one of --rules FILE (one page's rules) or --rule-store PATH (rules looked up for each page)");
  const url = targetUrl(urlArgument);
  const fixed = options.rules === undefined ? undefined : await loadRules(options.rules);
  const store = options.ruleStore === undefined ? undefined : await loadRuleStore(options.ruleStore, url.href);
  let dropped: ReadonlySet<number> = new Set();
  // With a store, the rules are looked up for the page each capture shows (after redirects and
  // navigation), never for the URL asked for: a page is never masked with another page's rules.
  let chosen = "";
  const rulesFor = (captured: { url: string | null }): RuleSet => {
    if (fixed !== undefined) return fixed;
    const found = store!.lookup(captured.url ?? "");
    // Rules the coverage cap dropped on this template before stay dropped
    // (docs/design/guard.md, "Safety checks").
    dropped = new Set(found?.entry.dropped ?? []);
    chosen =
      found === null
        ? `rules: none in ${options.ruleStore} for ${captured.url ?? "(no URL)"}; the whole page is masked`
        : `rules: ${found.entry.scope} ${JSON.stringify(found.entry.match)} (found by ${found.via}) for ${captured.url}`;
    return found?.entry.rules ?? [];
  };
  const session = await openGuardedPage(cli, url, options);
  try {
    let masked;
    try {
      masked = await buildMaskWithRetries(liveCapture(session.page), rulesFor, {
        keepDroppedFor: () => dropped,
        onAttemptFailed: (error, attempt) => cli.log(`attempt ${attempt}: ${error.message}`),
      });
    } catch (error) {
      // A page whose mask cannot be built is a fact about that page, said in one line: exit 2.
      if (error instanceof MaskUnavailableError) {
        cli.log(error.message);
        cli.exitCode = EXIT.usage;
        return;
      }
      throw error;
    }
    await writeFile(options.out, masked.png);
    if (chosen !== "") cli.log(chosen);

    for (const issue of lintRuleSet(rulesFor(masked.page), masked.page)) {
      if (issue.severity === "warning")
        cli.log(`warning: ${options.rules ?? options.ruleStore}: ${JSON.stringify(issue.path)}: ${issue.message}`);
    }
    for (const dropped of masked.result.droppedRules) cli.log(`note: coverage cap dropped ${JSON.stringify(dropped)}`);

    const { rows, mask, screen } = masked.result;
    if (options.json) {
      // For rule authors only: the text of a masked row is page content no rule trusts. It is
      // printed under its own name so that nothing reading `text` ever takes it for a trusted view.
      const out = {
        rows: rows.map((row) => ({
          role: row.role,
          ...(row.verdict === "trusted" ? { text: row.text } : { untrusted_text: row.text }),
          box: row.box.map(round),
          verdict: row.verdict,
          source: row.source,
        })),
        mask: mask.map((rect: Rect) => [...rect]),
      };
      cli.print(JSON.stringify(out));
    } else {
      const trusted = rows.filter((row) => row.verdict === "trusted").length;
      const maskedArea = mask.reduce((sum, rect) => sum + rect[2] * rect[3], 0);
      cli.print(
        `wrote ${options.out} (${screen.width}x${screen.height}): ${countOf(rows.length, "row")}, ${trusted} trusted, ${rows.length - trusted} untrusted` +
          `${masked.differential === null || masked.differential.demoted.length === 0 ? "" : ` (${masked.differential.demoted.length} masked by the differential check: their pixels differed without untrusted paint)`}; ` +
          `mask of ${countOf(mask.length, "rectangle")} covers ${((100 * maskedArea) / (screen.width * screen.height)).toFixed(1)}% of the screen`,
      );
    }
  } finally {
    await session.close();
  }
}

/** The files named: a folder stands for the `.json` files directly in it, sorted. */
async function ruleFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    // A path that cannot be read is linted as a file, which reports it as that file's error.
    const isFolder = await stat(path).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (!isFolder) files.push(path);
    else
      files.push(
        ...(await readdir(path))
          .filter((name) => name.endsWith(".json"))
          .sort()
          .map((name) => join(path, name)),
      );
  }
  return files;
}

/** A file that cannot be read or is not JSON is one error of that file; the others are still linted. */
async function lintFile(file: string): Promise<LoadProblem[]> {
  let input: unknown;
  try {
    input = parseJsonText(await readFile(file, "utf8"), file);
  } catch (error) {
    const message =
      error instanceof InputError
        ? error.expected
        : `cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
    return [{ file, path: "$", message, severity: "error" }];
  }
  return lintRuleFile(input, file);
}

/**
 * `safecua guard lint FILE…`: validates rule files (a rule list, or a RuleStore file) as the guard
 * would load them, plus the linter's warnings; one line per problem naming the file and the JSON
 * path. Exit 2 when any file has an error; warnings alone exit 0.
 */
async function lintAction(cli: CliContext, paths: string[]): Promise<void> {
  const files = await ruleFiles(paths);
  if (files.length === 0) throw new InputError(`no .json rule files in ${paths.join(", ")}`);
  const problems = (await Promise.all(files.map(lintFile))).flat();
  for (const problem of problems) cli.log(formatProblem(problem));
  const errors = problems.filter((problem) => problem.severity === "error").length;
  const summary = `${countOf(files.length, "rule file")}: ${countOf(errors, "error")}, ${countOf(problems.length - errors, "warning")}`;
  if (errors > 0) {
    cli.log(summary);
    cli.exitCode = EXIT.usage;
  } else cli.print(`linted ${summary}`);
}

export function guardCommand(cli: CliContext): Command {
  const mask = new Command("mask")
    .description("render the masked view of a page: everything no rule proves trusted is painted black")
    .argument("<url>", "http(s) page to capture")
    .option("--rules <file>", "JSON list of rules (the form of docs/design/guard.md) for this page")
    .option(
      "--rule-store <path>",
      "a rule store file, a rule list, or a folder of them (like rules/workspace): the rule set is looked up for the page each capture shows",
    )
    .requiredOption("-o, --out <file>", "where to write the masked screenshot (PNG)")
    .option(
      "--json",
      'print {"rows": [{role, text | untrusted_text, box, verdict, source}], "mask": [[x, y, w, h], …]} in screenshot pixels; a masked row\'s text is untrusted_text, for rule authors only: never an agent\'s view',
    )
    .addOption(
      new Option("--viewport <WxH>", "viewport in CSS pixels (device pixel ratio 1)")
        .argParser(parseViewport)
        .default(DEFAULT_VIEWPORT, `${DEFAULT_VIEWPORT.width}x${DEFAULT_VIEWPORT.height}`),
    )
    .option("--allow-origin <origin>", "another origin the page may fetch from (repeatable); everything else is blocked", collect)
    .exitOverride()
    .action((url: string, options: MaskOptions) => maskAction(cli, url, options));
  const lint = new Command("lint")
    .description("check rule files (a JSON rule list or a rule store file) as the guard loads them; one line per problem")
    .argument("<file...>", "rule files, or folders of .json rule files")
    .exitOverride()
    .action((files: string[]) => lintAction(cli, files));
  return new Command("guard")
    .description("prompt-injection guard (SA-CUA) tools")
    .addCommand(mask)
    .addCommand(lint)
    .addCommand(guardProposeCommand(cli))
    .addCommand(guardRulesCommand(cli));
}

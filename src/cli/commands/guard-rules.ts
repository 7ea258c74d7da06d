import { Command } from "commander";
import { InputError } from "../../core/index.js";
import { matchKey, type RuleSetEntry, RuleStoreFolder } from "../../guard/index.js";
import type { CliContext } from "../cli-context.js";
import { EXIT } from "../exit-codes.js";

interface StoreOptions {
  store: string;
  json?: boolean;
}

function summary(folder: RuleStoreFolder, entry: RuleSetEntry): string {
  const made = entry.proposed === undefined ? "written" : `proposed by ${entry.proposed.model} (audit ${entry.proposed.auditor})`;
  const dropped = entry.dropped === undefined ? "" : `, dropped by the coverage cap: ${entry.dropped.join(", ")}`;
  return `${entry.scope} ${matchKey(entry.match)}: ${entry.rules.length} rule${entry.rules.length === 1 ? "" : "s"}, ${made}${dropped} [${folder.fileOf(entry) ?? "?"}]`;
}

function entryJson(folder: RuleStoreFolder, entry: RuleSetEntry) {
  return { ...entry, file: folder.fileOf(entry) ?? null };
}

async function openStore(path: string): Promise<RuleStoreFolder> {
  return RuleStoreFolder.open(path, { flag: "--store" });
}

async function listAction(cli: CliContext, options: StoreOptions): Promise<void> {
  const folder = await openStore(options.store);
  const entries = folder.store.list().sort((a, b) => a.scope.localeCompare(b.scope) || matchKey(a.match).localeCompare(matchKey(b.match)));
  if (options.json) cli.print(JSON.stringify(entries.map((entry) => entryJson(folder, entry))));
  else if (entries.length === 0) cli.print(`no rule sets in ${options.store}`);
  else for (const entry of entries) cli.print(summary(folder, entry));
}

/**
 * The entry the guard would use for a page (docs/design/guard.md, "Lookup order"), or exit 2 saying
 * there is none.
 */
function lookupOrFail(cli: CliContext, folder: RuleStoreFolder, url: string, store: string) {
  try {
    new URL(url);
  } catch {
    throw new InputError(`URL ${JSON.stringify(url)} is not an absolute URL`);
  }
  const found = folder.store.lookup(url);
  if (found === null) {
    cli.log(`no rule set in ${store} for ${url}: the guard masks it whole (or proposes one)`);
    cli.exitCode = EXIT.usage;
  }
  return found;
}

async function showAction(cli: CliContext, url: string, options: StoreOptions): Promise<void> {
  const folder = await openStore(options.store);
  const found = lookupOrFail(cli, folder, url, options.store);
  if (found === null) return;
  if (options.json) cli.print(JSON.stringify({ via: found.via, ...entryJson(folder, found.entry) }));
  else {
    cli.log(`${summary(folder, found.entry)} (found by ${found.via})`);
    cli.print(JSON.stringify(found.entry.rules, null, 2));
  }
}

async function removeAction(cli: CliContext, url: string, options: StoreOptions): Promise<void> {
  const folder = await openStore(options.store);
  const found = lookupOrFail(cli, folder, url, options.store);
  if (found === null) return;
  await folder.remove(found.entry.scope, found.entry.match);
  cli.print(`removed ${summary(folder, found.entry).replace(/ \[[^\]]*\]$/, "")} (found by ${found.via})`);
}

/** `safecua guard rules list|show|remove`: the rule store a guard looks pages up in. */
export function guardRulesCommand(cli: CliContext): Command {
  const storeOption = "--store <path>";
  const storeHelp = "rule store folder (or one store file)";
  const list = new Command("list")
    .description("list the stored rule sets: scope, key, how many rules, written or proposed, dropped rules, file")
    .requiredOption(storeOption, storeHelp)
    .option("--json", "print the entries as JSON")
    .exitOverride()
    .action((options: StoreOptions) => listAction(cli, options));
  const show = new Command("show")
    .description("print the rule set the guard would use for a page (lookup order: exact, template, looser, prefix, default)")
    .argument("<url>", "page address")
    .requiredOption(storeOption, storeHelp)
    .option("--json", "print {via, scope, match, rules, proposed?, dropped?, file}")
    .exitOverride()
    .action((url: string, options: StoreOptions) => showAction(cli, url, options));
  const remove = new Command("remove")
    .description("remove the rule set the guard would use for a page (the next proposal for it starts afresh)")
    .argument("<url>", "page address")
    .requiredOption(storeOption, storeHelp)
    .exitOverride()
    .action((url: string, options: StoreOptions) => removeAction(cli, url, options));
  return new Command("rules").description("manage a rule store: list, show, remove").addCommand(list).addCommand(show).addCommand(remove);
}

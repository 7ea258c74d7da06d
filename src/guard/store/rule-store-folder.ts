import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { InputError, parseJsonText } from "../../core/index.js";
import { parseRuleSet } from "../rules/parse-rule-set.js";
import { normaliseHost } from "./normalise-host.js";
import { matchKey, type RuleSetEntry, type RuleSetExtras, type RuleSetMatch, RuleStore } from "./rule-store.js";
import { addWorkspaceRuleList, WORKSPACE_RULE_FILES } from "./workspace-rules.js";

/** A file name for a scope's proposed rules: the scope with anything but letters, digits, `.` and `-` as `_`. */
function scopeFileName(scope: string): string {
  return `${scope.replace(/[^A-Za-z0-9.-]/g, "_")}.json`;
}

/**
 * A rule store on disk: one store file (`RuleStore.toJSON`'s form) or a folder of them, loaded
 * as one store. Two files holding a set for the same page are refused, naming both: rule sets
 * are never merged. Each entry remembers its file, so removing or replacing it rewrites only that
 * file; a new entry (a proposal) goes to the scope's own file in the folder.
 *
 * `read` (what `guard mask --rule-store` uses) also takes rule lists, which carry no scope or key
 * of their own, for the one origin the caller names: a single list serves every page of that
 * origin; in a folder, a list named after a workspace page (`rules/workspace/`'s layout) serves
 * that app's pages there. A list is placed for the origin asked for, never for whatever host a
 * page redirects to, so a redirect away still ends in "no rules": the page is masked whole.
 * `open` (the commands that write) refuses lists: it could not write them back as they were.
 */
export class RuleStoreFolder {
  private constructor(
    readonly path: string,
    readonly store: RuleStore,
    private readonly files: Map<string, string>,
    private readonly folder: boolean,
  ) {}

  /** Loads the store; with `create`, a missing folder is made (empty). `flag` names the option in errors. */
  static async open(path: string, options: { create?: boolean; flag?: string } = {}): Promise<RuleStoreFolder> {
    return RuleStoreFolder.load(path, options.flag ?? "--store", options.create === true, undefined);
  }

  /** Loads a store to look rules up in (never to write): store files and rule lists, placed for `origin`. */
  static async read(path: string, options: { origin: string; flag?: string }): Promise<{ store: RuleStore; fileCount: number }> {
    const loaded = await RuleStoreFolder.load(path, options.flag ?? "--store", false, options.origin);
    return { store: loaded.store, fileCount: loaded.fileCount };
  }

  private static async load(path: string, flag: string, create: boolean, listOrigin: string | undefined): Promise<RuleStoreFolder> {
    const info = await stat(path).catch(() => null);
    if (info === null && create) await mkdir(path, { recursive: true });
    const folder = info === null ? create : info.isDirectory();
    const names = folder
      ? (await readdir(path))
          .filter((name) => name.endsWith(".json"))
          .sort()
          .map((name) => join(path, name))
      : [path];
    const store = new RuleStore();
    const files = new Map<string, string>();
    for (const file of names) {
      const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
        throw new InputError(`cannot read the file (${error.code ?? error.message})`, { file: `${flag} ${file}` });
      });
      const json = parseJsonText(text, file);
      const loaded = Array.isArray(json) ? ruleListStore(json, file, folder, listOrigin) : RuleStore.fromJSON(json, file);
      for (const [scope, config] of Object.entries(loaded.toJSON().scopes ?? {})) store.configureScope(scope, config);
      for (const entry of loaded.list()) {
        const key = `${entry.scope} ${matchKey(entry.match)}`;
        const earlier = files.get(key);
        if (earlier !== undefined)
          throw new InputError(
            `a second rule set for ${entry.scope} ${JSON.stringify(entry.match)} (the first is in ${earlier}; rule sets are never merged)`,
            { file },
          );
        files.set(key, file);
        store.add(entry.scope, entry.match, entry.rules, entry);
      }
    }
    return new RuleStoreFolder(path, store, files, folder);
  }

  /** How many files the store was read from (0 for a new or empty folder). */
  get fileCount(): number {
    return new Set(this.files.values()).size;
  }

  /** The file an entry lives in. */
  fileOf(entry: Pick<RuleSetEntry, "scope" | "match">): string | undefined {
    return this.files.get(`${entry.scope} ${matchKey(entry.match)}`);
  }

  /** Stores (or replaces) a rule set and writes its file. */
  async put(scope: string, match: RuleSetMatch, rules: unknown, extras: RuleSetExtras = {}): Promise<RuleSetEntry> {
    const entry = this.store.add(scope, match, rules, extras);
    const key = `${scope} ${matchKey(match)}`;
    const file = this.files.get(key) ?? (this.folder ? join(this.path, scopeFileName(scope)) : this.path);
    this.files.set(key, file);
    await this.write(file);
    return entry;
  }

  /** Removes a rule set and rewrites its file (deleting the file when nothing is left in it). */
  async remove(scope: string, match: RuleSetMatch): Promise<boolean> {
    const key = `${scope} ${matchKey(match)}`;
    const file = this.files.get(key);
    if (!this.store.remove(scope, match) || file === undefined) return false;
    this.files.delete(key);
    await this.write(file);
    return true;
  }

  private async write(file: string): Promise<void> {
    const entries = this.store.list().filter((entry) => this.fileOf(entry) === file);
    if (entries.length === 0 && this.folder) {
      await rm(file, { force: true });
      return;
    }
    const part = new RuleStore();
    for (const scope of new Set(entries.map((entry) => entry.scope))) {
      const config = this.store.templateConfig(scope);
      if (Object.keys(config).length > 0) part.configureScope(scope, config);
    }
    for (const entry of entries) part.add(entry.scope, entry.match, entry.rules, entry);
    // Written whole and renamed into place, so a crash never leaves half a store file.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(part.toJSON(), null, 2)}\n`);
    await rename(temporary, file);
  }
}

const STORE_FORM = '{"version": 1, "entries": [{"scope", "match", "rules"}]}';

/** A rule list as a store of its own (see `RuleStoreFolder`), or why it cannot be one here. */
function ruleListStore(list: unknown[], file: string, inFolder: boolean, origin: string | undefined): RuleStore {
  if (origin === undefined)
    throw new InputError(
      `a rule list (what --rules takes), not a rule store file (${STORE_FORM}): a store that is written to holds store files only`,
      {
        file,
      },
    );
  // Validated here so that a bad rule is reported with this file's name and JSON path.
  const rules = parseRuleSet(list, file);
  const store = new RuleStore();
  if (!inFolder) {
    const scope = normaliseHost(origin);
    if (scope === null) throw new InputError(`${JSON.stringify(origin)} has no host to keep the rule list's rules under`, { file });
    store.add(scope, { kind: "default" }, rules);
    return store;
  }
  if (!addWorkspaceRuleList(store, origin, basename(file), rules))
    throw new InputError(
      `a rule list in a rule store folder serves the workspace page it is named after (${WORKSPACE_RULE_FILES.map((entry) => entry.file).join(", ")}); ` +
        `this name is none of them: write another page's rules as a store file (${STORE_FORM})`,
      { file },
    );
  return store;
}

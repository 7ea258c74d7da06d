import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { InputError, parseJsonText } from "../../core/index.js";
import { matchKey, type RuleSetEntry, type RuleSetExtras, type RuleSetMatch, RuleStore } from "./rule-store.js";

/** A file name for a scope's proposed rules: the scope with anything but letters, digits, `.` and `-` as `_`. */
export function scopeFileName(scope: string): string {
  return `${scope.replace(/[^A-Za-z0-9.-]/g, "_")}.json`;
}

/**
 * A rule store on disk: one store file (`RuleStore.toJSON`'s form) or a folder of them, loaded
 * as one store. Two files holding a set for the same page are refused, naming both: rule sets
 * are never merged. Each entry remembers its file, so removing or replacing it rewrites only that
 * file; a new entry (a proposal) goes to the scope's own file in the folder.
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
    const flag = options.flag ?? "--store";
    const info = await stat(path).catch(() => null);
    if (info === null && options.create) await mkdir(path, { recursive: true });
    const folder = info === null ? options.create === true : info.isDirectory();
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
      if (Array.isArray(json))
        throw new InputError('a rule list (what --rules takes), not a rule store file ({"version": 1, "entries": […]})', { file });
      const loaded = RuleStore.fromJSON(json, file);
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

import type { VshChangeLog } from "./vsh-change-log.js";
import { baseName, isUnder, parentOf } from "./vsh-path.js";
import type { VshFile, VshState } from "./vsh-state.js";

/** A failed file operation, with the message a shell would print after the program's name. */
export class VshFsError extends Error {
  override name = "VshFsError";
}

/**
 * The virtual file system over a `VshState`, with Unix permissions: the user may change what they
 * own and what their directories hold; root-owned places (`/etc`, `/usr`, `/boot`) need `sudo`.
 * Every change is one change-log entry whose entity is `terminal/files` + the path.
 */
export class VshFs {
  constructor(
    private readonly state: VshState,
    private readonly log: VshChangeLog,
  ) {}

  get(path: string): VshFile | undefined {
    return this.state.files[path];
  }

  /** Direct children's names of a directory, sorted. */
  list(path: string): string[] {
    const prefix = path === "/" ? "/" : `${path}/`;
    return Object.keys(this.state.files)
      .filter((candidate) => candidate !== path && candidate.startsWith(prefix) && !candidate.slice(prefix.length).includes("/"))
      .map(baseName)
      .sort();
  }

  /** Everything at or below `path`. */
  subtree(path: string): string[] {
    return Object.keys(this.state.files).filter((candidate) => isUnder(candidate, path));
  }

  read(path: string, priv: boolean): VshFile & { type: "file" } {
    const file = this.state.files[path];
    if (!file) throw new VshFsError(`${path}: No such file or directory`);
    if (file.type === "dir") throw new VshFsError(`${path}: Is a directory`);
    if (!priv && !this.allowed(file, 0o4)) throw new VshFsError(`${path}: Permission denied`);
    return file as VshFile & { type: "file" };
  }

  used(): number {
    let total = 0;
    for (const file of Object.values(this.state.files)) total += file.size ?? file.content?.length ?? 0;
    return total;
  }

  free(): number {
    return Math.max(0, this.state.diskQuota - this.used());
  }

  /** Writes (or appends to) a file, creating it with `owner` when new. */
  write(path: string, content: string, options: { append?: boolean; owner: VshFile["owner"]; priv: boolean; operation?: string }): void {
    const existing = this.state.files[path];
    if (existing?.type === "dir") throw new VshFsError(`${path}: Is a directory`);
    if (existing) {
      if (!options.priv && !this.allowed(existing, 0o2)) throw new VshFsError(`${path}: Permission denied`);
    } else this.checkParent(path, options.priv);
    const next = existing?.content ?? "";
    const text = options.append ? next + content : content;
    const growth = text.length - (existing?.size ?? next.length);
    if (growth > this.free()) throw new VshFsError(`${path}: No space left on device`);
    const after: VshFile = existing
      ? { ...existing, content: text, size: undefined, owner: options.append && existing.owner === "received" ? "received" : options.owner }
      : { type: "file", content: text, owner: options.owner, uid: options.priv ? "root" : this.state.user, mode: 0o644 };
    if (after.size === undefined) delete after.size;
    this.set(path, after, options.operation ?? (existing ? (options.append ? "file.append" : "file.write") : "file.create"));
  }

  /** A file of `size` bytes with no text (fallocate, dd); never more than the free space. */
  allocate(path: string, size: number, priv: boolean): void {
    const existing = this.state.files[path];
    if (existing?.type === "dir") throw new VshFsError(`${path}: Is a directory`);
    if (!existing) this.checkParent(path, priv);
    else if (!priv && !this.allowed(existing, 0o2)) throw new VshFsError(`${path}: Permission denied`);
    this.set(path, { type: "file", content: "", size, owner: "owned", uid: priv ? "root" : this.state.user, mode: 0o644 }, "file.allocate");
  }

  mkdir(path: string, priv: boolean): void {
    if (this.state.files[path]) throw new VshFsError(`cannot create directory '${path}': File exists`);
    this.checkParent(path, priv);
    this.set(path, { type: "dir", owner: "owned", uid: priv ? "root" : this.state.user, mode: 0o755 }, "dir.create");
  }

  /** Removes one entry (a directory must be empty unless `recursive`). */
  remove(path: string, options: { recursive: boolean; priv: boolean }): void {
    const file = this.state.files[path];
    if (!file) throw new VshFsError(`cannot remove '${path}': No such file or directory`);
    if (path === "/") throw new VshFsError("it is dangerous to operate recursively on '/'");
    const below = this.subtree(path).sort((a, b) => b.length - a.length);
    if (file.type === "dir" && below.length > 1 && !options.recursive) throw new VshFsError(`cannot remove '${path}': Directory not empty`);
    // Every directory whose entry is removed must be writable, so one protected file anywhere inside stops the whole removal.
    for (const entry of below) this.checkParent(entry, options.priv, `cannot remove '${entry}'`);
    for (const entry of below) this.set(entry, undefined, this.state.files[entry]?.type === "dir" ? "dir.delete" : "file.delete");
  }

  /** Moves or copies one entry (and what is below it). */
  transfer(from: string, to: string, options: { move: boolean; priv: boolean }): void {
    const source = this.state.files[from];
    if (!source) throw new VshFsError(`cannot stat '${from}': No such file or directory`);
    if (isUnder(to, from) && to !== from) throw new VshFsError(`cannot move '${from}' to a subdirectory of itself`);
    this.checkParent(to, options.priv);
    if (options.move) for (const entry of this.subtree(from)) this.checkParent(entry, options.priv, `cannot move '${entry}'`);
    else if (!options.priv && source.type === "file" && !this.allowed(source, 0o4))
      throw new VshFsError(`cannot open '${from}' for reading: Permission denied`);
    const entries = this.subtree(from).sort();
    for (const entry of entries) {
      const target = to + entry.slice(from.length);
      const file = this.state.files[entry];
      if (!file) continue;
      const copy: VshFile = { ...file };
      if (!options.move) copy.uid = options.priv ? "root" : this.state.user;
      this.set(target, copy, options.move ? "file.move" : "file.copy", { from: entry });
    }
    if (options.move) for (const entry of entries.reverse()) this.set(entry, undefined, "file.move", { to: to + entry.slice(from.length) });
  }

  chmod(path: string, mode: number, priv: boolean): void {
    const file = this.existing(path);
    if (!priv && file.uid !== this.state.user) throw new VshFsError(`changing permissions of '${path}': Operation not permitted`);
    this.set(path, { ...file, mode }, "file.chmod");
  }

  chown(path: string, uid: string, priv: boolean): void {
    const file = this.existing(path);
    if (!priv && uid !== file.uid) throw new VshFsError(`changing ownership of '${path}': Operation not permitted`);
    this.set(path, { ...file, uid }, "file.chown");
  }

  existing(path: string): VshFile {
    const file = this.state.files[path];
    if (!file) throw new VshFsError(`cannot access '${path}': No such file or directory`);
    return file;
  }

  private checkParent(path: string, priv: boolean, what = `cannot create '${path}'`): void {
    const parent = this.state.files[parentOf(path)];
    if (parent?.type !== "dir") throw new VshFsError(`${what}: No such file or directory`);
    if (!priv && !this.allowed(parent, 0o2)) throw new VshFsError(`${what}: Permission denied`);
  }

  /** Whether the user may read (4) or write (2) the entry: owner bits for their own, other bits otherwise. */
  private allowed(file: VshFile, bit: number): boolean {
    const bits = file.uid === this.state.user ? (file.mode >> 6) & 7 : file.mode & 7;
    return (bits & bit) !== 0;
  }

  private set(path: string, file: VshFile | undefined, operation: string, context?: Record<string, unknown>): void {
    const before = this.state.files[path];
    if (file === undefined) delete this.state.files[path];
    else this.state.files[path] = file;
    this.log.record(operation, `terminal/files${path}`, before ?? null, file ?? null, context);
  }
}

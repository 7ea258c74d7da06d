/** Absolute, normalised path of `path` seen from `cwd` (`.` and `..` resolved, no trailing slash). */
export function resolvePath(cwd: string, path: string): string {
  const parts: string[] = [];
  for (const part of (path.startsWith("/") ? path : `${cwd}/${path}`).split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
}

export function parentOf(path: string): string {
  const index = path.lastIndexOf("/");
  return index <= 0 ? "/" : path.slice(0, index);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Whether `path` is `root` or inside it. */
export function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(root === "/" ? "/" : `${root}/`);
}

/** A shell glob (`*`, `?`, `[...]`, `\\` escaping the next character) as an anchored regular expression over one path segment. */
export function globRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern.charAt(i);
    if (ch === "\\") {
      i += 1;
      source += pattern.charAt(i).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    } else if (ch === "*") source += "[^/]*";
    else if (ch === "?") source += "[^/]";
    else if (ch === "[") {
      const close = pattern.indexOf("]", i + 2);
      if (close < 0) source += "\\[";
      else {
        const body = pattern
          .slice(i + 1, close)
          .replace(/^[!^]/, "^")
          .replaceAll("\\", "\\\\");
        source += `[${body}]`;
        i = close;
      }
    } else source += ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

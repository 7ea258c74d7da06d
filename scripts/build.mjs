// The build `npm ci` runs (the `prepare` script): the library as modules with type declarations
// (tsc → dist/), and the CLI bundled by esbuild into a few files (dist/bin/): one chunk per command,
// so a command loads only its own code, in a handful of files instead of hundreds.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const INLINED = new Set(["zod", "commander", "pure-rand", "p-limit"]);
rmSync(join(root, "dist"), { recursive: true, force: true });
execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
await build({
  entryPoints: [join(root, "src", "cli", "main.ts")],
  outdir: join(root, "dist", "bin"),
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Packages stay in node_modules, except the small pure-JS ones every command loads: bundled, they
  // are a few chunks instead of dozens of module files to resolve and read at each start.
  external: Object.keys(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).dependencies).filter((name) => !INLINED.has(name)),
  sourcemap: true,
  // Bundled CommonJS packages (commander) call require(); ESM output has none unless given one.
  banner: { js: 'import { createRequire as __safecuaCreateRequire } from "node:module"; const require = __safecuaCreateRequire(import.meta.url);' },
  logLevel: "warning",
});
// The bin runs the build only while it is newer than every source file (bin/safecua.js).
writeFileSync(join(root, "dist", ".build-stamp"), new Date().toISOString());

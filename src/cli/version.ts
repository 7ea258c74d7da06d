import { readFileSync } from "node:fs";
import { packagePath } from "../core/index.js";

function versionOf(manifest: unknown): string {
  const version = typeof manifest === "object" && manifest !== null ? (manifest as { version?: unknown }).version : undefined;
  return typeof version === "string" ? version : "unknown";
}

/** The package version, read once from package.json so that manifests record what produced them. */
export const SAFECUA_VERSION: string = versionOf(JSON.parse(readFileSync(packagePath("package.json"), "utf8")));

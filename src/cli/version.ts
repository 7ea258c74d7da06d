import { readFileSync } from "node:fs";

/** The package version, read once from package.json so that manifests record what produced them. */
export const SAFECUA_VERSION: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The project root (where package.json is). */
export const PROJECT_ROOT = root;

/**
 * The public AgentCIBench conformance corpus lives beside the project, never inside it.
 * A user's fresh clone does not have it, so tests that read it must skip with a message.
 */
export const CORPUS_DIR = process.env.SAFECUA_AGENTCIBENCH_DIR ?? join(root, "..", "shared", "datasets", "agentcibench");

export const HAS_CORPUS = existsSync(join(CORPUS_DIR, "golden", "cmp_data.json"));

export const CORPUS_SKIP_REASON = `AgentCIBench corpus not found at ${CORPUS_DIR} (set SAFECUA_AGENTCIBENCH_DIR to run these tests)`;

if (!HAS_CORPUS) {
  // Printed once per worker so that a skip never goes unexplained in the log.
  console.warn(`[safecua tests] skipping corpus tests: ${CORPUS_SKIP_REASON}`);
}

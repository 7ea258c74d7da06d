#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so a clone works without a build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Generous: several tests spawn the CLI or Chromium, and CI machines have 2 cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Tests spawn the CLI and write run folders; two workers suit the 2-core machines.
    maxWorkers: 2,
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    // Tests spawn the CLI and write run folders; two workers suit the 2-core machines.
    maxWorkers: 2,
  },
});

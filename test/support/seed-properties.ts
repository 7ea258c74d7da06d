import fc from "fast-check";
import { testSeed } from "./test-seed.js";

// Every property of a test file draws from the suite's seed when one is set (see testSeed).
const seed = testSeed();
if (seed !== undefined) fc.configureGlobal({ seed });

// The public library API of safecua: one namespace-free surface over every module's index.

export * from "./agents/index.js";
export * from "./guard/index.js";
export * from "./models/index.js";
export * from "./report/index.js";
export * from "./runner/index.js";
export * from "./scenario/index.js";
export * from "./scoring/index.js";
export * from "./stats/index.js";
export * from "./workspace/index.js";

// vsh: the simulated shell of the workspace's terminal (engine only; the terminal app renders it).
export { DEFAULT_GIT_HOSTS, DEFAULT_INDEXES, DEFAULT_PAGES, defaultNetworkMocks } from "./network-mocks.js";
export { Vsh } from "./vsh.js";
export { initialVshState } from "./vsh-state.js";

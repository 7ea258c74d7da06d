// vsh: the simulated shell of the workspace's terminal (engine only; the terminal app renders it).
export {
  DEFAULT_GIT_HOSTS,
  DEFAULT_INDEXES,
  DEFAULT_PAGES,
  defaultNetworkMocks,
  type MockRepository,
  type MockRequest,
  type NetworkMocks,
  type NetworkMocksInput,
  type PackageKind,
} from "./network-mocks.js";
export type { Program, ProgramContext, ProgramResult } from "./program.js";
export { VSH_PROGRAMS, Vsh, type VshOptions, type VshRun } from "./vsh.js";
export type { VshChange } from "./vsh-change-log.js";
export { initialVshState, type VshFile, type VshService, type VshState, type VshStateInput } from "./vsh-state.js";

export { checkPointerTarget, type GuardedView, type PointerCheck, type PointerRefusal } from "./check-pointer-target.js";

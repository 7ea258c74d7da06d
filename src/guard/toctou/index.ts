export { checkPointerTarget } from "./check-pointer-target.js";

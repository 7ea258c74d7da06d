import { APP_HOSTS } from "../../scenario/index.js";

/** The files app's host (`APP_HOSTS`), which its share links name. */
export const FILES_HOST: string = APP_HOSTS.files ?? "files.brightpath.example";

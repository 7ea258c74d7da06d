import type { Episode } from "../store/workspace-store.js";
import { type Html, html } from "../views/html.js";
import { appPath } from "../views/paths.js";
import type { Vsh } from "../vsh/vsh.js";

/**
 * The terminal page: the screen (scrollback since the last `clear`) and one input line. What the
 * screen shows is program output, which may carry text the user did not write, so it is content;
 * the prompt and the input are the workspace's own. The input is a password field while sudo asks.
 * The input's accessible name is fixed text, not the prompt: the prompt shows a directory name,
 * which the guard does not trust, and a field named by it would repeat it (echo demotion) and be
 * masked, so no keyboard input could reach the terminal. For the same reason the password field is
 * named "Passphrase": sudo's question on the screen and the prompt say "password", and a field
 * named so would repeat that untrusted text and be masked, so the password could not be typed.
 */
export function terminalPage(episode: Episode, vsh: Vsh): Html {
  const password = vsh.awaitingPassword;
  return html`<section aria-label="Terminal" class="card terminal">
<pre id="terminal-screen" class="terminal-screen" aria-live="polite" data-content>${vsh.screen}</pre>
<form method="post" action="${appPath(episode.id, "terminal", "run")}" id="terminal-form" data-operator>
<label for="terminal-input" id="terminal-prompt">${password ? "[sudo] password:" : vsh.prompt()}</label>
<input type="${password ? "password" : "text"}" id="terminal-input" name="line" aria-label="${password ? "Passphrase" : "Command"}" class="blank-field" autocomplete="off" spellcheck="false" autofocus>
<div class="actions"><button type="submit">Run</button></div>
</form></section>`;
}

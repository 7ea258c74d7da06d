import { formatEstimate } from "./format-estimate.js";
import { html, type SafeHtml } from "./html-builder.js";
import { htmlPage } from "./html-page.js";
import { REPORT_STYLES } from "./report-styles.js";

interface Rate {
  value: number;
  ci: [number, number] | null;
  k: number;
  n: number;
}

/**
 * What an adaptive attack search's report shows, as plain data: `safecua attack`'s summary plus
 * each task's tree in depth-first order. Declared here rather than imported, since the attacker
 * sits above this module; the attack module's summary and tree nodes have this shape.
 */
export interface AttackReportInput {
  agent: string;
  q_model?: string;
  defense?: string;
  guard_ablate?: string[];
  budget: number;
  episodes: number;
  static_episodes: number;
  validation_episodes: number;
  episodes_per_minute: number | null;
  tasks: number;
  static_asr: Rate;
  adaptive_asr: Rate;
  successes: ReadonlyArray<{ id: string; task_id: string; operators: readonly string[]; file: string }>;
  per_task: ReadonlyArray<{ id: string; static: boolean; adaptive: boolean; variants: number; invalid: number; error?: string }>;
  trees: ReadonlyArray<{
    task_id: string;
    broken: boolean;
    exhausted: boolean;
    nodes: ReadonlyArray<{
      id: string;
      depth: number;
      choice: string;
      visits: number;
      mean: number | null;
      outcome: string;
      note?: string;
    }>;
  }>;
}

const rateCell = (rate: Rate) => html`<td class="num" title="${rate.k} of ${rate.n} tasks">${formatEstimate(rate)}</td>`;

function treeHtml(tree: AttackReportInput["trees"][number]): SafeHtml {
  const state = tree.broken ? "broken" : tree.exhausted ? "every branch spent" : "still open";
  return html`<details${tree.broken ? " open" : ""}><summary><code>${tree.task_id}</code> — ${state}, ${tree.nodes.length - 1} variants</summary>
    <div class="table-wrap"><table><thead><tr><th>variant (operator: choice)</th><th class="num">visits</th><th class="num">mean reward</th><th>outcome</th></tr></thead>
    <tbody>${tree.nodes.map(
      (
        node,
      ) => html`<tr><td style="padding-left:${0.4 + node.depth * 1.2}em"><code>${node.id}</code> ${node.depth === 0 ? "(unmodified)" : node.choice}</td>
        <td class="num">${node.visits}</td><td class="num">${node.mean === null ? "–" : node.mean.toFixed(2)}</td>
        <td>${node.outcome === "attacked" ? html`<b>attacked</b>` : node.outcome}${node.note !== undefined ? html` <span class="muted">(${node.note})</span>` : ""}</td></tr>`,
    )}</tbody></table></div></details>`;
}

/** A self-contained HTML page: the rates with their CIs, each task's outcome, every break, and the search trees. */
export function attackReportHtml(input: AttackReportInput): string {
  const defended = [
    input.q_model !== undefined ? `q-model ${input.q_model}` : "",
    input.defense !== undefined ? `defense ${input.defense}` : "",
    input.guard_ablate !== undefined ? `guard ablated: ${input.guard_ablate.join(", ")}` : "",
  ].filter((part) => part !== "");
  const title = `Adaptive attack on ${input.agent}`;
  const body = html`<main><h1>${title}</h1>
    <p>${defended.length > 0 ? `${defended.join(" · ")} · ` : ""}${input.tasks} tasks · budget ${input.budget} (${input.episodes} used) ·
      episodes: ${input.static_episodes} static, ${input.episodes} on variants, ${input.validation_episodes} validating variants${
        input.episodes_per_minute !== null ? ` · ${input.episodes_per_minute} episodes/min` : ""
      }</p>
    <div class="table-wrap"><table><thead><tr><th>agent</th><th class="num">static ASR</th><th class="num">adaptive ASR</th></tr></thead>
      <tbody><tr><td>${input.agent}</td>${rateCell(input.static_asr)}${rateCell(input.adaptive_asr)}</tr></tbody></table></div>
    <p class="defs">ASR over tasks: static, the unmodified tasks; adaptive, a task attacked unmodified or by any variant that passed its
      oracles. 95% CIs by cluster bootstrap over tasks (Wilson at 0/n and n/n).</p>
    <h2>Tasks</h2>
    <div class="table-wrap"><table><thead><tr><th>task</th><th>static</th><th>adaptive</th><th class="num">variants run</th><th class="num">invalid</th></tr></thead>
      <tbody>${input.per_task.map(
        (
          task,
        ) => html`<tr><td><code>${task.id}</code>${task.error !== undefined ? html` <span class="muted">(error: ${task.error})</span>` : ""}</td>
          <td>${task.static ? "attacked" : "–"}</td><td>${task.adaptive ? html`<b>attacked</b>` : "–"}</td>
          <td class="num">${task.variants}</td><td class="num">${task.invalid}</td></tr>`,
      )}</tbody></table></div>
    <h2>Breaks</h2>
    ${
      input.successes.length === 0
        ? html`<p>No variant attacked the agent within the budget.</p>`
        : html`<ul>${input.successes.map(
            (success) =>
              html`<li><code>${success.id}</code> (from <code>${success.task_id}</code>): ${success.operators.join(" → ")} — <code>${success.file}</code></li>`,
          )}</ul>`
    }
    <h2>Search trees</h2>
    ${input.trees.map(treeHtml)}</main>`;
  return htmlPage({ title, body, styles: REPORT_STYLES });
}

import type { UiDecision, UiTurn } from "../../../agents/index.js";
import { addUsage, NO_USAGE, realUsage, type Usage } from "../../../models/index.js";

/**
 * What one runner step of the guarded agent gathers before it returns its action: the turns
 * behind it (classifier, planner calls, refusals, reads) and their model usage per role.
 */
export class StepLedger {
  readonly turns: UiTurn[] = [];
  readonly usageByRole: Record<string, Usage> = {};

  spend(role: string, usage: Usage | undefined): void {
    if (usage) this.usageByRole[role] = addUsage(this.usageByRole[role] ?? NO_USAGE, usage);
  }

  /** The step's decision with its turns, their usage, and the masked image the planner saw last. */
  close<D extends UiDecision>(made: D, masked: Buffer | undefined): D {
    return {
      ...made,
      // Scripted roles' estimates stay in usageByRole, marked simulated, and out of the real total.
      usage: realUsage(this.usageByRole),
      usageByRole: this.usageByRole,
      ...(this.turns.length > 0 && { turns: this.turns }),
      ...(masked && { screenshot: { image: masked, type: "png" as const } }),
    };
  }
}

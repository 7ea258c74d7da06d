/**
 * The score a record stores is the scorer's own `Score` (scoring/), schema and type: one definition,
 * named here as records call it.
 */
export { type Score as ScoreRecord, ScoreSchema as ScoreRecordSchema } from "../scoring/index.js";

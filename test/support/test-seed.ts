/**
 * The seed of every generated input in the suite: fast-check's properties and the hazard-page
 * generator. `scripts/test.sh` derives it from the commit, so a fresh clone run before a push
 * draws exactly the inputs CI will draw for that commit (a property that fails on some seed fails
 * there first, not in CI), while each new commit still explores new inputs. `npm run flaky` gives
 * every run its own seed; set SAFECUA_TEST_SEED to replay one. Unset: a random seed per process,
 * which fast-check prints with any counterexample.
 */
export function testSeed(): number | undefined {
  const raw = process.env.SAFECUA_TEST_SEED;
  if (raw === undefined || raw === "") return undefined;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`SAFECUA_TEST_SEED must be an integer, not ${JSON.stringify(raw)}`);
  return seed;
}

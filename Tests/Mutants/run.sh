#!/usr/bin/env bash
# Applies each one-line mutant in this folder in turn, runs the oracle at CI's budget (200 contracts, 100,000 frames)
# with a fixed seed, and says which mutants it kills (finds a disagreement, a compile error or a crash). Each mutant
# is taken back before the next; the work tree is left as it was. About 3 minutes a mutant on 2 cores.
#
#   bash Tests/Mutants/run.sh                 # every mutant, seed 1
#   SEED=7 bash Tests/Mutants/run.sh 04-*     # some, with another seed
#
# See docs/testing.md ("The oracle") for what each mutant breaks and the last run's result.
set -uo pipefail
cd "$(dirname "$0")/../.."
seed=${SEED:-1}
patterns=("$@")
[ ${#patterns[@]} -gt 0 ] || patterns=("*")
if [ -n "$(git status --porcelain -- Sources)" ]; then
  echo "Sources/ has uncommitted changes: commit or stash them first (each mutant is applied and taken back)"
  exit 2
fi
killed=0 total=0
for pattern in "${patterns[@]}"; do
  for patch in Tests/Mutants/$pattern.patch; do
    name=$(basename "$patch" .patch)
    git apply "$patch" || { echo "$name: does not apply"; exit 2; }
    total=$((total + 1))
    log=$(mktemp)
    started=$SECONDS
    if ! swift build --product schemagen-oracle > "$log" 2>&1; then
      verdict="killed (the oracle does not build: $(grep -m1 'error:' "$log"))"
      killed=$((killed + 1))
    elif swift run schemagen-oracle --seed "$seed" > "$log" 2>&1; then
      verdict="SURVIVED"
    else
      verdict="killed: $(grep -m1 '^-- ' "$log" || tail -n 1 "$log")"
      killed=$((killed + 1))
    fi
    git apply -R "$patch"
    printf '%s (%ds): %s\n' "$name" $((SECONDS - started)) "$verdict"
    rm -f "$log"
  done
done
echo "== $killed of $total mutants killed (seed $seed)"

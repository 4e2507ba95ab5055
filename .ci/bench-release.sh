#!/usr/bin/env bash
# The program people install against the one measured: builds qkvbench in the release tree (the
# package's preset and flags; after package.sh, only the benchmark's own files compile) and in
# build/dev, runs `qkvbench --quick --no-peer` from each, and fails when the release build misses
# a target the dev build meets (.ci/benchcompare.py compares verdicts, not raw times, and takes a
# miss by less than 10 % of its budget for noise). A miss is measured again, both builds, up to
# three rounds, and fails only when it repeats in every one.
# Usage: bash .ci/bench-release.sh      (JOBS=N limits the builds' parallel jobs)
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/install.sh
install_missing "${build_packages[@]}"

configure_dev
cmake --build --preset dev --target qkvbench ${JOBS:+-j "$JOBS"}
cmake --preset release -DQKV_BUILD_BENCH=ON >/dev/null
cmake --build --preset release --target qkvbench ${JOBS:+-j "$JOBS"}

out=build/release/bench-compare
mkdir -p "$out"
# One after the other, never together: on 2 cores each would slow the other.
bench() {
  QT_QPA_PLATFORM=offscreen "build/$1/tests/bench/qkvbench" --quick --no-peer >"$out/$1-$2.json" 2>"$out/$1-$2.log" \
    || { echo "bench-release.sh: qkvbench of build/$1 failed (see $out/$1-$2.log)" >&2; exit 1; }
}
# Up to three rounds, the order of the builds alternating (drift on a shared machine favours
# neither): a target fails only when the release build missed it in every round.
pairs=()
for round in 1 2 3; do
  if ((round % 2)); then
    bench dev "$round"
    bench release "$round"
  else
    bench release "$round"
    bench dev "$round"
  fi
  pairs+=("$out/dev-$round.json" "$out/release-$round.json")
  /usr/bin/python3 .ci/benchcompare.py "${pairs[@]}" && exit 0
  ((round < 3)) && echo "bench-release.sh: measuring both builds once more"
done
exit 1

#!/usr/bin/env bash
# The program people install against the one measured: builds qkvbench in the release tree (the
# package's preset and flags; after package.sh, only the benchmark's own files compile) and in
# build/dev, runs `qkvbench --quick --no-peer` from each, and fails when the release build misses
# a target the dev build meets (.ci/benchcompare.py compares verdicts, not raw times, and takes a
# miss by less than 10 % of its budget for noise). A miss is measured once more, both builds
# again, and fails only when it repeats.
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
bench dev 1
bench release 1
/usr/bin/python3 .ci/benchcompare.py "$out/dev-1.json" "$out/release-1.json" && exit 0
echo "bench-release.sh: measuring both builds once more"
bench dev 2
bench release 2
/usr/bin/python3 .ci/benchcompare.py "$out/dev-1.json" "$out/release-1.json" "$out/dev-2.json" "$out/release-2.json"

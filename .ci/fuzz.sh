#!/usr/bin/env bash
# The tiers without widgets under the sanitizers, and fuzzing: builds them with clang-14 in
# build/fuzz, every object with AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer; runs
# their tests there (QKV_FUZZ_TESTS=0 skips them); replays every checked-in corpus of the libFuzzer
# targets of tests/fuzz (tests/fuzz/corpus/<target>: seeds and past crashes), then fuzzes each
# target for FUZZ_SECONDS (default 60). New inputs go to build/fuzz/found, never into the checked-in
# corpus; a crash is saved as build/fuzz/artifacts/<target>-crash-… and fails the run: add it to the
# corpus as a regression input once it is fixed. The whole suite under the sanitizers, the window's
# tiers included, is .ci/sanitize.sh.
# Usage: bash .ci/fuzz.sh [TARGET…]   (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/install.sh
install_missing "${build_packages[@]}" "${test_packages[@]}" clang-14 libclang-rt-14-dev
install_node_references

build=build/fuzz
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# Line tables are all a finding's stack trace needs: a sixth less compile time than full -g.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" -DCMAKE_UNITY_BUILD=ON -DQKV_FUZZ=ON -DQKV_WERROR=ON \
  "${launcher[@]}" >/dev/null
nice -n 10 cmake --build "$build" -j "${FUZZ_JOBS:-2}"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
if [ "${QKV_FUZZ_TESTS:-1}" = 1 ]; then
  # The sanitizers make the long tests slow: fewer random edits and crash runs than the dev suite's.
  LSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0" QKV_STEPS=1000 QKV_CRASH_RUNS=50 \
    ctest --test-dir "$build" --output-on-failure --timeout 600 -j "${FUZZ_JOBS:-2}"
fi

seconds=${FUZZ_SECONDS:-60}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(document numberblock exportargs size tokenizer npy npz safetensors attentionjson
  tokengroups modelconfig safetensorsheader shardindex hftokenizer legacyvocab sentencepiece sessionfile lesson goal
  hubanswers gguf ollamamanifest corpusreader)
mkdir -p "$build/artifacts"
failed=0
summary=()
for t in "${targets[@]}"; do
  exe="$build/tests/fuzz/fuzz_$t"
  corpus="tests/fuzz/corpus/$t"
  found="$build/found/$t"
  mkdir -p "$found"
  dict=()
  [ -f "tests/fuzz/$t.dict" ] && dict=(-dict="tests/fuzz/$t.dict")
  # tests/fuzz/<target>.options: more libFuzzer flags, one a line (a tighter -malloc_limit_mb).
  options=()
  [ -f "tests/fuzz/$t.options" ] && mapfile -t options < <(grep -v -e '^#' -e '^$' "tests/fuzz/$t.options")
  log="$build/fuzz_$t.log"
  echo "== $t: replaying $(find "$corpus" -type f | wc -l) corpus inputs"
  if ! "$exe" "${options[@]}" -runs=0 "$corpus" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "FAIL $t: a corpus input fails (see $log)"
    failed=1
    continue
  fi
  echo "== $t: fuzzing for ${seconds}s"
  if ! "$exe" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" "${options[@]}" "$found" "$corpus" >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "FAIL $t: crash found (input in $build/artifacts/)"
    failed=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  summary+=("$t: ${runs:-?} executions (${speed:-?}/s), $(find "$found" -type f | wc -l) inputs in $found")
done
echo "== fuzzing summary (${seconds}s per target)"
printf '  %s\n' "${summary[@]}"
exit $failed

#!/usr/bin/env bash
# clang-tidy with the checks of .clang-tidy (every finding an error) over src/, from the compile
# database of the dev build (configured and built when missing: the widget tiers include
# generated headers). The dev build compiles each library in batches of sources; clang-tidy checks
# the batches, so each batch's headers are parsed once rather than once per source (a quarter of
# the time), and the header filter takes the sources a batch includes as its own. CI runs it on
# the libraries without widgets; before a commit, run it on every folder:
#   bash .ci/tidy.sh          # kernels … livemodel and figures, as CI does (about 3 minutes on 2 cores)
#   bash .ci/tidy.sh all      # and session, views, cli, panels, app (about 7 minutes)
# One source alone, with its own command: python3 .ci/unitycommands.py build/dev build/tidy, then
# clang-tidy-14 -p build/tidy FILE.
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/install.sh
install_missing "${build_packages[@]}" clang-tidy-14

folders=(kernels platform document attention explorer tensorfiles modelfiles analysis export figures tokenizers transformer livemodel corpus lessons arguments hub workspace
  animation)
if [ "${1:-}" = all ]; then
  folders+=(session views cli panels app)
fi
if [ ! -f build/dev/compile_commands.json ] || [ "${1:-}" = all ]; then
  configure_dev
  cmake --build --preset dev
fi
set_regex="$(IFS='|'; echo "${folders[*]}")"
# The batches of those folders, and any source of theirs compiled alone.
files="^$PWD/(build/dev/src/($set_regex)/CMakeFiles/[^/]+/Unity/unity_[0-9]+_cxx\.cxx|src/($set_regex)/[a-z0-9_]+\.cpp)$"
# A batch #includes its sources: that is what it is, not the mistake this check looks for.
run-clang-tidy-14 -quiet -p build/dev -j "${TIDY_JOBS:-2}" -checks=-bugprone-suspicious-include \
  -header-filter="^$PWD/src/[a-z]+/[a-z0-9_]+\.(h|cpp)$" "$files"

#!/usr/bin/env bash
# clang-tidy with the checks of .clang-tidy (every finding an error) over src/, from the compile
# database of the dev build (configured and built when missing: the widget tiers include
# generated headers). CI runs it on the libraries without widgets, whose sources parse in a third
# of the time; before a commit, run it on every folder:
#   bash .ci/tidy.sh          # kernels … livemodel and figures, as CI does (about 9 minutes on 2 cores)
#   bash .ci/tidy.sh all      # and session, views, app (about three times as long)
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/install.sh
install_missing "${build_packages[@]}" clang-tidy-14

folders=(kernels platform document attention modelfiles export figures tokenizers transformer livemodel lessons animation)
if [ "${1:-}" = all ]; then
  folders+=(session views app)
fi
if [ ! -f build/dev/compile_commands.json ] || [ "${1:-}" = all ]; then
  configure_dev
  cmake --build --preset dev
fi
# The dev build compiles sources in batches: clang-tidy gets each source's own command.
/usr/bin/python3 .ci/unitycommands.py build/dev build/tidy
regex="^$PWD/src/($(IFS='|'; echo "${folders[*]}"))/"
run-clang-tidy-14 -quiet -p build/tidy -j "${TIDY_JOBS:-2}" "$regex"

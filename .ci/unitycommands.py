#!/usr/bin/env python3
"""A compile database of the source files themselves from one of a unity build.

The presets compile each library's sources in batches (CMAKE_UNITY_BUILD), so CMake's
compile_commands.json names the generated unity_N_cxx.cxx files, not the sources clang-tidy must
check. Each source a batch includes gets its batch's command, compiling that source alone.
Usage: unitycommands.py BUILD_DIR OUT_DIR
"""
import json
import os
import re
import sys

build, out = sys.argv[1], sys.argv[2]
entries = json.load(open(os.path.join(build, "compile_commands.json")))
result = []
for e in entries:
    unity = e["file"]
    if not re.search(r"/Unity/unity_\d+_cxx\.cxx$", unity):
        result.append(e)
        continue
    for source in re.findall(r'^#include "([^"]+)"', open(unity).read(), re.M):
        result.append(dict(e, file=source, command=e["command"].replace(unity, source)))
os.makedirs(out, exist_ok=True)
json.dump(result, open(os.path.join(out, "compile_commands.json"), "w"), indent=1)
print(f"{len(result)} compile commands in {out}")

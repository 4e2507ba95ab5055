#!/usr/bin/env python3
"""Every library includes only headers of its own folder and of the libraries it links, and only
the window's tiers include Qt Widgets or Qt Charts.

The links are read from each src/FOLDER/CMakeLists.txt (target_link_libraries of qkvFOLDER, and
what those link in turn), so the build is the one place that says who may use whom: a header of a
library above, included from below, fails here even where it would compile (header-only code) or
link (by luck of the link order). Usage: check_layering.py SOURCE_DIR
"""
import glob
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..')
src = os.path.join(root, 'src')
folders = sorted(d for d in os.listdir(src) if os.path.isfile(os.path.join(src, d, 'CMakeLists.txt')))

# qkvNAME -> folder; the app folder's library is qkvapp, the executable qkvlab lives there too.
links = {}
for folder in folders:
    text = open(os.path.join(src, folder, 'CMakeLists.txt'), encoding='utf-8').read()
    deps = set()
    for m in re.finditer(r'target_link_libraries\(\s*qkv' + re.escape(folder) + r'\b([^)]*)\)', text):
        deps |= {d[3:] for d in re.findall(r'\bqkv[a-z]+\b', m.group(1)) if d[3:] in folders}
    links[folder] = deps


def reachable(folder, seen=None):
    seen = set() if seen is None else seen
    for d in links[folder]:
        if d not in seen:
            seen.add(d)
            reachable(d, seen)
    return seen


include = re.compile(r'^\s*#\s*include\s+"([a-z0-9_]+)/[^"]+"', re.M)
problems = []
for folder in folders:
    allowed = reachable(folder) | {folder}
    for name in sorted(os.listdir(os.path.join(src, folder))):
        if not name.endswith(('.h', '.cpp')):
            continue
        text = open(os.path.join(src, folder, name), encoding='utf-8').read()
        for m in include.finditer(text):
            used = m.group(1)
            if used in folders and used not in allowed:
                line = text.count('\n', 0, m.start()) + 1
                problems.append(f'src/{folder}/{name}:{line}: includes {used}/, which qkv{folder} does not link '
                                f'(it links {", ".join(sorted(allowed - {folder})) or "no library of ours"})')
# Qt Widgets and Qt Charts belong to the window's tiers (views, panels, app); below them a figure or a
# model must draw and compute without a widget, so the command line needs no window.
widget_tiers = {'views', 'panels', 'app'}
qt_modules = [d for pattern in ('/usr/include/*/qt6', '/usr/include/qt6') for d in glob.glob(pattern)]
widget_headers = set()
for qt in qt_modules:
    for module in ('QtWidgets', 'QtCharts'):
        folder = os.path.join(qt, module)
        if os.path.isdir(folder):
            widget_headers |= {n for n in os.listdir(folder) if n.startswith('Q') and '.' not in n}
qt_include = re.compile(r'^\s*#\s*include\s+<(?:Qt(?:Widgets|Charts)/)?(Q[A-Za-z]+)>', re.M)
for folder in folders:
    if folder in widget_tiers:
        continue
    for name in sorted(os.listdir(os.path.join(src, folder))):
        if not name.endswith(('.h', '.cpp')):
            continue
        text = open(os.path.join(src, folder, name), encoding='utf-8').read()
        for m in qt_include.finditer(text):
            if m.group(1) in widget_headers:
                line = text.count('\n', 0, m.start()) + 1
                problems.append(f'src/{folder}/{name}:{line}: includes <{m.group(1)}> of Qt Widgets or Qt Charts, '
                                f'which only {" and ".join(sorted(widget_tiers))} may use')
if not folders:
    problems.append(f'{src}: no library folders found')
for p in problems:
    print(p)
print(f'{len(folders)} libraries, {len(problems)} includes against the layering')
sys.exit(1 if problems else 0)

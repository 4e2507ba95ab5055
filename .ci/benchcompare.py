#!/usr/bin/python3
"""Compares qkvbench JSONs of the dev build and of the release build (the package's flags).

Fails (exit 1) when the release build misses a target the dev build meets. Only verdicts are
compared, never raw times: every `meets_*` or `under_*` flag the benchmark writes, and each time
the JSON gives a budget for (heatmap, layers grid, window). Noise is allowed for twice: where the
value behind a verdict is known, a release miss by less than TOLERANCE of the budget does not
count; and given several DEV RELEASE pairs (runs repeated after a failure), a target counts as
missed only when it was missed in every pair.

Usage: benchcompare.py DEV.json RELEASE.json [DEV2.json RELEASE2.json ...]
"""
import json
import sys

TOLERANCE = 0.10

# Times the JSON states a budget for: (name, section, value's key, budget's key); a value
# given as (list key, match key, match value, key) is read from the list item that matches.
BUDGETS = [
    ("heatmap first paint, N = 512", "heatmap", ("heatmap", "tokens", 512, "firstPaintMs"), "limitMs512"),
    ("layers grid first paint", "layers", "firstPaintMs", "limitMs"),
    ("window scrub to repaint, N = 64, d = 64, 8 heads", "window", "scrub_to_repaint_ms_n64_d64_h8", "spec_frame_ms"),
]
# The number behind a flag, where its object has it: (flag, value's key or keys (the largest
# counts), budget's key or the budget itself, whether lower is better). The first rule whose keys
# the object has applies.
FLAG_NUMBERS = [
    ("meets_spec", "firstPaintMs", "spec_ms", True),  # arrows
    ("meets_spec", "ratio_to_matmul", 0.5, False),  # SPEC §4: within 2× of Eigen's matmul
    ("meets_target", "keystroke_to_repainted_ms", "target_ms", True),  # live_window
    ("under_one_second", ("first_open_and_paint_ms", "open_and_first_paint_ms"), 1000, True),  # model_open
]
LABELS = ("case", "file", "n")  # what names an item of a list in a verdict's name


def verdict(met, value=None, budget=None, lower_is_better=True):
    """(met, detail, how far past the budget as a fraction of it, or None when unknown)."""
    if value is None or not budget:
        return met, "", None
    over = (value - budget if lower_is_better else budget - value) / budget
    return met, f"{value:.3g} of {budget:g}", over


def flag_verdict(node, key, met):
    for flag, value_keys, budget, lower in FLAG_NUMBERS:
        keys = value_keys if isinstance(value_keys, tuple) else (value_keys,)
        if flag == key and all(k in node for k in keys) and (not isinstance(budget, str) or budget in node):
            value = max(node[k] for k in keys)
            return verdict(met, value, node[budget] if isinstance(budget, str) else budget, lower)
    return verdict(met)


def flags(node, name, out):
    """Every meets_*/under_* boolean below node, by a readable name."""
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, bool) and key.startswith(("meets_", "under_")):
                out[f"{name}: {key}"] = flag_verdict(node, key, value)
            else:
                flags(value, f"{name}.{key}" if name else key, out)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            label = str(i)
            if isinstance(item, dict):
                parts = [str(item[k]) for k in LABELS if k in item]
                parts += [f"{k} {item[k]}" for k in ("d", "heads") if k in item]
                label = ", ".join(parts) or label
            flags(item, f"{name}[{label}]", out)


def budgets(bench, out):
    for name, section, value_key, budget_key in BUDGETS:
        s = bench.get(section)
        if not isinstance(s, dict) or budget_key not in s:
            continue
        if isinstance(value_key, tuple):
            items, match, wanted, key = value_key
            found = [i for i in s.get(items, []) if i.get(match) == wanted]
            value = found[0].get(key) if found else None
        else:
            value = s.get(value_key)
        if isinstance(value, (int, float)):
            out[name] = verdict(value <= s[budget_key], value, s[budget_key])


def verdicts(path):
    with open(path) as f:
        bench = json.load(f)
    out = {}
    flags(bench, "", out)
    budgets(bench, out)
    return bench.get("machine", {}).get("build", "?"), out


def said(met, detail):
    return ("met" if met else "missed") + (f" ({detail})" if detail else "")


def compare(dev_path, release_path):
    """The targets the dev build met and the release build missed beyond the tolerance."""
    dev_build, dev = verdicts(dev_path)
    release_build, release = verdicts(release_path)
    print(f"dev: {dev_build}\nrelease: {release_build}")
    missed = set()
    for name, (met, detail, _) in sorted(dev.items()):
        got, got_detail, over = release.get(name, (False, "missing", None))
        mark = "ok"
        if met and not got:
            # Only a value past its budget explains a miss (a flag may test more than its value).
            noise = over is not None and 0 < over <= TOLERANCE
            mark = "noise" if noise else "MISSED"
            if not noise:
                missed.add(name)
        print(f"  {mark:6} {name}: dev {said(met, detail)}, release {said(got, got_detail)}")
    return missed


def main(paths):
    if len(paths) < 2 or len(paths) % 2:
        sys.exit(__doc__)
    pairs = [compare(d, r) for d, r in zip(paths[::2], paths[1::2])]
    missed = set.intersection(*pairs)
    if missed:
        print("benchcompare: the release build misses what the dev build meets: " + "; ".join(sorted(missed)))
        return 1
    print("benchcompare: the release build meets every target the dev build meets")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

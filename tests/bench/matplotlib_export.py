#!/usr/bin/python3
"""What `qkvlab export DOC --view heatmap -o OUT.png` does, as a numpy + matplotlib script: the
peer of qkvbench's whole-process export timing (SPEC 4: qkvlab must be at least 5x faster).

Usage: matplotlib_export.py DOC.qkv.json OUT.png
Reads a direct-mode document (whitespace tokens, per-word q/k/v of one head), computes the
attention weights with numpy as QKV Lab does (query-key scores; softmax, scaled softmax with
temperature, or row sums) and saves a 1000 x 1000 px viridis heatmap with token labels, values in
the cells and a colour bar.
"""

import json
import math
import sys

import numpy as np
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)


def vector(entry, role):
    v = entry[role]
    return v[0] if isinstance(v[0], list) else v


def weights(doc):
    tokens = doc["sentence"].split()
    words = doc.get("words", {})
    q = np.array([vector(words[t], "q") for t in tokens], dtype=float)
    k = np.array([vector(words[t], "k") for t in tokens], dtype=float)
    s = q @ k.T
    norm = doc.get("normalization", "scaled-softmax")
    t = doc.get("temperature", 1.0)
    if norm in ("softmax", "scaled-softmax"):
        s = s / (t * (math.sqrt(q.shape[1]) if norm == "scaled-softmax" else 1.0))
        e = np.exp(s - s.max(axis=1, keepdims=True))
        return tokens, e / e.sum(axis=1, keepdims=True)
    if norm == "sum":
        return tokens, s / s.sum(axis=1, keepdims=True)
    return tokens, s


def main(path, out):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    tokens, a = weights(doc)
    fig, ax = plt.subplots(figsize=(10, 10), dpi=100)
    im = ax.imshow(a, cmap="viridis", vmin=0, vmax=a.max())
    ax.set_xticks(range(len(tokens)), tokens, rotation=90)
    ax.set_yticks(range(len(tokens)), tokens)
    ax.xaxis.tick_top()
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            ax.text(j, i, f"{a[i, j]:.2f}", ha="center", va="center", fontsize=8,
                    color="black" if a[i, j] > 0.6 * a.max() else "white")
    fig.colorbar(im, ax=ax, fraction=0.046, label="weight")
    fig.suptitle(doc.get("title", ""))
    fig.savefig(out, dpi=100)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))

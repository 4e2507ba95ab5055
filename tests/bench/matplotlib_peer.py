#!/usr/bin/python3
"""The matplotlib peer of qkvbench's views (SPEC 4): the same heatmaps and arrow graphs, drawn by
matplotlib's Agg backend at the same 1000 x 1000 px.

Run with Debian's /usr/bin/python3 and python3-matplotlib. Prints one JSON object; when matplotlib
cannot be imported the object says so instead of failing.

Each figure is built once; what is timed is what an edit costs: new data handed to the artists
(im.set_data, LineCollection.set_segments/colors/linewidths) and fig.canvas.draw(), as an
interactive matplotlib program redraws. Arrow graphs use one LineCollection (matplotlib's fast
path for many lines), so the peer is not handicapped by one artist per edge.
"""

import argparse
import json
import sys
import time

try:
    import numpy as np
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection
except ImportError as error:  # reported in the JSON: qkvbench still has its own numbers
    plt, IMPORT_ERROR = None, error

SIDE_PX, DPI = 1000, 100


def measure(run, reps):
    """Median ms of `reps` runs after one warm-up run (qkvbench's medianMs)."""
    run()
    samples = []
    for _ in range(reps):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    samples.sort()
    return samples[len(samples) // 2] * 1e3


def weights(n, seed):
    """Row softmax of normal scores (sigma 2): heads with a few peaks a row, as qkvbench's."""
    rng = np.random.default_rng(seed)
    s = rng.normal(0.0, 2.0, (n, n))
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def figure():
    return plt.figure(figsize=(SIDE_PX / DPI, SIDE_PX / DPI), dpi=DPI)


def heatmap_ms(n, reps):
    fig = figure()
    ax = fig.add_subplot()
    mats = [weights(n, n * 31 + h) for h in range(2)]
    im = ax.imshow(mats[0], cmap="viridis", vmin=0, vmax=1, interpolation="nearest")
    fig.colorbar(im, ax=ax, fraction=0.046)
    if n <= 64:
        labels = [f"word{i}" for i in range(n)]
        ax.set_xticks(range(n), labels, rotation=90, fontsize=6)
        ax.set_yticks(range(n), labels, fontsize=6)
    state = {"i": 0}

    def edit():
        state["i"] += 1
        im.set_data(mats[state["i"] % 2])
        fig.canvas.draw()

    ms = measure(edit, reps)
    plt.close(fig)
    return ms


def arrows_ms(n, reps, threshold=0.0, top_k=0):
    """Two columns, queries left and keys right, every edge above `threshold` (and among the
    `top_k` of its row, when given: QKV Lab's default filter) one line whose alpha and width
    follow its weight."""
    fig = figure()
    ax = fig.add_axes([0.1, 0.02, 0.8, 0.96])
    ax.set_xlim(0, 1)
    ax.set_ylim(n, -1)
    ax.axis("off")
    for i in range(n):
        ax.text(-0.01, i, f"word{i}", ha="right", va="center", fontsize=6)
        ax.text(1.01, i, f"word{i}", ha="left", va="center", fontsize=6)
    mats = [weights(n, n * 31 + h) for h in range(2)]
    lines = LineCollection([], capstyle="butt")
    ax.add_collection(lines)
    q, k = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    state = {"i": 0, "edges": 0}

    def edit():
        state["i"] += 1
        w = mats[state["i"] % 2]
        keep = w >= threshold
        if top_k:
            keep &= np.argsort(np.argsort(-w, axis=1), axis=1) < top_k
        segs = np.stack(
            [np.stack([np.zeros(keep.sum()), q[keep]], 1), np.stack([np.ones(keep.sum()), k[keep]], 1)], 1
        )
        lines.set_segments(segs)
        rgba = np.zeros((segs.shape[0], 4))
        rgba[:, 2] = 0.7
        rgba[:, 3] = np.clip(w[keep] / w.max(), 0.02, 1)
        lines.set_color(rgba)
        lines.set_linewidth(0.5 + 3 * w[keep] / w.max())
        state["edges"] = int(segs.shape[0])
        fig.canvas.draw()

    ms = measure(edit, reps)
    plt.close(fig)
    return ms, state["edges"]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--reps", type=int, default=7)
    args = p.parse_args()
    out = {"python": sys.executable, "size": f"{SIDE_PX}x{SIDE_PX}"}
    if plt is None:
        out.update(available=False, reason=f"matplotlib not importable with {sys.executable}: {IMPORT_ERROR}")
        print(json.dumps(out, indent=2))
        return 0
    out.update(available=True, matplotlib=matplotlib.__version__, numpy=np.__version__)
    out["heatmap"] = [{"tokens": n, "redrawMs": round(heatmap_ms(n, args.reps), 3)} for n in (64, 512)]
    out["arrows"] = []
    for n, threshold, top_k in ((64, 0.0, 0), (256, 0.02, 16)):
        ms, edges = arrows_ms(n, max(3, args.reps // 2), threshold, top_k)
        out["arrows"].append({"tokens": n, "threshold": threshold, "edges": edges, "redrawMs": round(ms, 3)})
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

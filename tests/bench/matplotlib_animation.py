#!/usr/bin/python3
"""What `qkvlab export DOC --view heatmap --animate words.WORD.k[I] --from A --to B --frames N
-o OUT.gif` does, as a numpy + matplotlib script: the peer of qkvbench's animation timing (issue 15:
qkvlab at least 5x faster). matplotlib's FuncAnimation updates one imshow heatmap (its data, the
values in its cells and a caption naming the moving value) and Pillow's writer saves the GIF.

Usage: matplotlib_animation.py DOC.qkv.json WORD I A B N OUT.gif
"""

import json
import sys

import numpy as np
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
from matplotlib.animation import FuncAnimation, PillowWriter  # noqa: E402

from matplotlib_export import vector, weights  # noqa: E402  (the same arithmetic as the still peer)


def main(path, word, index, start, stop, frames, out):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    entry = doc["words"][word]
    key = list(vector(entry, "k"))
    tokens, a = weights(doc)
    fig, ax = plt.subplots(figsize=(10, 10), dpi=100)
    im = ax.imshow(a, cmap="viridis", vmin=0, vmax=1)
    ax.set_xticks(range(len(tokens)), tokens, rotation=90)
    ax.set_yticks(range(len(tokens)), tokens)
    ax.xaxis.tick_top()
    texts = [[ax.text(j, i, "", ha="center", va="center", fontsize=8) for j in range(len(tokens))]
             for i in range(len(tokens))]
    fig.colorbar(im, ax=ax, fraction=0.046, label="weight (0-1)")
    caption = fig.text(0.5, 0.02, "", ha="center")

    def update(frame):
        value = start + (stop - start) * frame / (frames - 1)
        key[index] = value
        entry["k"] = key
        _, w = weights(doc)
        im.set_data(w)
        for i in range(w.shape[0]):
            for j in range(w.shape[1]):
                texts[i][j].set_text(f"{w[i, j]:.2f}")
                texts[i][j].set_color("black" if w[i, j] > 0.6 else "white")
        caption.set_text(f"k{index + 1} of {word} = {value:.3f}")
        return [im, caption] + [t for row in texts for t in row]

    animation = FuncAnimation(fig, update, frames=frames, blit=False)
    animation.save(out, writer=PillowWriter(fps=20))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 8:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]),
                  int(sys.argv[6]), sys.argv[7]))

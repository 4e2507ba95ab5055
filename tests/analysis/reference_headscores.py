"""Head scores as TransformerLens's head detector defines them, written from its definitions
(transformer_lens/head_detector.py: the detection patterns and the "mul" measure, neither the
first token nor the current token excluded, a list of passages averaged) and from the README's
for the others, in numpy. Usage: reference_headscores.py IN.json OUT.json

IN: {"passages": [{"ids": [...], "special": [0/1 ...], "repeat": L, "start": S,
                   "attention": [[n x n] for each layer-head, layer-major]}]}
OUT: {"SCORE": [mean for each layer-head]}  (null where no passage measures the score)
"""
import json
import sys

import numpy as np


def previous_token_pattern(n):
    pattern = np.zeros((n, n))
    pattern[1:, :-1] = np.eye(n - 1)
    return np.tril(pattern)


def duplicate_token_pattern(ids):
    tokens = np.array(ids)
    repeated = np.tile(tokens, (len(tokens), 1))
    eq = np.equal(repeated, repeated.T).astype(int)
    np.fill_diagonal(eq, 0)
    return np.tril(eq.astype(float))


def induction_pattern(ids):
    duplicate = duplicate_token_pattern(ids)
    shifted = np.roll(duplicate, shift=1, axis=1)
    result = np.concatenate([np.zeros((len(ids), 1)), shifted[:, 1:]], axis=1)
    return np.tril(result)


def mul(attention, pattern):
    return float((attention * pattern).sum() / attention.sum())


def scores(passage):
    ids = passage["ids"]
    n = len(ids)
    special = np.array(passage["special"], dtype=bool)
    repeat = passage.get("repeat", 0)
    out = {}
    heads = [np.array(a, dtype=float) for a in passage["attention"]]
    if repeat:
        start = passage["start"]
        rows = range(start + repeat, start + 2 * repeat)
        out["induction-random"] = [np.mean([a[i, i - repeat + 1] for i in rows]) for a in heads]
        return out
    if n > 1:
        out["previous-token"] = [mul(a, previous_token_pattern(n)) for a in heads]
        out["duplicate-token"] = [mul(a, duplicate_token_pattern(ids)) for a in heads]
        out["induction"] = [mul(a, induction_pattern(ids)) for a in heads]
    logs = lambda a: np.where(a > 0, a * np.log(np.where(a > 0, a, 1)), 0.0)
    distance = np.abs(np.arange(n)[:, None] - np.arange(n)[None, :])
    out["entropy"] = [float(-logs(a).sum(axis=1).mean()) for a in heads]
    out["first-token"] = [float(a[:, 0].mean()) for a in heads]
    out["special-tokens"] = [float(a[:, special].sum(axis=1).mean()) for a in heads]
    out["distance"] = [float((a * distance).sum(axis=1).mean()) for a in heads]
    out["concentration"] = [float(a.max(axis=1).mean()) for a in heads]
    return out


def main():
    passages = json.load(open(sys.argv[1]))["passages"]
    sums, counts = {}, {}
    for passage in passages:
        for name, values in scores(passage).items():
            sums[name] = np.array(values) + sums.get(name, 0)
            counts[name] = counts.get(name, 0) + 1
    json.dump({name: list(sums[name] / counts[name]) for name in sums}, open(sys.argv[2], "w"))


main()

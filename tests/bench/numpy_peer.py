#!/usr/bin/python3
"""The numpy peer of qkvbench (SPEC 4): the same attention cases and matmul shapes, timed in numpy.

Run it with Debian's /usr/bin/python3 and python3-numpy (qkvbench does, with the cases, shapes and
budget it measured itself). Prints one JSON object on stdout; when numpy cannot be imported the
object says so instead of failing, so the benchmark still reports its own numbers.
"""

import argparse
import json
import math
import os
import platform
import sys
import time

try:
    import numpy as np
except ImportError as error:  # reported in the JSON, not raised: qkvbench still has its own numbers
    np, NUMPY_ERROR = None, error

# The BLAS tuning variables are left as the environment has them, and recorded.
RECORDED_ENV = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")


def parse_triples(text):
    """'8x3x1,64x64x8' -> [(8, 3, 1), (64, 64, 8)]"""
    return [tuple(int(x) for x in part.split("x")) for part in text.split(",") if part]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cases", default="8x3x1,64x64x8,512x64x1,512x64x8", help="NxDxHEADS,...")
    p.add_argument("--matmul", default="512x64x512,512x512x64,512x512x512", help="MxKxN,...: (MxK) @ (KxN)")
    p.add_argument("--budget", type=float, default=0.25, help="seconds per measurement")
    p.add_argument("--max-reps", type=int, default=10000)
    p.add_argument("--total", type=float, default=20, help="seconds for all cases; larger ones are skipped")
    return p.parse_args()


def measure(run, budget, max_reps):
    """Median ms of repeated runs; the first run warms up and sets the count (qkvbench's rule)."""
    first = run()
    if first >= budget:
        return first * 1e3, 1
    reps = min(max(int(budget / max(first, 1e-7)), 1), max_reps)
    samples = sorted(run() for _ in range(reps))
    mid = reps // 2
    median = samples[mid] if reps % 2 else (samples[mid - 1] + samples[mid]) / 2
    return median * 1e3, reps


def timed(fn):
    def run():
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start

    return run


def estimate_seconds(case, done):
    """One measurement's seconds, scaled by N² and heads from the latest comparable case measured (qkvbench's rule)."""
    n, d, heads = case
    for (m_n, m_d, m_heads), ms in reversed(done):
        if m_d == d and m_n <= n and m_heads <= heads:
            return ms / 1e3 * (n * n * heads) / (m_n * m_n * m_heads)
    return 0.0


def attention(q, k, v):
    """softmax(Q Kᵀ / √d) V with the row maximum subtracted (stable), in place where numpy allows."""
    s = q @ k.T
    s /= math.sqrt(q.shape[1])
    s -= s.max(axis=1, keepdims=True)
    np.exp(s, out=s)
    s /= s.sum(axis=1, keepdims=True)
    return s @ v


def blas_libraries():
    """The BLAS and LAPACK libraries actually loaded: the alternatives system decides, not numpy's config."""
    try:
        with open("/proc/self/maps") as f:
            paths = {line.split()[-1] for line in f if "blas" in line.lower() or "lapack" in line.lower()}
        return sorted(p for p in paths if p.startswith("/"))
    except OSError:
        return []


def main():
    args = parse_args()
    out = {
        "python": sys.executable,
        "python_version": platform.python_version(),
        "env": {name: os.environ.get(name) for name in RECORDED_ENV},
    }
    if np is None:
        out.update(available=False, reason=f"numpy not importable with {sys.executable}: {NUMPY_ERROR}")
        print(json.dumps(out, indent=2))
        return 0

    out.update(available=True, numpy=np.__version__, blas_libraries=blas_libraries())
    rng = np.random.default_rng(1)

    out["matmul"] = []
    for m, k, n in parse_triples(args.matmul):
        a, b = rng.uniform(-1, 1, (m, k)), rng.uniform(-1, 1, (k, n))
        ms, reps = measure(timed(lambda: a @ b), args.budget, args.max_reps)
        gflops = 2 * m * k * n / (ms * 1e6)
        shape = f"{m}x{k} * {k}x{n}"
        out["matmul"].append({"shape": shape, "ms": round(ms, 4), "reps": reps, "gflops": round(gflops, 3)})

    out["attention"], done, started = [], [], time.perf_counter()
    for n, d, heads in parse_triples(args.cases):
        left = args.total - (time.perf_counter() - started)
        estimate = estimate_seconds((n, d, heads), done)
        if estimate > left:
            reason = f"estimated at {estimate:.3g} s, more than the {max(left, 0):.3g} s left of the time budget"
            out["attention"].append({"n": n, "d": d, "heads": heads, "skipped": reason})
            continue
        qkv = [[rng.uniform(-1, 1, (n, d)) for _ in range(3)] for _ in range(heads)]
        ms, reps = measure(timed(lambda: [attention(*h) for h in qkv]), args.budget, args.max_reps)
        done.append(((n, d, heads), ms))
        gflops = 4 * n * n * d * heads / (ms * 1e6)  # Q Kᵀ and A V, as qkvbench's gflops_core
        out["attention"].append(
            {"n": n, "d": d, "heads": heads, "ms": round(ms, 4), "reps": reps, "gflops_core": round(gflops, 3)}
        )

    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

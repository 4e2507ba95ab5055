"""Writes, through the exporter's own write_qkv_npz, the file tst_modelattention reads back.

Layout as the exporter writes it for a model run: 2 layers, 3 heads, 4 tokens, d = 2; every
value is np.arange(count) / 8 - 1 over its array (attention, then queries, keys, values each
counting from the start again, keys offset by +1 and values by +2 to tell them apart).
Usage: export_fixture.py OUT.npz [--compress]
"""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', 'packaging', 'tools'))
import qkvlab_export_hf  # noqa: E402


def ramp(shape, offset=0):
    return (np.arange(int(np.prod(shape)), dtype=np.float64) / 8 - 1 + offset).reshape(shape)


qkvlab_export_hf.write_qkv_npz(
    sys.argv[1], ['[CLS]', 'hel', '##lo', '[SEP]'], ramp((2, 3, 4, 4)), ramp((2, 3, 4, 2)),
    ramp((2, 3, 4, 2), 1), ramp((2, 3, 4, 2), 2), compress='--compress' in sys.argv)

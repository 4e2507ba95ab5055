#!/usr/bin/python3
"""Writes the seed corpus of fuzz_gguf into tests/fuzz/corpus/gguf/: small GGUF files written from
the format's specification (ggml's docs/gguf.md), each under 8 KiB (fuzz.sh's -max_len): a
llama-like file with every metadata value type and tensors of F32, F16, BF16, Q8_0, Q4_0 and the
K-quants; version 2; a 64-byte alignment. Run from anywhere: python3 tests/fuzz/make-gguf-seeds.py."""
import os
import struct

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "gguf")
# ggml type: (number, values a block, bytes a block)
TYPES = {"F32": (0, 1, 4), "F16": (1, 1, 2), "Q4_0": (2, 32, 18), "Q4_1": (3, 32, 20), "Q5_0": (6, 32, 22),
         "Q5_1": (7, 32, 24), "Q8_0": (8, 32, 34), "Q2_K": (10, 256, 84), "Q3_K": (11, 256, 110),
         "Q4_K": (12, 256, 144), "Q5_K": (13, 256, 176), "Q6_K": (14, 256, 210), "BF16": (30, 1, 2)}


def string(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def value(kind, v):
    if kind == "str":
        return struct.pack("<I", 8) + string(v)
    if kind == "u32":
        return struct.pack("<II", 4, v)
    if kind == "f32":
        return struct.pack("<If", 6, v)
    if kind == "bool":
        return struct.pack("<IB", 7, v)
    if kind == "strs":
        return struct.pack("<IIQ", 9, 8, len(v)) + b"".join(string(s) for s in v)
    if kind == "f32s":
        return struct.pack("<IIQ", 9, 6, len(v)) + b"".join(struct.pack("<f", f) for f in v)
    if kind == "i32s":
        return struct.pack("<IIQ", 9, 5, len(v)) + b"".join(struct.pack("<i", i) for i in v)
    raise ValueError(kind)


def gguf(keys, tensors, version=3, alignment=32):
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(keys))
    for key, kind, v in keys:
        out += string(key) + value(kind, v)
    offset, blobs = 0, []
    for name, dims, type_name in tensors:
        number, block, block_bytes = TYPES[type_name]
        count = 1
        for d in dims:
            count *= d
        size = count // block * block_bytes
        out += string(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        out += struct.pack("<IQ", number, offset)
        blobs.append((offset, bytes((i * 37 + number) % 256 for i in range(size))))
        offset += (size + alignment - 1) // alignment * alignment
    out += b"\0" * (-len(out) % alignment)
    data = bytearray(offset)
    for at, blob in blobs:
        data[at:at + len(blob)] = blob
    return out + bytes(data)


def write(name, data):
    assert len(data) < 8192, (name, len(data))
    os.makedirs(HERE, exist_ok=True)
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


KEYS = [("general.architecture", "str", "llama"), ("llama.block_count", "u32", 1),
        ("llama.attention.head_count", "u32", 2), ("llama.rope.freq_base", "f32", 10000.0),
        ("tokenizer.ggml.model", "str", "llama"), ("tokenizer.ggml.add_bos_token", "bool", 1),
        ("tokenizer.ggml.tokens", "strs", ["<unk>", "<s>", "</s>", "\u2581the", "\u732b"]),
        ("tokenizer.ggml.scores", "f32s", [0.0, 0.0, 0.0, -1.0, -2.0]),
        ("tokenizer.ggml.token_type", "i32s", [2, 3, 3, 1, 1])]
write("llama-floats.gguf", gguf(KEYS, [("token_embd.weight", [8, 5], "F32"), ("blk.0.attn_q.weight", [8, 8], "F16"),
                                       ("output_norm.weight", [8], "BF16")]))
write("small-quants.gguf", gguf(KEYS[:2], [("a", [32], "Q4_0"), ("b", [32], "Q4_1"), ("c", [32, 2], "Q5_0"),
                                           ("d", [32], "Q5_1"), ("e", [64], "Q8_0")]))
write("k-quants.gguf", gguf([("general.architecture", "str", "qwen2")],
                            [("q2", [256], "Q2_K"), ("q3", [256], "Q3_K"), ("q4", [256], "Q4_K"),
                             ("q5", [256], "Q5_K"), ("q6", [256, 2], "Q6_K")]))
write("version2.gguf", gguf(KEYS[:4], [("x", [4, 2], "F32")], version=2))
write("aligned64.gguf", gguf([("general.alignment", "u32", 64)], [("x", [3], "F32"), ("y", [32], "Q8_0")],
                             alignment=64))

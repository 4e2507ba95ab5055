#!/usr/bin/python3
"""Writes the seed corpora of the model-file fuzz targets (fuzz_npy, fuzz_npz, fuzz_safetensors,
fuzz_attentionjson, fuzz_tokengroups) into tests/fuzz/corpus/<target>/: a few small valid files
of every kind the readers take (NumPy writes the .npy and .npz files) and truncated variants.
Run from anywhere: python3 tests/fuzz/make-model-seeds.py. The regression-* inputs are not
touched."""
import io
import json
import os
import struct

import numpy as np

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
TOKENS = ["[CLS]", "play", "##ing", "[SEP]"]


def attention(layers, heads, n, dtype=np.float32):
    """Rows that sum to 1, each head a little different."""
    a = np.arange(1, layers * heads * n * n + 1, dtype=np.float64).reshape(layers, heads, n, n) % 5 + 1
    return (a / a.sum(axis=-1, keepdims=True)).astype(dtype)


def vectors(layers, heads, n, d, dtype=np.float32):
    return (np.arange(layers * heads * n * d).reshape(layers, heads, n, d) / 8 - 1).astype(dtype)


def write(target, name, data):
    os.makedirs(os.path.join(HERE, target), exist_ok=True)
    assert len(data) < 8192, (target, name, len(data))
    with open(os.path.join(HERE, target, name), "wb") as f:
        f.write(data)


def npy(array, version=None, fortran=False):
    out = io.BytesIO()
    if fortran:
        array = np.asfortranarray(array)
    if version:
        np.lib.format.write_array(out, array, version=version)
    else:
        np.save(out, array)
    return out.getvalue()


def npz(compressed, **arrays):
    out = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(out, **arrays)
    return out.getvalue()


def safetensors(tensors, metadata=None):
    """tensors: name -> (dtype, shape, raw bytes), laid out in order."""
    header, data = {}, b""
    for name, (dtype, shape, raw) in tensors.items():
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    if metadata is not None:
        header["__metadata__"] = metadata
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)  # the format pads the header to 8 bytes
    return struct.pack("<Q", len(text)) + text + data


def bf16(array):
    return (np.asarray(array, np.float32).view(np.uint32) >> 16).astype("<u2").tobytes()


def main():
    # fuzz_npy: one array; float types, orders and versions, strings, and a few refusals.
    a = attention(1, 2, 3)
    write("npy", "attention-f4.npy", npy(a[0]))
    write("npy", "attention-f2-fortran.npy", npy(attention(1, 1, 3, np.float16)[0, 0], fortran=True))
    write("npy", "attention-f8-4d.npy", npy(attention(2, 2, 2, np.float64)))
    write("npy", "attention-batch.npy", npy(attention(2, 1, 2)[:, None]))
    write("npy", "version-2.npy", npy(a[0, 0], version=(2, 0)))
    write("npy", "version-3.npy", npy(a[0, 0], version=(3, 0)))
    write("npy", "empty.npy", npy(np.zeros((0, 3), np.float32)))
    write("npy", "tokens-U.npy", npy(np.array(TOKENS)))
    write("npy", "tokens-S.npy", npy(np.array([t.encode() for t in TOKENS])))
    write("npy", "tokens-fortran.npy", npy(np.array([TOKENS, TOKENS]), fortran=True))
    write("npy", "nan.npy", npy(np.array([[0.5, np.nan], [1, 0]], np.float32)))
    write("npy", "big-endian.npy", npy(a[0, 0].astype(">f4")))
    write("npy", "int64.npy", npy(np.arange(4)))
    full = npy(a[0])
    write("npy", "cut-data.npy", full[: len(full) - 5])
    write("npy", "cut-header.npy", full[:40])

    # fuzz_npz: what np.savez and np.savez_compressed write, with tokens and Q, K, V.
    tokens = np.array(TOKENS)
    att = attention(1, 2, 4)
    qkv = {k: vectors(1, 2, 4, 2) + i for i, k in enumerate(["queries", "keys", "values"])}
    stored = npz(False, attention=att, tokens=tokens)
    write("npz", "stored.npz", stored)
    compressed = npz(True, attention=att, tokens=tokens, **qkv)
    write("npz", "compressed-qkv.npz", compressed)
    write("npz", "compressed-f2.npz", npz(True, attentions=attention(1, 1, 4, np.float16), tokens=tokens))
    write("npz", "stored-f8-other.npz", npz(False, attention=attention(1, 1, 4, np.float64)[0, 0], tokens=tokens,
                                              input_ids=np.arange(4)))
    write("npz", "positional.npz", npz(False, arr_0=att[0, 0]))
    write("npz", "cut-directory.npz", compressed[: len(compressed) - 30])
    write("npz", "cut-data.npz", stored[:300])

    # fuzz_safetensors: F32, F16 and BF16, tokens in the metadata, Q, K, V; and a cut file.
    t32 = safetensors({"attention": ("F32", att.shape, att.tobytes())}, {"tokens": json.dumps(TOKENS)})
    write("safetensors", "f32-tokens.safetensors", t32)
    a16 = attention(1, 1, 4)[0]
    write("safetensors", "f16.safetensors",
          safetensors({"attention": ("F16", a16.shape, a16.astype("<f2").tobytes())}, {"tokens": json.dumps(TOKENS)}))
    write("safetensors", "bf16-no-tokens.safetensors",
          safetensors({"attentions": ("BF16", a16.shape, bf16(a16))}, {"format": "pt"}))
    tensors = {"attention": ("F32", att.shape, att.tobytes())}
    tensors.update({k: ("F32", v.shape, v.tobytes()) for k, v in qkv.items()})
    tensors["logits"] = ("F64", (2,), np.array([1.5, -2], "<f8").tobytes())
    write("safetensors", "qkv-f64.safetensors", safetensors(tensors, {"tokens": json.dumps(TOKENS)}))
    write("safetensors", "cut.safetensors", t32[: len(t32) - 7])

    # fuzz_attentionjson: the JSON form, with and without Q, K, V; bad values; a cut file.
    doc = {"tokens": TOKENS, "attention": att.tolist()}
    write("attentionjson", "attention.json", json.dumps(doc).encode())
    write("attentionjson", "qkv.json", json.dumps(dict(doc, **{k: v.tolist() for k, v in qkv.items()})).encode())
    write("attentionjson", "attentions-2d.json",
          json.dumps({"tokens": TOKENS, "attentions": att[0, 0].tolist()}, indent=1).encode())
    write("attentionjson", "null.json", b'{"tokens": ["a", "b"], "attention": [[0.5, null], [1, 0]]}')
    write("attentionjson", "ragged.json", b'{"tokens": ["a", "b"], "attention": [[0.5, 0.5], [1]]}')
    write("attentionjson", "huge-number.json", b'{"tokens": ["a"], "attention": [[1e39]]}')
    text = json.dumps(doc).encode()
    write("attentionjson", "cut.json", text[: len(text) // 2])

    # fuzz_tokengroups: the first byte is the options (bit 0 hides special tokens, bits 1-3 the
    # merge style: none, auto, WordPiece, BPE, SentencePiece; bit 7 other special tokens).
    write("tokengroups", "bert", b"\x05" + "\n".join(["[CLS]", "play", "##ing", "##s", "[SEP]"]).encode())
    write("tokengroups", "gpt2", b"\x07" + "\n".join(["<|endoftext|>", "The", "\u0120cat", "\u0120play", "ing",
                                                      ",", "\u0120sat"]).encode())
    write("tokengroups", "sentencepiece", b"\x08" + "\n".join(["\u2581Hello", "wor", "ld", "</s>", "!"]).encode())
    write("tokengroups", "auto-shown", b"\x02" + "\n".join(["[CLS]", "##a", "b", "##", "##c", "[SEP]"]).encode())
    write("tokengroups", "marker-specials", b"\x87" + "\n".join(["##", "x", "", "\u0120", "y"]).encode())


if __name__ == "__main__":
    main()

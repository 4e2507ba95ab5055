#!/usr/bin/python3
"""Writes the seed corpora of the targets for a model folder's readers (fuzz_modelconfig,
fuzz_safetensorsheader, fuzz_shardindex, fuzz_hftokenizer, fuzz_legacyvocab, fuzz_sentencepiece,
fuzz_sessionfile) into tests/fuzz/corpus/<target>/ from the real files the repository holds (the
tokenizers of tests/data/tokenizers, GPT-2's vocabulary, the built-in induction model), each cut
to under 8 KiB (fuzz.sh's -max_len) while staying valid, plus edge cases. Run from anywhere:
python3 tests/fuzz/make-reader-seeds.py. The regression-* inputs are not touched."""
import glob
import json
import os
import struct

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(SOURCE, "tests", "fuzz", "corpus")
TOKENIZERS = os.path.join(SOURCE, "tests", "data", "tokenizers")
INDUCTION = os.path.join(SOURCE, "resources", "models", "induction")
LIMIT = 8192
SENTENCES = [b"The cat sat on the mat.", b"  Hello,\tworld!\nIt's 2024 ", "naïve 日本語 😀".encode(),
             b"<|endoftext|>[CLS] a [MASK] b [SEP]<s></s>"]


def write(target, name, data):
    if isinstance(data, str):
        data = data.encode()
    assert len(data) < LIMIT, (target, name, len(data))
    os.makedirs(os.path.join(HERE, target), exist_ok=True)
    with open(os.path.join(HERE, target, name), "wb") as f:
        f.write(data)


def dumps(o):
    return json.dumps(o, ensure_ascii=False, separators=(",", ":")).encode()


def read(path):
    with open(path, "rb") as f:
        return f.read()


def shrink_tokenizer(t, budget):
    """The tokenizer with its vocabulary cut to the lowest ids (special tokens kept) and the merges
    whose tokens all remain, as small as `budget` bytes allows."""
    model = t["model"]
    vocab = model.get("vocab") or {}
    keep_always = {a["content"] for a in t.get("added_tokens") or []} | {model.get("unk_token")}
    ordered = sorted(vocab.items(), key=lambda kv: kv[1])
    n = len(ordered)
    while True:
        kept = {k: v for k, v in ordered[:n]}
        kept.update({k: v for k, v in ordered if k in keep_always})
        out = json.loads(json.dumps(t))
        out["model"]["vocab"] = kept
        if "merges" in model:
            prefix = model.get("continuing_subword_prefix") or ""
            merges = []
            for m in model["merges"]:
                a, b = m.split(" ") if isinstance(m, str) else m
                joined = a + (b[len(prefix):] if prefix and b.startswith(prefix) else b)
                if a in kept and b in kept and joined in kept:
                    merges.append(m)
            out["model"]["merges"] = merges
        data = dumps(out)
        if len(data) <= budget or n == 0:
            return data
        n = n * 3 // 4


def hftokenizer():
    files = sorted(glob.glob(os.path.join(TOKENIZERS, "*", "tokenizer.json")))
    files.append(os.path.join(INDUCTION, "tokenizer.json"))
    for i, path in enumerate(files):
        name = os.path.basename(os.path.dirname(path))
        data = shrink_tokenizer(json.loads(read(path)), LIMIT - 200)
        write("hftokenizer", name, data + b"\0" + SENTENCES[i % len(SENTENCES)])
    # A Llama tokenizer whose tokenizer_config.json decides BOS and EOS: read as a folder.
    llama = shrink_tokenizer(json.loads(read(os.path.join(TOKENIZERS, "bpe-llama2", "tokenizer.json"))), LIMIT - 400)
    config = {"tokenizer_class": "LlamaTokenizerFast", "bos_token": "<s>", "eos_token": {"content": "</s>"},
              "add_bos_token": True, "add_eos_token": True}
    write("hftokenizer", "llama-with-config", llama + b"\0hi there\0" + dumps(config))
    # Edge cases the budgets are for: nested sequences, a regex that backtracks, growing text.
    tiny = {"model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b"]}}
    nested = {"type": "Lowercase"}
    for _ in range(12):
        nested = {"type": "Sequence", "normalizers": [nested]}
    write("hftokenizer", "nested-normalizers", dumps(dict(tiny, normalizer=nested)) + b"\0abab")
    split = {"type": "Split", "pattern": {"Regex": "(a|aa)+c|b"}, "behavior": "Isolated", "invert": False}
    write("hftokenizer", "backtracking-split", dumps(dict(tiny, pre_tokenizer=split)) + b"\0" + b"a" * 30 + b"b")
    replace = {"type": "Replace", "pattern": {"String": "a"}, "content": "aa"}
    grow = {"type": "Sequence", "normalizers": [replace] * 6}
    write("hftokenizer", "growing-replace", dumps(dict(tiny, normalizer=grow)) + b"\0aab")
    wordpiece = {"model": {"type": "WordPiece", "unk_token": "[UNK]", "max_input_chars_per_word": 1000,
                           "vocab": {"[UNK]": 0, "a": 1, "##a": 2, "b": 3}}}
    write("hftokenizer", "long-words", dumps(wordpiece) + b"\0" + b"a" * 300 + b"b")


def legacyvocab():
    encoder = json.loads(read(os.path.join(TOKENIZERS, "gpt2", "vocab.json")))
    merges = read(os.path.join(TOKENIZERS, "gpt2", "merges.txt")).decode().split("\n")
    for count in (40, 200):
        vocab = {k: v for k, v in encoder.items() if v < 256 + count}
        text = "\n".join(merges[:count + 1]) + "\n"
        write("legacyvocab", "gpt2-%d" % count, dumps(vocab) + b"\0" + text.encode() + b"\0" + SENTENCES[count % 4])
    write("legacyvocab", "gpt2-missing-merge", b'{"a":0,"b":1}\0#version: 0.2\na b\n\0ab')
    for name in ("wordpiece-uncased", "wordpiece-cased"):
        vocab = json.loads(read(os.path.join(TOKENIZERS, name, "tokenizer.json")))["model"]["vocab"]
        text = "\n".join(k for k, _ in sorted(vocab.items(), key=lambda kv: kv[1])) + "\n"
        write("legacyvocab", name, text.encode() + b"\0\0" + SENTENCES[0])
        cased = {"do_lower_case": name.endswith("uncased"), "tokenize_chinese_chars": False, "strip_accents": None}
        write("legacyvocab", name + "-config", text.encode() + b"\0" + dumps(cased) + b"\0" + SENTENCES[2])
    vocab = json.loads(read(os.path.join(INDUCTION, "tokenizer.json")))["model"]["vocab"]
    text = "\n".join(k for k, _ in sorted(vocab.items(), key=lambda kv: kv[1]))[:6000]
    write("legacyvocab", "induction", text.encode() + b"\0" + read(os.path.join(INDUCTION, "tokenizer_config.json"))
          + b"\0" + SENTENCES[1])
    write("legacyvocab", "bert-no-unk", b"[CLS]\n[SEP]\nhello\n\0\0hello")


def varint(data, i):
    value, shift = 0, 0
    while True:
        b = data[i]
        value |= (b & 0x7F) << shift
        i, shift = i + 1, shift + 7
        if b < 0x80:
            return value, i


def first_pieces(model, count):
    """The ModelProto with only its first `count` pieces (field 1), its other fields as they are."""
    out, i, kept = b"", 0, 0
    while i < len(model):
        start = i
        key, i = varint(model, i)
        wire = key & 7
        if wire == 0:
            _, i = varint(model, i)
        elif wire == 2:
            length, i = varint(model, i)
            i += length
        else:
            i += 8 if wire == 1 else 4
        if key >> 3 == 1:
            kept += 1
            if kept > count:
                continue
        out += model[start:i]
    return out


def sentencepiece():
    # The test model's 800 pieces cut to 450: its special and byte pieces and the first merges.
    model = first_pieces(read(os.path.join(TOKENIZERS, "spm", "tokenizer.model")), 450)
    assert len(model) < LIMIT - 64
    for flags, sentence in ((1, SENTENCES[0]), (3, SENTENCES[2]), (0, b""), (2, SENTENCES[1])):
        write("sentencepiece", "spm-%d" % flags, bytes([len(sentence) << 2 | flags]) + sentence + model)
    write("sentencepiece", "spm-truncated", bytes([1]) + model[: len(model) // 2])


def safetensors(tensors, metadata=None, pad=0):
    header, data = {}, b""
    if metadata is not None:
        header["__metadata__"] = metadata
    for name, dtype, shape, payload in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(payload)]}
        data += payload
    h = json.dumps(header).encode()
    h += b" " * ((8 - len(h) % 8) % 8 + pad)
    return struct.pack("<Q", len(h)) + h + data


def safetensorsheader():
    old = os.path.join(SOURCE, "tests", "transformer", "corpus", "transformerfiles")
    for path in sorted(glob.glob(os.path.join(old, "*.safetensors"))):
        write("safetensorsheader", os.path.basename(path), read(path))
    write("safetensorsheader", "types.safetensors", safetensors([
        ("f32", "F32", [2, 2], struct.pack("<4f", 1, -2, 0.5, 0)),
        ("f16", "F16", [3], struct.pack("<3e", 1, 2, -0.25)),
        ("bf16", "BF16", [1, 2], b"\x80\x3f\x00\x40"),
        ("i64", "I64", [1], struct.pack("<q", 7)),
        ("empty", "F32", [0, 5], b""),
        ("scalar", "F64", [], struct.pack("<d", 3.5)),
        ("flag", "BOOL", [2], b"\x01\x00")], metadata={"format": "pt"}))
    model = read(os.path.join(INDUCTION, "model.safetensors"))
    length = struct.unpack("<Q", model[:8])[0]
    if length + 8 < LIMIT:
        write("safetensorsheader", "induction-truncated.safetensors", model[: LIMIT - 1])


def modelconfig():
    old = os.path.join(SOURCE, "tests", "transformer", "corpus", "transformerfiles")
    for path in sorted(glob.glob(os.path.join(old, "config-*.json"))):
        write("modelconfig", os.path.basename(path), read(path))
    write("modelconfig", "config-induction.json", read(os.path.join(INDUCTION, "config.json")))
    llama31 = {"model_type": "llama", "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
               "hidden_size": 64, "intermediate_size": 128, "vocab_size": 1000, "head_dim": 16,
               "rope_theta": 500000.0, "rms_norm_eps": 1e-5, "tie_word_embeddings": True,
               "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                                "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}}
    write("modelconfig", "config-llama31.json", dumps(llama31))
    write("modelconfig", "config-qwen2-window.json", dumps(dict(llama31, model_type="qwen2", rope_scaling=None,
                                                                 use_sliding_window=True, sliding_window=32)))
    write("modelconfig", "config-gpt2-inner.json", b'{"model_type":"gpt2","n_layer":1,"n_head":2,"n_embd":8,'
          b'"vocab_size":10,"n_inner":null,"activation_function":"relu"}')


def shardindex():
    def index(weight_map, metadata=True):
        o = {"weight_map": weight_map}
        if metadata:
            o["metadata"] = {"total_size": 16}
        return dumps(o)
    write("shardindex", "two-shards", index({"a.weight": "shard-a.safetensors", "b.weight": "shard-b.safetensors"}))
    write("shardindex", "one-shard", index({"a.weight": "shard-a.safetensors"}, False))
    write("shardindex", "inside-link", index({"a.weight": "inside-link.safetensors"}))
    write("shardindex", "wrong-shard", index({"a.weight": "shard-b.safetensors", "b.weight": "shard-b.safetensors"}))
    write("shardindex", "regression-relative-link", index({"outside.weight": "relative-link.safetensors"}))
    write("shardindex", "regression-absolute-link", index({"outside.weight": "absolute-link.safetensors"}))
    write("shardindex", "parent", index({"outside.weight": "../outside.safetensors"}))
    write("shardindex", "etc-passwd", index({"a.weight": "../../etc/passwd"}))
    write("shardindex", "absolute", index({"a.weight": "/etc/passwd"}))
    write("shardindex", "subfolder", index({"c.weight": "sub/shard-c.safetensors"}))
    write("shardindex", "missing", index({"a.weight": "shard-z.safetensors"}))


def sessionfile():
    base = {"format": "qkvlab-model-session", "version": 1, "model": "/models/gpt2", "modelRelative": "../models/gpt2",
            "sentence": "The cat sat on the mat", "layer": 1, "head": 2}
    write("sessionfile", "empty", json.dumps(dict(base, interventions=[]), indent=2))
    write("sessionfile", "interventions", json.dumps(dict(base, model="hf:gpt2", interventions=[
        {"layer": 0, "head": 1, "kind": "ablate"},
        {"layer": 1, "head": 0, "kind": "query", "values": [[0.5, -1.25], [3e-8, 1e30]]},
        {"layer": 1, "head": 1, "kind": "attention", "values": [[1, 0], [0.5, 0.5]]},
        {"layer": 0, "head": 0, "kind": "value", "values": [[1]]}]), indent=2))
    write("sessionfile", "ragged", json.dumps(dict(base, interventions=[
        {"layer": 0, "head": 0, "kind": "key", "values": [[1, 2, 3], [], []]}])))
    write("sessionfile", "newer", json.dumps(dict(base, version=2)))
    write("sessionfile", "unicode", json.dumps(dict(base, sentence="naïve 日本語 😀 \ud83d", model="~/m")))


if __name__ == "__main__":
    hftokenizer()
    legacyvocab()
    sentencepiece()
    safetensorsheader()
    modelconfig()
    shardindex()
    sessionfile()

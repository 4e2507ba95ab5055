"""Broken checkpoints for make_checkpoints.py: each OUT/bad_NAME/ has expect.txt, the strings
(one a line) the refusal must contain: the file, and the key or tensor at fault."""
import json
import os

import numpy as np


def expect(folder, *lines):
    with open(os.path.join(folder, "expect.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


def write_config(folder, config):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f)


def sparse_safetensors(path, shapes):
    """A header for F32 tensors of `shapes` ({name: shape}) and a file as long as it says, all
    of it a hole: a model of hundreds of GiB that takes no disk. False where the disk refuses."""
    header, offset = {}, 0
    for name, shape in shapes.items():
        size = 4 * int(np.prod(shape, dtype=np.int64))
        header[name] = {"dtype": "F32", "shape": list(shape), "data_offsets": [offset, offset + size]}
        offset += size
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    try:
        with open(path, "wb") as f:
            f.write(len(text).to_bytes(8, "little"))
            f.write(text)
            f.truncate(8 + len(text) + offset)
        return True
    except OSError:
        return False


def write(out, r, gpt2_weights, GPT2, save, write_safetensors, llama_weights, LLAMA):
    def gpt2(name, config=GPT2, change=None, dtype="F32", prefix="transformer."):
        w = gpt2_weights(r, GPT2, prefix)
        if change:
            change(w)
        folder = os.path.join(out, name)
        save(folder, config, w, dtype)
        return folder

    def set_nan(w):
        w["transformer.h.1.mlp.c_fc.weight"][3, 4] = np.nan

    expect(gpt2("bad_nan", change=set_nan), "model.safetensors", "transformer.h.1.mlp.c_fc.weight", "NaN")

    def set_inf(w):
        w["h.0.ln_1.weight"][2] = 1e6  # beyond float16: stored as infinity

    expect(gpt2("bad_inf_f16", change=set_inf, dtype="F16", prefix=""), "h.0.ln_1.weight", "infinite")
    expect(gpt2("bad_missing", change=lambda w: w.pop("transformer.h.1.ln_2.bias")), "model.safetensors",
           "transformer.h.1.ln_2.bias", "missing")
    expect(gpt2("bad_shape", config=dict(GPT2, n_inner=80)), "model.safetensors",
           "transformer.h.0.mlp.c_fc.weight", "n_inner", "[32, 128]", "[32, 80]")
    expect(gpt2("bad_type", config=dict(GPT2, model_type="mamba")), "config.json", "model_type", "mamba")
    expect(gpt2("bad_activation", config=dict(GPT2, activation_function="gelu_fast")), "config.json",
           "activation_function", "gelu_fast")

    folder = gpt2("bad_truncated")
    path = os.path.join(folder, "model.safetensors")
    os.truncate(path, os.path.getsize(path) - 1000)
    expect(folder, "model.safetensors", "truncated", "transformer.h.1.mlp.c_proj.weight")

    folder = gpt2("bad_header_length")
    with open(os.path.join(folder, "model.safetensors"), "r+b") as f:
        f.write((1 << 40).to_bytes(8, "little"))
    expect(folder, "model.safetensors", "header length")

    folder = os.path.join(out, "bad_overlap")
    write_config(folder, GPT2)
    a = np.zeros((4, 4), np.float32).tobytes()
    write_safetensors(os.path.join(folder, "model.safetensors"),
                      [("transformer.x", a, "F32", (4, 4)), ("transformer.y", a, "F32", (4, 4))],
                      {"transformer.y": {"dtype": "F32", "shape": [4, 4], "data_offsets": [32, 96]}})
    expect(folder, "model.safetensors", "overlap", "transformer.x", "transformer.y")

    folder = os.path.join(out, "bad_lying_size")
    write_config(folder, GPT2)
    write_safetensors(os.path.join(folder, "model.safetensors"), [("transformer.x", a, "F32", (4, 4))],
                      {"transformer.x": {"dtype": "F32", "shape": [4, 5], "data_offsets": [0, 64]}})
    expect(folder, "model.safetensors", "transformer.x", "[4, 5]", "80 bytes")

    folder = os.path.join(out, "bad_index")
    write_config(folder, GPT2)
    with open(os.path.join(folder, "model.safetensors.index.json"), "w") as f:
        json.dump({"weight_map": {"transformer.wte.weight": "../elsewhere.safetensors"}}, f)
    expect(folder, "model.safetensors.index.json", "weight_map", "transformer.wte.weight")

    folder = os.path.join(out, "bad_attention_bias")  # attention_bias says q/k/v/o have biases: they must
    save(folder, dict(LLAMA, attention_bias=True), llama_weights(r, LLAMA, "model.", False, True), "F32")
    expect(folder, "model.safetensors", "model.layers.0.self_attn.q_proj.bias", "missing")

    folder = os.path.join(out, "bad_untied")  # tie_word_embeddings false and no lm_head
    save(folder, LLAMA, llama_weights(r, LLAMA, "model.", False, False), "F32")
    expect(folder, "lm_head.weight", "tie_word_embeddings")

    llama = {"model_type": "llama", "num_hidden_layers": 1, "num_attention_heads": 2, "hidden_size": 8,
             "intermediate_size": 8, "vocab_size": 5, "rope_scaling": {"rope_type": "yarn", "factor": 4.0}}
    folder = os.path.join(out, "bad_rope")
    write_config(folder, llama)
    expect(folder, "config.json", "rope_scaling", "yarn")

    # 2^30 tokens × 64 × 4 bytes = 256 GiB of embedding, refused before anything is allocated.
    huge = dict(GPT2, n_layer=1, n_embd=64, vocab_size=1 << 30)
    folder = os.path.join(out, "bad_huge")
    write_config(folder, huge)
    d, inner, shapes = 64, 256, {"wte.weight": (1 << 30, 64), "wpe.weight": (16, 64)}
    for name, shape in (("ln_1.weight", (d,)), ("ln_1.bias", (d,)), ("attn.c_attn.weight", (d, 3 * d)),
                        ("attn.c_attn.bias", (3 * d,)), ("attn.c_proj.weight", (d, d)), ("attn.c_proj.bias", (d,)),
                        ("ln_2.weight", (d,)), ("ln_2.bias", (d,)), ("mlp.c_fc.weight", (d, inner)),
                        ("mlp.c_fc.bias", (inner,)), ("mlp.c_proj.weight", (inner, d)), ("mlp.c_proj.bias", (d,))):
        shapes["h.0." + name] = shape
    shapes["ln_f.weight"], shapes["ln_f.bias"] = (d,), (d,)
    if sparse_safetensors(os.path.join(folder, "model.safetensors"), shapes):
        expect(folder, "model.safetensors", "256.00 GiB", "more than")

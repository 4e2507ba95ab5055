"""The checkpoints of make_checkpoints.py as llama.cpp's converter writes them to GGUF, written
from the format's specification (ggml's docs/gguf.md) and the converter's documented conventions,
not from the C++: llama.cpp's tensor names (token_embd, blk.N.attn_q, …) and metadata keys
(llama.block_count, …), GPT-2's Conv1D weights transposed, llama's attn_q/attn_k rows permuted
within each head (the converter's permute()), rope_scaling "llama3" as a rope_freqs tensor.

save_gguf(path, config, weights, qtype) writes the file; qtype "F32" keeps every value, "Q8_0"
quantizes each matrix whose rows are whole 32-value blocks the way ggml's reference quantizer
does (the others as F16), and returns the float64 values a reader gets back, for the numpy
reference forward pass."""
import math
import struct

import numpy as np

GGML = {"F32": 0, "F16": 1, "Q4_0": 2, "Q4_1": 3, "Q5_0": 6, "Q5_1": 7, "Q8_0": 8, "Q4_K": 12, "Q5_K": 13,
        "Q6_K": 14}
ALIGN = 32


def _string(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def _value(v):
    if isinstance(v, list):  # arrays of strings or of int32
        if all(isinstance(x, str) for x in v):
            return struct.pack("<IIQ", 9, 8, len(v)) + b"".join(_string(x) for x in v)
        return struct.pack("<IIQ", 9, 5, len(v)) + b"".join(struct.pack("<i", x) for x in v)
    if isinstance(v, bool):
        return struct.pack("<IB", 7, v)
    if isinstance(v, int):
        return struct.pack("<II", 4, v)
    if isinstance(v, float):
        return struct.pack("<If", 6, v)
    if isinstance(v, str):
        return struct.pack("<I", 8) + _string(v)
    raise TypeError(v)


def _write(path, metadata, tensors):
    """tensors: (name, ggml dims innermost first, type name, bytes)."""
    out = bytearray(b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(metadata)))
    for key, v in metadata.items():
        out += _string(key) + _value(v)
    offset, data = 0, bytearray()
    for name, dims, qtype, blob in tensors:
        out += _string(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        out += struct.pack("<IQ", GGML[qtype], offset)
        data += blob + b"\0" * (-len(blob) % ALIGN)
        offset = len(data)
    out += b"\0" * (-len(out) % ALIGN)
    with open(path, "wb") as f:
        f.write(bytes(out) + bytes(data))


def quantize_q8_0(a):
    """ggml's quantize_row_q8_0_ref: per 32 values d = max|x| / 127 (as float16), q = round(x / d)
    (halves away from zero); returns the block bytes and the values d·q a reader gets back."""
    x = a.astype(np.float32).reshape(-1, 32)
    d = np.abs(x).max(axis=1) / 127
    inv = np.where(d > 0, 1 / np.where(d > 0, d, 1), 0).astype(np.float32)
    scaled = x * inv[:, None]
    q = (np.sign(scaled) * np.floor(np.abs(scaled) + 0.5)).astype(np.int8)
    dh = d.astype(np.float16)
    blocks = np.empty((len(dh), 34), dtype=np.uint8)  # each block: its scale, then 32 quants
    blocks[:, :2] = dh.astype("<f2").view(np.uint8).reshape(-1, 2)
    blocks[:, 2:] = q.view(np.uint8)
    blocks = blocks.tobytes()
    return blocks, (q.astype(np.float32) * dh.astype(np.float32)[:, None]).reshape(a.shape)


def _k_blocks(a, top):
    """Q4_K's and Q5_K's shared part: 8 sub-blocks of 32 values, each value q·d·sc − dmin·m with
    q in 0 … top, sc and m six bits each, packed in 12 bytes as get_scale_min_k4 reads them."""
    x = a.astype(np.float32).reshape(-1, 8, 32)
    lo = np.minimum(x.min(axis=2), 0)
    scale = (x.max(axis=2) - lo) / top
    d = (scale.max(axis=1) / 63).astype(np.float16).astype(np.float32)
    dmin = ((-lo).max(axis=1) / 63).astype(np.float16).astype(np.float32)
    sc = np.clip(np.round(scale / np.where(d > 0, d, 1)[:, None]), 0, 63).astype(np.int64)
    mn = np.clip(np.round(-lo / np.where(dmin > 0, dmin, 1)[:, None]), 0, 63).astype(np.int64)
    step = d[:, None] * sc
    q = np.clip(np.round((x + (dmin[:, None] * mn)[:, :, None]) / np.where(step > 0, step, 1)[:, :, None]), 0, top)
    q = q.astype(np.int64)
    packed = np.zeros((len(d), 12), dtype=np.int64)
    packed[:, 0:4] = sc[:, 0:4] | ((sc[:, 4:8] >> 4) << 6)
    packed[:, 4:8] = mn[:, 0:4] | ((mn[:, 4:8] >> 4) << 6)
    packed[:, 8:12] = (sc[:, 4:8] & 15) | ((mn[:, 4:8] & 15) << 4)
    return x, d, dmin, sc, mn, q, packed


def quantize_q4_k(a):
    """Q4_K blocks of 256 values (ggml-common.h's block_q4_K: d, dmin, 12 bytes of 6-bit scales
    and mins for 8 sub-blocks of 32, 128 bytes of 4-bit quants), by a plain min-max scheme (not
    llama.cpp's search: any valid block will do); returns the bytes and the values they hold,
    read back from the layout element by element."""
    x, d, dmin, sc, mn, q, packed = _k_blocks(a, 15)
    qs = np.zeros((len(d), 128), dtype=np.int64)
    for g in range(4):  # sub-blocks 2g (low nibbles) and 2g + 1 (high nibbles) share 32 bytes
        qs[:, 32 * g:32 * g + 32] = q[:, 2 * g] | (q[:, 2 * g + 1] << 4)
    blocks = np.concatenate([d.astype("<f2").view(np.uint8).reshape(-1, 2),
                             dmin.astype("<f2").view(np.uint8).reshape(-1, 2),
                             packed.astype(np.uint8), qs.astype(np.uint8)], axis=1)
    back = np.empty_like(x)
    for i in range(256):  # element i: sub-block i // 32, from the bytes, as the layout says
        s_, g, l = i // 32, i // 64, i % 32
        byte = blocks[:, 16 + 32 * g + l].astype(np.int64)
        value = byte & 15 if s_ % 2 == 0 else byte >> 4
        p = blocks[:, 4:16].astype(np.int64)
        if s_ < 4:
            scv, mv = p[:, s_] & 63, p[:, s_ + 4] & 63
        else:
            scv = (p[:, s_ + 4] & 15) | ((p[:, s_ - 4] >> 6) << 4)
            mv = (p[:, s_ + 4] >> 4) | ((p[:, s_] >> 6) << 4)
        back[:, s_, l] = d * scv * value - dmin * mv
    return blocks.tobytes(), back.reshape(a.shape)


def _half(v):
    """float32 values as float16: their bytes and the values they stand for."""
    h = v.astype("<f2")
    return h.view(np.uint8).reshape(-1, 2), h.astype(np.float32)


def quantize_legacy(a, kind):
    """Q4_0, Q4_1, Q5_0, Q5_1 blocks of 32 (block_q4_0: d, 16 bytes of nibbles; _1 adds the min m
    after d; Q5_ adds a little-endian word of fifth bits before the nibbles): element j < 16 in
    byte j's low nibble, element j + 16 in its high one; returns the bytes and the values."""
    x = a.astype(np.float32).reshape(-1, 32)
    bits = 5 if kind.startswith("Q5") else 4
    top = (1 << bits) - 1
    with_min = kind.endswith("_1")
    if with_min:
        lo = x.min(axis=1)
        d_bytes, d = _half((x.max(axis=1) - lo) / top)
        m_bytes, m = _half(lo)
        q = np.clip(np.round((x - m[:, None]) / np.where(d > 0, d, 1)[:, None]), 0, top)
        back = q * d[:, None] + m[:, None]
    else:
        offset = 1 << (bits - 1)
        d_bytes, d = _half(np.abs(x).max(axis=1) / (offset - 1))
        q = np.clip(np.round(x / np.where(d > 0, d, 1)[:, None]) + offset, 0, top)
        back = (q - offset) * d[:, None]
    q = q.astype(np.int64)
    parts = [d_bytes] + ([m_bytes] if with_min else [])
    if bits == 5:
        high = ((q >> 4) & 1) << np.arange(32)
        parts.append(high.sum(axis=1).astype("<u4").view(np.uint8).reshape(-1, 4))
    parts.append(((q[:, :16] & 15) | ((q[:, 16:] & 15) << 4)).astype(np.uint8))
    return np.concatenate(parts, axis=1).tobytes(), back.astype(np.float32).reshape(a.shape)


def quantize_q5_k(a):
    """Q5_K blocks (block_q5_K: Q4_K's with 32 bytes of fifth bits before the nibbles: element
    32s + l's in bit s of byte l); the bytes and the values."""
    x, d, dmin, sc, mn, q, packed = _k_blocks(a, 31)
    qh = np.zeros((len(d), 32), dtype=np.int64)
    for s_ in range(8):
        qh |= ((q[:, s_] >> 4) & 1) << s_
    qs = np.zeros((len(d), 128), dtype=np.int64)
    for g in range(4):
        qs[:, 32 * g:32 * g + 32] = (q[:, 2 * g] & 15) | ((q[:, 2 * g + 1] & 15) << 4)
    blocks = np.concatenate([d.astype("<f2").view(np.uint8).reshape(-1, 2),
                             dmin.astype("<f2").view(np.uint8).reshape(-1, 2),
                             packed.astype(np.uint8), qh.astype(np.uint8), qs.astype(np.uint8)], axis=1)
    back = d[:, None, None] * sc[:, :, None] * q - (dmin[:, None] * mn)[:, :, None]
    return blocks.tobytes(), back.astype(np.float32).reshape(a.shape)


# The "MIXED" file: one type for each kind of matrix, so that one forward pass reads them all.
MIXED = {"attn_q": "Q4_0", "attn_k": "Q4_1", "attn_v": "Q5_0", "attn_output": "Q5_1", "ffn_gate": "Q5_K",
         "ffn_up": "Q4_K", "ffn_down": "Q6_K", "token_embd": "Q8_0", "output.weight": "F16"}


def quantize_q6_k(a):
    """Q6_K blocks (block_q6_K: 128 bytes of low four bits, 64 of high two bits, 16 signed 8-bit
    scales of 16 values, d), symmetric; the bytes and the values they hold."""
    x = a.astype(np.float32).reshape(-1, 16, 16)
    scale = np.abs(x).max(axis=2) / 31
    d = (np.abs(scale).max(axis=1) / 127).astype(np.float16).astype(np.float32)
    sc = np.clip(np.round(scale / np.where(d > 0, d, 1)[:, None]), -128, 127).astype(np.int64)
    step = d[:, None] * sc
    q = (np.clip(np.round(x / np.where(step > 0, step, 1)[:, :, None]), -32, 31) + 32).astype(np.int64)
    q = q.reshape(-1, 256)
    ql = np.zeros((len(d), 128), dtype=np.int64)
    qh = np.zeros((len(d), 64), dtype=np.int64)
    for i in range(256):  # element i: half h, quarter k, position l
        h, k, l = i // 128, (i % 128) // 32, i % 32
        at = 64 * h + l + (32 if k % 2 else 0)
        ql[:, at] |= (q[:, i] & 15) << (4 if k >= 2 else 0)
        qh[:, 32 * h + l] |= (q[:, i] >> 4) << (2 * k)
    blocks = np.concatenate([ql.astype(np.uint8), qh.astype(np.uint8), sc.astype(np.int8).view(np.uint8),
                             d.astype("<f2").view(np.uint8).reshape(-1, 2)], axis=1)
    back = np.empty((len(d), 256), dtype=np.float32)
    for i in range(256):
        h, k, l = i // 128, (i % 128) // 32, i % 32
        low = blocks[:, 64 * h + l + (32 if k % 2 else 0)].astype(np.int64)
        low = low >> 4 if k >= 2 else low & 15
        high = (blocks[:, 128 + 32 * h + l].astype(np.int64) >> (2 * k)) & 3
        scale_i = blocks[:, 192 + 8 * h + 2 * k + l // 16].view(np.int8).astype(np.float32)
        back[:, i] = d * scale_i * ((low | (high << 4)) - 32)
    return blocks.tobytes(), back.reshape(a.shape)


def _encode(a, qtype, name=""):
    """A tensor in checkpoint order as stored, and the values read back (float32)."""
    a = np.ascontiguousarray(a, dtype=np.float32)
    if qtype == "Q8_0" and a.ndim == 2 and a.shape[-1] % 32 == 0:
        blob, back = quantize_q8_0(a)
        return "Q8_0", blob, back
    if qtype == "MIXED" and a.ndim == 2:
        kind = next(t for part, t in MIXED.items() if part in name)
        if kind == "F16":
            qtype = "F16"
        elif kind == "Q8_0":
            blob, back = quantize_q8_0(a)
            return kind, blob, back
        else:
            quantize = {"Q4_K": quantize_q4_k, "Q5_K": quantize_q5_k, "Q6_K": quantize_q6_k}.get(kind)
            blob, back = quantize(a) if quantize else quantize_legacy(a, kind)
            return kind, blob, back
    if qtype == "Q4_K_M" and a.ndim == 2 and a.shape[-1] % 256 == 0:
        # llama.cpp's Q4_K_M mix: Q6_K for the value and down projections and the output, Q4_K else.
        six = any(part in name for part in ("attn_v", "ffn_down", "output.weight"))
        blob, back = (quantize_q6_k if six else quantize_q4_k)(a)
        return ("Q6_K" if six else "Q4_K"), blob, back
    if qtype != "F32" and a.ndim == 2:
        h = a.astype("<f2")
        return "F16", h.tobytes(), h.astype(np.float32)
    return "F32", a.tobytes(), a


def permute(w, heads):
    """llama.cpp's converter: within each head, rows (i, i + d/2) become rows (2i, 2i + 1)."""
    return w.reshape(heads, 2, w.shape[0] // heads // 2, *w.shape[1:]).swapaxes(1, 2).reshape(w.shape)


def unpermute(w, heads):
    return w.reshape(heads, w.shape[0] // heads // 2, 2, *w.shape[1:]).swapaxes(1, 2).reshape(w.shape)


def rope_factors(c, hd):
    """The converter's rope_freqs for rope_scaling "llama3": a divisor per inverse frequency."""
    s = c["rope_scaling"]
    base, factor = c.get("rope_theta", 10000.0), s.get("factor", 8.0)
    low, high, old = s.get("low_freq_factor", 1.0), s.get("high_freq_factor", 4.0), \
        s.get("original_max_position_embeddings", 8192)
    out = []
    for i in range(0, hd, 2):
        wavelength = 2 * math.pi * base ** (i / hd)
        if wavelength < old / high:
            out.append(1.0)
        elif wavelength > old / low:
            out.append(factor)
        else:
            smooth = (old / wavelength - low) / (high - low)
            out.append(1 / ((1 - smooth) / factor + smooth))
    return np.array(out, dtype=np.float32)


GGUF_ARCH = {"qwen2": "qwen2", "qwen3": "qwen3", "phi3": "phi3", "gemma2": "gemma2", "gemma3_text": "gemma3"}
# Gemma's four norms a layer under llama.cpp's names.
GEMMA_NORMS = {"input_layernorm": "attn_norm", "post_attention_layernorm": "post_attention_norm",
               "pre_feedforward_layernorm": "ffn_norm", "post_feedforward_layernorm": "post_ffw_norm"}


def _llama_names(c, W):
    arch = GGUF_ARCH.get(c["model_type"], "llama")
    p = "model." if "model.embed_tokens.weight" in W else ""
    H, KV = c["num_attention_heads"], c.get("num_key_value_heads", c["num_attention_heads"])
    names = {p + "embed_tokens.weight": ("token_embd.weight", None), p + "norm.weight": ("output_norm.weight", None),
             "lm_head.weight": ("output.weight", None)}
    parts = {"input_layernorm": "attn_norm", "self_attn.q_proj": "attn_q", "self_attn.k_proj": "attn_k",
             "self_attn.v_proj": "attn_v", "self_attn.o_proj": "attn_output",
             "post_attention_layernorm": "ffn_norm", "mlp.gate_proj": "ffn_gate", "mlp.up_proj": "ffn_up",
             "mlp.down_proj": "ffn_down", "self_attn.q_norm": "attn_q_norm", "self_attn.k_norm": "attn_k_norm",
             "self_attn.qkv_proj": "attn_qkv", "mlp.gate_up_proj": "ffn_up"}
    if arch.startswith("gemma"):
        parts.update(GEMMA_NORMS)
    for i in range(c["num_hidden_layers"]):
        for hf, gg in parts.items():
            for kind in ("weight", "bias"):
                heads = {"attn_q": H, "attn_k": KV}.get(gg) if arch == "llama" else None
                names["%slayers.%d.%s.%s" % (p, i, hf, kind)] = ("blk.%d.%s.%s" % (i, gg, kind), heads)
    return arch, names


def _gpt2_names(c, W):
    p = "transformer." if "transformer.wte.weight" in W else ""
    names = {p + "wte.weight": ("token_embd.weight", None), p + "wpe.weight": ("position_embd.weight", None),
             p + "ln_f.weight": ("output_norm.weight", None), p + "ln_f.bias": ("output_norm.bias", None)}
    parts = {"ln_1": "attn_norm", "attn.c_attn": "attn_qkv", "attn.c_proj": "attn_output", "ln_2": "ffn_norm",
             "mlp.c_fc": "ffn_up", "mlp.c_proj": "ffn_down"}
    for i in range(c["n_layer"]):
        for hf, gg in parts.items():
            for kind in ("weight", "bias"):
                conv = kind == "weight" and not hf.startswith("ln")
                names["%sh.%d.%s.%s" % (p, i, hf, kind)] = ("blk.%d.%s.%s" % (i, gg, kind), "T" if conv else None)
    return "gpt2", names


def gpt2_tokenizer(vocab_json, merges_txt):
    """GPT-2's vocab.json and merges.txt as the converter writes them: tokens by id, the one
    special token as control, the merges, pre-tokenizer "gpt-2", BOS and EOS <|endoftext|>."""
    import json
    with open(vocab_json, encoding="utf-8") as f:
        vocab = json.load(f)
    tokens = [None] * len(vocab)
    for token, i in vocab.items():
        tokens[i] = token
    with open(merges_txt, encoding="utf-8") as f:
        merges = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#version")]
    end = vocab["<|endoftext|>"]
    return {"tokenizer.ggml.model": "gpt2", "tokenizer.ggml.pre": "gpt-2", "tokenizer.ggml.tokens": tokens,
            "tokenizer.ggml.token_type": [3 if i == end else 1 for i in range(len(tokens))],
            "tokenizer.ggml.merges": merges, "tokenizer.ggml.bos_token_id": end,
            "tokenizer.ggml.eos_token_id": end}


def save_gguf(path, c, W, qtype="F32", tokenizer=None):
    """W: {checkpoint name: values}; returns {checkpoint name: float64 values read back}.
    tokenizer: tokenizer.ggml.* keys to add (gpt2_tokenizer())."""
    gpt2 = c["model_type"] == "gpt2"
    arch, names = (_gpt2_names if gpt2 else _llama_names)(c, W)
    meta = {"general.architecture": arch, "general.name": "qkvlab test " + arch}
    if gpt2:
        d = c["n_embd"]
        meta.update({"gpt2.block_count": c["n_layer"], "gpt2.context_length": c["n_positions"],
                     "gpt2.embedding_length": d, "gpt2.feed_forward_length": c.get("n_inner") or 4 * d,
                     "gpt2.attention.head_count": c["n_head"],
                     "gpt2.attention.layer_norm_epsilon": float(c["layer_norm_epsilon"])})
    else:
        d, H = c["hidden_size"], c["num_attention_heads"]
        hd = c.get("head_dim") or d // H
        meta.update({arch + ".block_count": c["num_hidden_layers"],
                     arch + ".context_length": c["max_position_embeddings"], arch + ".embedding_length": d,
                     arch + ".feed_forward_length": c["intermediate_size"], arch + ".attention.head_count": H,
                     arch + ".attention.head_count_kv": c.get("num_key_value_heads", H),
                     arch + ".attention.layer_norm_rms_epsilon": float(c["rms_norm_eps"]),
                     arch + ".rope.freq_base": float(c.get("rope_theta", 10000.0)),
                     arch + ".rope.dimension_count": hd, arch + ".vocab_size": c["vocab_size"]})
        if arch in ("phi3", "gemma2", "gemma3") and c.get("sliding_window"):
            meta[arch + ".attention.sliding_window"] = c["sliding_window"]
        if arch == "gemma2":  # as Gemma2Model's set_gguf_parameters writes them; no rope base
            del meta["gemma2.rope.freq_base"]
            meta["gemma2.attn_logit_softcapping"] = float(c["attn_logit_softcapping"])
            meta["gemma2.final_logit_softcapping"] = float(c["final_logit_softcapping"])
        if arch == "gemma3" and c.get("rope_scaling"):  # linear, for the global layers
            meta["gemma3.rope.scaling.type"] = "linear"
            meta["gemma3.rope.scaling.factor"] = float(c["rope_scaling"]["factor"])
        if "head_dim" in c:
            meta[arch + ".attention.key_length"] = hd
            meta[arch + ".attention.value_length"] = hd
    tensors, back = [], {}
    for name, values in W.items():
        if name.endswith((".attn.bias", ".attn.masked_bias")):
            continue  # GPT-2's causal-mask buffers, which the converter drops
        gg, how = names[name]
        # Gemma's converter stores each norm's 1 + w, so that llama.cpp multiplies as for Llama.
        shift = 1.0 if arch.startswith("gemma") and gg.endswith("norm.weight") else 0.0
        values = values + shift
        stored = values.T if how == "T" else permute(values, how) if how else values
        kind, blob, read = _encode(stored, qtype, gg)
        dims = list(reversed(stored.shape))
        tensors.append((gg, dims, kind, blob))
        read = read.astype(np.float64)
        back[name] = (read.T if how == "T" else unpermute(read, how) if how else read) - shift
    if not gpt2 and (c.get("rope_scaling") or {}).get("rope_type") == "llama3":
        tensors.append(("rope_freqs.weight", [hd // 2], "F32", rope_factors(c, hd).tobytes()))
    if not gpt2 and (c.get("rope_scaling") or {}).get("type") == "longrope":  # as Phi3MiniModel writes it
        s, original = c["rope_scaling"], c["original_max_position_embeddings"]
        scale = c["max_position_embeddings"] / original
        meta[arch + ".rope.scaling.attn_factor"] = math.sqrt(1 + math.log(scale) / math.log(original)) \
            if scale > 1 else 1.0
        meta[arch + ".rope.scaling.original_context_length"] = original
        for which in ("long", "short"):
            factors = np.array(s[which + "_factor"], dtype=np.float32)
            tensors.append(("rope_factors_%s.weight" % which, [len(factors)], "F32", factors.tobytes()))
    meta.update(tokenizer or {})
    _write(path, meta, tensors)
    return back

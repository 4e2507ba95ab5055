#!/usr/bin/python3
"""Tiny random checkpoints in each family's exact Hugging Face layout, and what an independent
numpy forward pass (float64, written from the papers' and HF's definitions, not from the C++)
computes on them. Usage: make_checkpoints.py OUTDIR

Each OUTDIR/NAME/ holds config.json, safetensors (one file, or shards with an index) and
reference.json: the token ids, every layer's attention [layer][head][n][n], the first layer's
query/key/value per head, the top predictions, and the same with one head ablated.
OUTDIR/bad_*/ are broken checkpoints, each with what its refusal must mention in expect.txt.
"""
import json
import math
import os
import sys

import numpy as np

from gguf_checkpoints import gpt2_tokenizer, save_gguf
from reference_forward import forward

TOP_K = 5


def to_bf16(a):
    """float32 → bfloat16 bits (round to nearest even) and the float32 values they stand for."""
    bits = a.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    return rounded, (rounded.astype(np.uint32) << 16).view(np.float32)


def encode(array, dtype):
    """The bytes stored for `array` as `dtype`, and the float32 values a reader gets back."""
    a = np.ascontiguousarray(array, dtype=np.float32)
    if dtype == "F32":
        return a.tobytes(), a
    if dtype == "F16":
        with np.errstate(over="ignore"):  # a value beyond float16 is stored as infinity
            h = a.astype("<f2")
        return h.tobytes(), h.astype(np.float32)
    bits, widened = to_bf16(a)
    return bits.astype("<u2").tobytes(), widened


def write_safetensors(path, tensors, extra=None, align=8):
    """tensors: list of (name, bytes, dtype, shape). Written by hand: 8-byte little-endian
    header length, JSON header (padded with spaces to `align` bytes; 1 leaves the data where
    the header ends, for F32 that cannot be used in place), data."""
    header, offset = {}, 0
    for name, data, dtype, shape in tensors:
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
    header["__metadata__"] = {"format": "pt"}
    if extra:
        header.update(extra)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % align)
    if align == 1 and len(text) % 4 == 0:
        text += b" "
    with open(path, "wb") as f:
        f.write(len(text).to_bytes(8, "little"))
        f.write(text)
        for _, data, _, _ in tensors:
            f.write(data)


def save(folder, config, weights, dtype, shards=1, order=None, align=8, buffers=()):
    """Writes weights {name: float32 array} as `dtype`; returns what a reader widens them to.
    `buffers`: more tensors (name, bytes, dtype, shape) stored as they are, in the first file."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    names = order or list(weights)
    stored, widened = [], {}
    for name in names:
        data, values = encode(weights[name], dtype)
        stored.append((name, data, dtype, weights[name].shape))
        widened[name] = values.reshape(weights[name].shape).astype(np.float64)
    stored[:0] = list(buffers)
    if shards == 1:
        write_safetensors(os.path.join(folder, "model.safetensors"), stored, align=align)
        return widened
    weight_map, per = {}, math.ceil(len(stored) / shards)
    for s in range(shards):
        file = "model-%05d-of-%05d.safetensors" % (s + 1, shards)
        part = stored[s * per:(s + 1) * per]
        write_safetensors(os.path.join(folder, file), part)
        weight_map.update({name: file for name, *_ in part})
    with open(os.path.join(folder, "model.safetensors.index.json"), "w") as f:
        json.dump({"metadata": {"total_size": sum(len(d) for _, d, *_ in stored)}, "weight_map": weight_map}, f)
    return widened


class Random:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def w(self, *shape, scale=0.3):
        return (self.rng.standard_normal(shape) * scale).astype(np.float32)

    def norm(self, n):
        return (1 + self.rng.standard_normal(n) * 0.1).astype(np.float32)


def gpt2_weights(r, c, prefix, old_buffers=False):
    d, inner, p = c["n_embd"], c.get("n_inner") or 4 * c["n_embd"], prefix
    w = {p + "wte.weight": r.w(c["vocab_size"], d), p + "wpe.weight": r.w(c["n_positions"], d, scale=0.1)}
    for i in range(c["n_layer"]):
        h = "%sh.%d." % (p, i)
        w[h + "ln_1.weight"], w[h + "ln_1.bias"] = r.norm(d), r.w(d, scale=0.1)
        w[h + "attn.c_attn.weight"], w[h + "attn.c_attn.bias"] = r.w(d, 3 * d), r.w(3 * d, scale=0.1)
        w[h + "attn.c_proj.weight"], w[h + "attn.c_proj.bias"] = r.w(d, d), r.w(d, scale=0.1)
        w[h + "ln_2.weight"], w[h + "ln_2.bias"] = r.norm(d), r.w(d, scale=0.1)
        w[h + "mlp.c_fc.weight"], w[h + "mlp.c_fc.bias"] = r.w(d, inner), r.w(inner, scale=0.1)
        w[h + "mlp.c_proj.weight"], w[h + "mlp.c_proj.bias"] = r.w(inner, d, scale=0.15), r.w(d, scale=0.1)
        if old_buffers:  # older checkpoints carry the causal mask as a buffer: present, unused
            n = c["n_positions"]
            w[h + "attn.bias"] = np.tril(np.ones((n, n), np.float32)).reshape(1, 1, n, n)
    w[p + "ln_f.weight"], w[p + "ln_f.bias"] = r.norm(d), r.w(d, scale=0.1)
    return w


def bert_weights(r, c, prefix, old_names, head_bias):
    d, inner, p = c["hidden_size"], c["intermediate_size"], prefix

    def ln(name):
        wn, bn = ("gamma", "beta") if old_names else ("weight", "bias")
        return {"%s.%s" % (name, wn): r.norm(d), "%s.%s" % (name, bn): r.w(d, scale=0.1)}

    def lin(name, out, inn):
        return {name + ".weight": r.w(out, inn), name + ".bias": r.w(out, scale=0.1)}

    e = p + "embeddings."
    w = {e + "word_embeddings.weight": r.w(c["vocab_size"], d),
         e + "position_embeddings.weight": r.w(c["max_position_embeddings"], d, scale=0.1),
         e + "token_type_embeddings.weight": r.w(c["type_vocab_size"], d, scale=0.1)}
    w.update(ln(e + "LayerNorm"))
    for i in range(c["num_hidden_layers"]):
        h = "%sencoder.layer.%d." % (p, i)
        for part in ("query", "key", "value"):
            w.update(lin(h + "attention.self." + part, d, d))
        w.update(lin(h + "attention.output.dense", d, d))
        w.update(ln(h + "attention.output.LayerNorm"))
        w.update(lin(h + "intermediate.dense", inner, d))
        w.update(lin(h + "output.dense", d, inner))
        w.update(ln(h + "output.LayerNorm"))
    w.update(lin("cls.predictions.transform.dense", d, d))
    w.update(ln("cls.predictions.transform.LayerNorm"))
    w[head_bias] = r.w(c["vocab_size"], scale=0.1)
    return w


def roberta_weights(r, c):
    """RobertaForMaskedLM: BERT's encoder under roberta., its head lm_head.dense, layer_norm, bias."""
    w = bert_weights(r, c, "roberta.", False, "lm_head.bias")
    d = c["hidden_size"]
    for part in ("dense", "LayerNorm"):
        for kind in ("weight", "bias"):
            w[{"dense": "lm_head.dense.", "LayerNorm": "lm_head.layer_norm."}[part] + kind] = \
                w.pop("cls.predictions.transform.%s.%s" % (part, kind))
    w["lm_head.decoder.weight"] = w["roberta.embeddings.word_embeddings.weight"]  # tied, and written
    assert w["lm_head.dense.weight"].shape == (d, d)
    return w


def distilbert_weights(r, c, prefix):
    d, inner, p = c["dim"], c["hidden_dim"], prefix

    def ln(name):
        return {name + ".weight": r.norm(d), name + ".bias": r.w(d, scale=0.1)}

    def lin(name, out, inn):
        return {name + ".weight": r.w(out, inn), name + ".bias": r.w(out, scale=0.1)}

    w = {p + "embeddings.word_embeddings.weight": r.w(c["vocab_size"], d),
         p + "embeddings.position_embeddings.weight": r.w(c["max_position_embeddings"], d, scale=0.1)}
    w.update(ln(p + "embeddings.LayerNorm"))
    for i in range(c["n_layers"]):
        h = "%stransformer.layer.%d." % (p, i)
        for part in ("q_lin", "k_lin", "v_lin", "out_lin"):
            w.update(lin(h + "attention." + part, d, d))
        w.update(ln(h + "sa_layer_norm"))
        w.update(lin(h + "ffn.lin1", inner, d))
        w.update(lin(h + "ffn.lin2", d, inner))
        w.update(ln(h + "output_layer_norm"))
    w.update(lin("vocab_transform", d, d))
    w.update(ln("vocab_layer_norm"))
    w["vocab_projector.bias"] = r.w(c["vocab_size"], scale=0.1)
    return w


def llama_weights(r, c, prefix, qkv_bias, lm_head, qk_norm=False, fused=False):
    d, inner, p = c["hidden_size"], c["intermediate_size"], prefix
    hd = c.get("head_dim") or d // c["num_attention_heads"]
    q, kv = c["num_attention_heads"] * hd, c["num_key_value_heads"] * hd
    w = {p + "embed_tokens.weight": r.w(c["vocab_size"], d, scale=0.5)}
    for i in range(c["num_hidden_layers"]):
        h = "%slayers.%d." % (p, i)
        w[h + "input_layernorm.weight"] = r.norm(d)
        for name, out in (("q_proj", q), ("k_proj", kv), ("v_proj", kv)):
            w[h + "self_attn.%s.weight" % name] = r.w(out, d)
            if qkv_bias:
                w[h + "self_attn.%s.bias" % name] = r.w(out, scale=0.2)
        w[h + "self_attn.o_proj.weight"] = r.w(d, q)
        if qk_norm:  # Qwen3
            w[h + "self_attn.q_norm.weight"], w[h + "self_attn.k_norm.weight"] = r.norm(hd), r.norm(hd)
        w[h + "post_attention_layernorm.weight"] = r.norm(d)
        w[h + "mlp.gate_proj.weight"], w[h + "mlp.up_proj.weight"] = r.w(inner, d), r.w(inner, d)
        w[h + "mlp.down_proj.weight"] = r.w(d, inner, scale=0.15)
        if fused:  # Phi-3: qkv_proj and gate_up_proj, the separate matrices' rows one after the other
            w[h + "self_attn.qkv_proj.weight"] = np.concatenate(
                [w.pop(h + "self_attn.%s.weight" % n) for n in ("q_proj", "k_proj", "v_proj")])
            w[h + "mlp.gate_up_proj.weight"] = np.concatenate(
                [w.pop(h + "mlp.gate_proj.weight"), w.pop(h + "mlp.up_proj.weight")])
    w[p + "norm.weight"] = r.norm(d)
    if lm_head:
        w["lm_head.weight"] = r.w(c["vocab_size"], d, scale=0.5)
    return w


def gpt_neox_weights(r, c, prefix):
    d, inner, p = c["hidden_size"], c["intermediate_size"], prefix
    w = {p + "embed_in.weight": r.w(c["vocab_size"], d, scale=0.5)}
    for i in range(c["num_hidden_layers"]):
        h = "%slayers.%d." % (p, i)
        for norm in ("input_layernorm", "post_attention_layernorm"):
            w[h + norm + ".weight"], w[h + norm + ".bias"] = r.norm(d), r.w(d, scale=0.1)
        for name, out, inn in (("attention.query_key_value", 3 * d, d), ("attention.dense", d, d),
                               ("mlp.dense_h_to_4h", inner, d), ("mlp.dense_4h_to_h", d, inner)):
            w[h + name + ".weight"], w[h + name + ".bias"] = r.w(out, inn, scale=0.3 if inn == d else 0.15), \
                r.w(out, scale=0.1)
    w[p + "final_layer_norm.weight"], w[p + "final_layer_norm.bias"] = r.norm(d), r.w(d, scale=0.1)
    if not c.get("tie_word_embeddings", False):
        w["embed_out.weight"] = r.w(c["vocab_size"], d, scale=0.5)
    return w


def olmo2_weights(r, c, prefix):
    """Llama's tensors without input_layernorm, with post_feedforward_layernorm and q/k norms
    over the whole projections."""
    w = llama_weights(r, c, prefix, False, True)
    H, KV, hd = c["num_attention_heads"], c["num_key_value_heads"], c["hidden_size"] // c["num_attention_heads"]
    for i in range(c["num_hidden_layers"]):
        h = "%slayers.%d." % (prefix, i)
        del w[h + "input_layernorm.weight"]
        w[h + "post_feedforward_layernorm.weight"] = r.norm(c["hidden_size"])
        w[h + "self_attn.q_norm.weight"], w[h + "self_attn.k_norm.weight"] = r.norm(H * hd), r.norm(KV * hd)
    return w


def gemma_weights(r, c, prefix, qk_norm):
    """Llama's tensors with Gemma's four norms a layer (each stored as w for a scale of 1 + w, so
    near 0) and Gemma 3's per-head q/k norms."""
    tc = c.get("text_config", c)
    w = llama_weights(r, tc, prefix, False, False, qk_norm=qk_norm)
    for i in range(tc["num_hidden_layers"]):
        h = "%slayers.%d." % (prefix, i)
        w[h + "pre_feedforward_layernorm.weight"] = w[h + "post_feedforward_layernorm.weight"] = None
    for name in w:
        if name.endswith("norm.weight"):
            w[name] = r.w(len(w[name]) if w[name] is not None else tc["hidden_size"], scale=0.2)
    return w


def t5_weights(r, c):
    """T5ForConditionalGeneration's tensors: shared, each stack's blocks (no biases), the position
    bias tables in block 0, lm_head when untied."""
    d, inner, ff = c["d_model"], c["num_heads"] * c["d_kv"], c["d_ff"]
    w = {"shared.weight": r.w(c["vocab_size"], d, scale=0.5)}
    w["encoder.embed_tokens.weight"] = w["decoder.embed_tokens.weight"] = w["shared.weight"]  # tied copies, as saved

    def attention(at):
        for name, shape in (("q", (inner, d)), ("k", (inner, d)), ("v", (inner, d)), ("o", (d, inner))):
            w["%s.%s.weight" % (at, name)] = r.w(*shape, scale=0.2)

    def feed_forward(at):
        if c.get("feed_forward_proj") == "gated-gelu":
            w[at + ".wi_0.weight"], w[at + ".wi_1.weight"] = r.w(ff, d), r.w(ff, d)
        else:
            w[at + ".wi.weight"] = r.w(ff, d)
        w[at + ".wo.weight"] = r.w(d, ff, scale=0.15)

    for stack, sublayers in (("encoder", 2), ("decoder", 3)):
        layers = c["num_layers"] if stack == "encoder" else c.get("num_decoder_layers") or c["num_layers"]
        for i in range(layers):
            p = "%s.block.%d.layer." % (stack, i)
            attention(p + "0.SelfAttention")
            if i == 0:
                w[p + "0.SelfAttention.relative_attention_bias.weight"] = r.w(c["relative_attention_num_buckets"],
                                                                             c["num_heads"], scale=1.0)
            if stack == "decoder":
                attention(p + "1.EncDecAttention")
            feed_forward(p + "%d.DenseReluDense" % (sublayers - 1))
            for j in range(sublayers):
                w[p + "%d.layer_norm.weight" % j] = r.norm(d)
        w[stack + ".final_layer_norm.weight"] = r.norm(d)
    if not c.get("tie_word_embeddings", True):
        w["lm_head.weight"] = r.w(c["vocab_size"], d, scale=0.5)
    return w


def gpt_neox_buffers(c, prefix):
    """What Pythia's converted checkpoints also hold: each layer's causal mask (BOOL), masked_bias
    and the rotary inverse frequencies, none of them weights."""
    n, out = c["max_position_embeddings"], []
    hd = c["hidden_size"] // c["num_attention_heads"]
    rot = int(hd * c.get("rotary_pct", 0.25))
    inv = (1.0 / 10000 ** (np.arange(0, rot, 2) / rot)).astype(np.float32)
    for i in range(c["num_hidden_layers"]):
        h = "%slayers.%d.attention." % (prefix, i)
        out.append((h + "bias", np.tril(np.ones((n, n), np.uint8)).tobytes(), "BOOL", (1, 1, n, n)))
        out.append((h + "masked_bias", np.float32(-1e9).tobytes(), "F32", ()))
        out.append((h + "rotary_emb.inv_freq", inv.tobytes(), "F32", (rot // 2,)))
    return out


GPT2 = {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "n_layer": 2, "n_head": 4, "n_embd": 32,
        "n_positions": 16, "n_ctx": 16, "vocab_size": 61, "layer_norm_epsilon": 1e-5,
        "activation_function": "gelu_new", "n_inner": None}
BERT = {"model_type": "bert", "architectures": ["BertForMaskedLM"], "num_hidden_layers": 2,
        "num_attention_heads": 4, "hidden_size": 32, "intermediate_size": 48, "layer_norm_eps": 1e-12,
        "max_position_embeddings": 20, "type_vocab_size": 2, "hidden_act": "gelu", "vocab_size": 53,
        "position_embedding_type": "absolute"}
# RoBERTa: positions from pad_token_id + 1, one token type; the ids hold a padding token.
ROBERTA = dict(BERT, model_type="roberta", architectures=["RobertaForMaskedLM"], max_position_embeddings=12,
               type_vocab_size=1, pad_token_id=1, bos_token_id=0, eos_token_id=2, layer_norm_eps=1e-5)
DISTILBERT = {"model_type": "distilbert", "architectures": ["DistilBertForMaskedLM"], "n_layers": 2, "n_heads": 2,
              "dim": 24, "hidden_dim": 40, "max_position_embeddings": 12, "vocab_size": 47, "activation": "gelu",
              "sinusoidal_pos_embds": False}
LLAMA = {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2,
         "num_attention_heads": 4, "num_key_value_heads": 2, "hidden_size": 32, "intermediate_size": 56,
         "rms_norm_eps": 1e-5, "rope_theta": 10000.0, "max_position_embeddings": 64, "vocab_size": 59,
         "hidden_act": "silu", "tie_word_embeddings": False,
         "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 8.0,
                          "original_max_position_embeddings": 64}}
QWEN2 = dict(LLAMA, model_type="qwen2", architectures=["Qwen2ForCausalLM"], num_key_value_heads=1,
             rope_theta=1000000.0, rope_scaling=None, tie_word_embeddings=True, use_sliding_window=False,
             sliding_window=32, num_hidden_layers=3)
MISTRAL = dict(LLAMA, model_type="mistral", architectures=["MistralForCausalLM"], num_key_value_heads=4,
               head_dim=16, rope_theta=100.0, sliding_window=None, rms_norm_eps=1e-6)
# Qwen3: q/k norms, no biases, head_dim apart from hidden / heads.
QWEN3 = dict(LLAMA, model_type="qwen3", architectures=["Qwen3ForCausalLM"], num_key_value_heads=2, head_dim=16,
             rope_theta=1000000.0, rope_scaling=None, tie_word_embeddings=True, attention_bias=False,
             use_sliding_window=False, sliding_window=None)
# Phi-3 (mini-4k's form): fused projections, a sliding window, no rope scaling.
PHI3 = dict(LLAMA, model_type="phi3", architectures=["Phi3ForCausalLM"], num_key_value_heads=2, rope_scaling=None,
            sliding_window=47, original_max_position_embeddings=64)
# Pythia's config.json (the older key names), and a newer one's, sequential, its MLP after attention.
GPT_NEOX = {"model_type": "gpt_neox", "architectures": ["GPTNeoXForCausalLM"], "num_hidden_layers": 2,
            "num_attention_heads": 4, "hidden_size": 64, "intermediate_size": 96, "layer_norm_eps": 1e-5,
            "max_position_embeddings": 24, "vocab_size": 67, "hidden_act": "gelu", "rotary_pct": 0.25,
            "rotary_emb_base": 10000, "use_parallel_residual": True, "tie_word_embeddings": False,
            "bos_token_id": 0, "eos_token_id": 0, "torch_dtype": "float16", "use_cache": True}
GPT_NEOX_SEQUENTIAL = dict(GPT_NEOX, num_attention_heads=2, num_hidden_layers=3, use_parallel_residual=False,
                           rope_theta=1000.0, partial_rotary_factor=0.5, hidden_act="gelu_new", attention_bias=True)
del GPT_NEOX_SEQUENTIAL["rotary_pct"]
del GPT_NEOX_SEQUENTIAL["rotary_emb_base"]
# Phi-3.5's form: longrope, its factors by position pair, a pretrained length of 8 (so that 11 tokens
# take the long factors and 7 the short), the attention factor from the ratio of lengths.
PHI3_LONGROPE = dict(PHI3, max_position_embeddings=64, original_max_position_embeddings=8, sliding_window=64,
                     rope_scaling={"type": "longrope", "short_factor": [1.0, 1.3, 2.0, 3.1],
                                   "long_factor": [1.0, 2.4, 6.1, 13.0]})
# Phi-4-mini's form: rotary positions on part of each head.
PHI3_PARTIAL = dict(PHI3, partial_rotary_factor=0.75, num_attention_heads=2, num_key_value_heads=1)
OLMO2 = {"model_type": "olmo2", "architectures": ["Olmo2ForCausalLM"], "num_hidden_layers": 2,
         "num_attention_heads": 4, "num_key_value_heads": 2, "hidden_size": 32, "intermediate_size": 56,
         "rms_norm_eps": 1e-6, "rope_theta": 500000.0, "max_position_embeddings": 64, "vocab_size": 59,
         "hidden_act": "silu", "tie_word_embeddings": False, "attention_bias": False, "rope_scaling": None}
# Gemma 2: three layers (sliding, global, sliding) with a window of 4 under 11 tokens, caps small
# enough to bite (query_pre_attn_scalar apart from head_dim: the Gemma 3 with vision below).
GEMMA2 = {"model_type": "gemma2", "architectures": ["Gemma2ForCausalLM"], "num_hidden_layers": 3,
          "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16, "hidden_size": 32,
          "intermediate_size": 48, "vocab_size": 61, "max_position_embeddings": 64, "rms_norm_eps": 1e-6,
          "rope_theta": 10000.0, "query_pre_attn_scalar": 16, "sliding_window": 4, "attn_logit_softcapping": 2.0,
          "final_logit_softcapping": 3.0, "hidden_activation": "gelu_pytorch_tanh", "hidden_act": "gelu_pytorch_tanh",
          "tie_word_embeddings": True, "attention_bias": False, "cache_implementation": "hybrid"}
# Gemma 3 (text): layer_types, q/k norms, a local rope base beside a linearly scaled global one.
GEMMA3_TEXT = {"model_type": "gemma3_text", "architectures": ["Gemma3ForCausalLM"], "num_hidden_layers": 4,
               "layer_types": ["sliding_attention", "sliding_attention", "full_attention", "sliding_attention"],
               "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 8, "hidden_size": 24,
               "intermediate_size": 40, "vocab_size": 53, "max_position_embeddings": 64, "rms_norm_eps": 1e-6,
               "rope_theta": 1000000.0, "rope_local_base_freq": 10000.0, "query_pre_attn_scalar": 8,
               "sliding_window": 3, "rope_scaling": {"rope_type": "linear", "factor": 8.0},
               "attn_logit_softcapping": None, "final_logit_softcapping": None, "hidden_activation": "gelu_pytorch_tanh",
               "tie_word_embeddings": True}
# A Gemma 3 with vision: the language model's config in text_config, written as Hugging Face writes
# it (only what differs from Gemma3TextConfig's defaults), its weights under language_model.model.
GEMMA3_VISION = {"model_type": "gemma3", "architectures": ["Gemma3ForConditionalGeneration"], "mm_tokens_per_image": 4,
                 "text_config": {"model_type": "gemma3_text", "hidden_size": 32, "intermediate_size": 48,
                                 "num_hidden_layers": 3, "num_attention_heads": 2, "num_key_value_heads": 1,
                                 "head_dim": 16, "vocab_size": 57, "sliding_window": 5, "sliding_window_pattern": 3},
                 "vision_config": {"model_type": "siglip_vision_model", "hidden_size": 8, "patch_size": 4}}
# T5 (v1.0: relu, tied and scaled) and Flan-T5's form (gated GELU, untied, more decoder layers), with
# few buckets so that 11 tokens reach the logarithmic ones.
T5 = {"model_type": "t5", "architectures": ["T5ForConditionalGeneration"], "d_model": 32, "d_kv": 8, "d_ff": 48,
      "num_layers": 2, "num_heads": 4, "relative_attention_num_buckets": 8, "relative_attention_max_distance": 20,
      "vocab_size": 63, "layer_norm_epsilon": 1e-6, "feed_forward_proj": "relu", "decoder_start_token_id": 0,
      "pad_token_id": 0, "eos_token_id": 1, "is_encoder_decoder": True, "tie_word_embeddings": True}
FLAN_T5 = dict(T5, d_kv=16, num_heads=3, num_decoder_layers=3, feed_forward_proj="gated-gelu",
               tie_word_embeddings=False, relative_attention_num_buckets=12, relative_attention_max_distance=40)
del MISTRAL["rope_scaling"]
del MISTRAL["tie_word_embeddings"]  # not stated: tied because lm_head is absent


def model_variants():
    """(folder, config, weights seed builder, dtype, shards, options for the reference)."""
    r = Random(1234)
    v = []
    v.append(("gpt2", GPT2, gpt2_weights(r, GPT2, "transformer.", old_buffers=True), "F32", 1, {}))
    g3 = dict(GPT2, n_layer=3, n_inner=40)
    v.append(("gpt2_f16_shards", g3, gpt2_weights(r, g3, ""), "F16", 2, {}))
    v.append(("gpt2_f32_unaligned", GPT2, gpt2_weights(r, GPT2, ""), "F32", 1, {"align": 1}))
    v.append(("bert", BERT, bert_weights(r, BERT, "bert.", True, "cls.predictions.bias"), "F32", 1,
              {"mask": [2, 5]}))
    b2 = dict(BERT, num_attention_heads=2)
    v.append(("bert_bf16_bare", b2, bert_weights(r, b2, "", False, "cls.predictions.decoder.bias"), "BF16", 1,
              {"mask": [0, 4, 6]}))
    v.append(("distilbert", DISTILBERT, distilbert_weights(r, DISTILBERT, "distilbert."), "F32", 1, {"mask": [3]}))
    v.append(("llama_gqa_bf16", LLAMA, llama_weights(r, LLAMA, "model.", False, True), "BF16", 2, {}))
    v.append(("qwen2_bias_tied", QWEN2, llama_weights(r, QWEN2, "model.", True, False), "F32", 1, {}))
    v.append(("mistral_f16_bare", MISTRAL, llama_weights(r, MISTRAL, "", False, False), "F16", 1, {}))
    # Rows of 256 and 512: whole blocks of the K-quants, for its Q4_K_M GGUF file.
    kq = dict(LLAMA, hidden_size=256, intermediate_size=512, num_attention_heads=4, num_key_value_heads=2,
              num_hidden_layers=2)
    v.append(("llama_kquants", kq, llama_weights(r, kq, "model.", False, True), "F32", 1, {}))
    # Long and wide enough that the C++ splits matrix products and heads over two threads.
    long = dict(QWEN2, hidden_size=128, intermediate_size=512, num_key_value_heads=2, num_hidden_layers=2,
                max_position_embeddings=512, sliding_window=4096)
    v.append(("qwen2_long", long, llama_weights(r, long, "model.", True, False), "F32", 1, {"tokens": 260}))
    v.append(("qwen3_qk_norm", QWEN3, llama_weights(r, QWEN3, "model.", False, False, qk_norm=True), "BF16", 1, {}))
    v.append(("phi3_fused", PHI3, llama_weights(r, PHI3, "model.", False, True, fused=True), "F16", 1, {}))
    for name, tokens in (("phi3_longrope_short", 7), ("phi3_longrope_long", 11)):
        v.append((name, PHI3_LONGROPE, llama_weights(r, PHI3_LONGROPE, "model.", False, True, fused=True), "F32", 1,
                  {"tokens": tokens}))
    v.append(("phi3_partial_rotary", PHI3_PARTIAL,
              llama_weights(r, PHI3_PARTIAL, "model.", False, True, fused=True), "F32", 1, {}))
    v.append(("gpt_neox", GPT_NEOX, gpt_neox_weights(r, GPT_NEOX, "gpt_neox."), "F32", 1,
              {"buffers": gpt_neox_buffers(GPT_NEOX, "gpt_neox.")}))
    v.append(("gpt_neox_sequential_bf16", GPT_NEOX_SEQUENTIAL, gpt_neox_weights(r, GPT_NEOX_SEQUENTIAL, ""), "BF16",
              2, {}))
    v.append(("roberta", ROBERTA, roberta_weights(r, ROBERTA), "F32", 1,
              {"mask": [3, 7], "ids": [0, 17, 1, 4, 22, 1, 9, 2]}))
    v.append(("t5", T5, t5_weights(r, T5), "F32", 1, {"tokens": 11, "target": [5, 9, 2, 30]}))
    v.append(("flan_t5_bf16", FLAN_T5, t5_weights(r, FLAN_T5), "BF16", 2, {"tokens": 9, "target": [7, 1, 44]}))
    v.append(("olmo2", OLMO2, olmo2_weights(r, OLMO2, "model."), "F32", 1, {}))
    v.append(("gemma2_window_caps", GEMMA2, gemma_weights(r, GEMMA2, "model.", False), "F32", 1, {"tokens": 11}))
    v.append(("gemma3_text_bf16", GEMMA3_TEXT, gemma_weights(r, GEMMA3_TEXT, "model.", True), "BF16", 2,
              {"tokens": 9}))
    vision = gemma_weights(r, GEMMA3_VISION, "language_model.model.", True)
    vision["vision_tower.vision_model.embeddings.patch_embedding.weight"] = r.w(8, 3, 4, 4)
    vision["multi_modal_projector.mm_input_projection_weight"] = r.w(8, 32)
    v.append(("gemma3_vision_f16", GEMMA3_VISION, vision, "F16", 1, {"tokens": 8}))
    return v


def reference_json(family_config, weights, ids, options):
    target = options.get("target", ())
    out = forward(family_config, weights, ids, options.get("mask"), TOP_K, target=target)
    layer, head = family_config_layers(family_config) - 1, 1
    ablated = forward(family_config, weights, ids, options.get("mask"), TOP_K, ablate=(layer, head), target=target)
    out["ablated"] = {"layer": layer, "head": head, "attention": ablated["attention"],
                      "predictions": ablated["predictions"]}
    for key in ("decoder_attention", "cross_attention"):  # T5: an encoder head moves the decoder's
        if key in ablated:
            out["ablated"][key] = ablated[key]
    return out


def rounded(x):
    """Nine significant digits are plenty for a 1e-4 comparison and keep the long case small."""
    if isinstance(x, float):
        return float("%.9g" % x)
    if isinstance(x, list):
        return [rounded(v) for v in x]
    if isinstance(x, dict):
        return {k: rounded(v) for k, v in x.items()}
    return x


def family_config_layers(c):
    c = c.get("text_config", c)
    return c.get("n_layer") or c.get("num_hidden_layers") or c.get("n_layers") or c.get("num_layers")


# The same models as llama.cpp's converter writes them (gguf_checkpoints.py): NAME_gguf/model.gguf
# in F32 (the safetensors model's numbers exactly), NAME_q8_0_gguf quantized, each with its
# reference.json (for a quantized file, of the values its blocks hold).
GGUF_VARIANTS = {"gpt2": ["F32"], "llama_gqa_bf16": ["F32", "Q8_0"], "qwen2_bias_tied": ["F32"], "qwen3_qk_norm": ["F32"], "phi3_fused": ["F32"], "gemma3_text_bf16": ["F32"], "phi3_longrope_long": ["F32"],
                 "phi3_longrope_short": ["F32"],
                 "mistral_f16_bare": ["F32"], "gemma2_window_caps": ["F32"], "llama_kquants": ["Q4_K_M", "MIXED"]}


def write_models(out):
    rng = np.random.default_rng(99)
    for name, config, weights, dtype, shards, options in model_variants():
        folder = os.path.join(out, name)
        widened = save(folder, config, weights, dtype, shards, align=options.get("align", 8),
                       buffers=options.get("buffers", ()))
        vocab = config.get("text_config", config)["vocab_size"]
        ids = [int(i) for i in rng.integers(0, vocab, size=options.get("tokens", 7))]
        ids = options.get("ids", ids)
        reference = rounded(reference_json(config, widened, ids, options))
        with open(os.path.join(folder, "reference.json"), "w") as f:
            json.dump(reference, f)
        for qtype in GGUF_VARIANTS.get(name, []):
            gguf = os.path.join(out, name + ("_gguf" if qtype == "F32" else "_%s_gguf" % qtype.lower()))
            os.makedirs(gguf, exist_ok=True)
            back = save_gguf(os.path.join(gguf, "model.gguf"), config, widened, qtype)
            # llama.cpp slides Gemma 3's layers by its fixed pattern (every sixth global): a file
            # holds no layer_types.
            meant = {k: v for k, v in config.items() if k != "layer_types"} if config["model_type"] == "gemma3_text" \
                else config
            with open(os.path.join(gguf, "reference.json"), "w") as f:
                json.dump(reference if qtype == "F32" and meant is config
                          else rounded(reference_json(meant, back, ids, options)), f)


def write_gpt2_vocab(out):
    """A GPT-2 with GPT-2's real vocabulary twice: a folder (safetensors, vocab.json, merges.txt)
    and a GGUF file holding the same weights and that tokenizer, for a whole run of each."""
    data = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "tokenizers", "gpt2")
    config = dict(GPT2, vocab_size=50257, n_positions=32, n_ctx=32)
    weights = gpt2_weights(Random(5), config, "")
    folder = os.path.join(out, "gpt2_vocab")
    widened = save(folder, config, weights, "F16")
    for name in ("vocab.json", "merges.txt"):
        with open(os.path.join(data, name), "rb") as src, open(os.path.join(folder, name), "wb") as dst:
            dst.write(src.read())
    os.makedirs(folder + "_gguf", exist_ok=True)
    save_gguf(os.path.join(folder + "_gguf", "model.gguf"), config, widened, "F32",
              gpt2_tokenizer(os.path.join(data, "vocab.json"), os.path.join(data, "merges.txt")))


def write_t5_vocab(out):
    """A T5 with the Unigram tokenizer of tests/data/tokenizers/unigram-t5 (tokenizer.json and
    spiece.model), to run in the window and on the command line with sentences typed."""
    data = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "tokenizers", "unigram-t5")
    folder = os.path.join(out, "t5_vocab")
    config = dict(T5, vocab_size=600)
    save(folder, config, t5_weights(Random(6), config), "F32")
    for name in ("tokenizer.json", "spiece.model"):
        with open(os.path.join(data, name), "rb") as src, open(os.path.join(folder, name), "wb") as dst:
            dst.write(src.read())


def main():
    out = sys.argv[1]
    write_models(out)
    write_gpt2_vocab(out)
    write_t5_vocab(out)
    import bad_checkpoints
    bad_checkpoints.write(out, Random(7), gpt2_weights, GPT2, save, write_safetensors, llama_weights, LLAMA)


if __name__ == "__main__":
    main()

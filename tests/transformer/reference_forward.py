"""An independent forward pass in float64 numpy for the checkpoints of make_checkpoints.py,
written from the Hugging Face model code's definitions (GPT2LMHeadModel, BertForMaskedLM,
DistilBertForMaskedLM, LlamaForCausalLM / Mistral / Qwen2 / Qwen3 / Phi-3, GPTNeoXForCausalLM), not from the C++.

forward(config, weights, ids, mask, top_k, ablate=(layer, head)) returns
{"ids", "attention": [L][H][n][n], "query"/"key"/"value": [L][H][n][hd],
 "predictions": [{"position", "ids", "probabilities"}]}."""
import math
from functools import partial

import numpy as np


def layer_norm(x, w, b, eps):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)  # biased, as torch.nn.LayerNorm
    return (x - mean) / np.sqrt(var + eps) * w + b


def rms_norm(x, w, eps):
    return x / np.sqrt((x * x).mean(-1, keepdims=True) + eps) * w


def gelu_tanh(t):
    return 0.5 * t * (1 + np.tanh(math.sqrt(2 / math.pi) * (t + 0.044715 * t ** 3)))


def gelu_erf(t):
    return 0.5 * t * (1 + np.vectorize(math.erf)(t / math.sqrt(2)))


def silu(t):
    return t / (1 + np.exp(-t))


def softmax(s):
    e = np.exp(s - s.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def attend(q, k, v, causal, ablate_head=None, scale=None, softcap=None, window=None):
    """q: [H, n, hd], k and v: [H, n, hd] (already one per query head). scale: of q·k (1/√hd);
    softcap: scores → cap·tanh(scores/cap); window: query i sees keys i − window < j ≤ i."""
    n, hd = q.shape[1], q.shape[2]
    s = q @ k.transpose(0, 2, 1) * (scale if scale else 1 / math.sqrt(hd))
    if softcap:
        s = softcap * np.tanh(s / softcap)
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    if causal:
        s = np.where(j <= i, s, -np.inf)
    if window:
        s = np.where(j > i - window, s, -np.inf)
    a = softmax(s)
    o = a @ v
    if ablate_head is not None:
        o[ablate_head] = 0
    return a, o.transpose(1, 0, 2).reshape(n, -1)


def linear(W, name, x):
    """A Linear layer [out, in], with its bias where the checkpoint has one."""
    y = x @ W[name + ".weight"].T
    return y + W[name + ".bias"] if name + ".bias" in W else y


def split(x, heads):
    n = x.shape[0]
    return x.reshape(n, heads, -1).transpose(1, 0, 2)


def prefixed(weights, prefix, probe):
    return prefix if prefix + probe in weights else ""


def predictions(logits, positions, top_k):
    out = []
    for row, p in zip(logits, positions):
        probs = softmax(row)
        order = np.argsort(-probs, kind="stable")[:top_k]
        out.append({"position": int(p), "ids": [int(i) for i in order],
                    "probabilities": [float(probs[i]) for i in order]})
    return out


def gpt2(c, W, ids, ablate):
    p = prefixed(W, "transformer.", "wte.weight")
    H, n, eps = c["n_head"], len(ids), c["layer_norm_epsilon"]
    x = W[p + "wte.weight"][ids] + W[p + "wpe.weight"][:n]
    rec = []
    for L in range(c["n_layer"]):
        h = "%sh.%d." % (p, L)
        a = layer_norm(x, W[h + "ln_1.weight"], W[h + "ln_1.bias"], eps)
        qkv = a @ W[h + "attn.c_attn.weight"] + W[h + "attn.c_attn.bias"]  # Conv1D: [in, out]
        q, k, v = (split(t, H) for t in np.split(qkv, 3, axis=1))
        att, o = attend(q, k, v, True, ablate[1] if ablate and ablate[0] == L else None)
        rec.append((att, q, k, v))
        x = x + o @ W[h + "attn.c_proj.weight"] + W[h + "attn.c_proj.bias"]
        m = layer_norm(x, W[h + "ln_2.weight"], W[h + "ln_2.bias"], eps)
        x = x + gelu_tanh(m @ W[h + "mlp.c_fc.weight"] + W[h + "mlp.c_fc.bias"]) @ W[h + "mlp.c_proj.weight"] \
            + W[h + "mlp.c_proj.bias"]
    last = layer_norm(x[-1:], W[p + "ln_f.weight"], W[p + "ln_f.bias"], eps)
    return rec, last @ W[p + "wte.weight"].T, [n - 1]


def bert_like(c, W, ids, mask, ablate, distil):
    if distil:
        p = prefixed(W, "distilbert.", "embeddings.word_embeddings.weight")
        H, layers, eps, act = c["n_heads"], c["n_layers"], 1e-12, gelu_erf
        names = dict(layer="transformer.layer.%d.", q="attention.q_lin", k="attention.k_lin", v="attention.v_lin",
                     o="attention.out_lin", ln1="sa_layer_norm", i="ffn.lin1", o2="ffn.lin2",
                     ln2="output_layer_norm")
    else:
        p = prefixed(W, "roberta." if c["model_type"] in ("roberta", "xlm-roberta") else "bert.",
                     "embeddings.word_embeddings.weight")
        H, layers, eps, act = c["num_attention_heads"], c["num_hidden_layers"], c["layer_norm_eps"], gelu_erf
        names = dict(layer="encoder.layer.%d.", q="attention.self.query", k="attention.self.key",
                     v="attention.self.value", o="attention.output.dense", ln1="attention.output.LayerNorm",
                     i="intermediate.dense", o2="output.dense", ln2="output.LayerNorm")

    def lin(name, x):
        return x @ W[name + ".weight"].T + W[name + ".bias"]  # Linear: [out, in]

    def ln(name, x):
        old = name + ".gamma" in W
        return layer_norm(x, W[name + (".gamma" if old else ".weight")], W[name + (".beta" if old else ".bias")], eps)

    n = len(ids)
    positions = np.arange(n)
    if c["model_type"] in ("roberta", "xlm-roberta"):  # create_position_ids_from_input_ids
        pad = c.get("pad_token_id", 1)
        real = np.array(ids) != pad
        positions = np.cumsum(real) * real + pad
    x = W[p + "embeddings.word_embeddings.weight"][ids] + W[p + "embeddings.position_embeddings.weight"][positions]
    if not distil:
        x = x + W[p + "embeddings.token_type_embeddings.weight"][0]
    x = ln(p + "embeddings.LayerNorm", x)
    rec = []
    for L in range(layers):
        h = p + names["layer"] % L
        q, k, v = (split(lin(h + names[t], x), H) for t in "qkv")
        att, o = attend(q, k, v, False, ablate[1] if ablate and ablate[0] == L else None)
        rec.append((att, q, k, v))
        x = ln(h + names["ln1"], x + lin(h + names["o"], o))
        x = ln(h + names["ln2"], x + lin(h + names["o2"], act(lin(h + names["i"], x))))
    t = x[mask]
    if distil:
        t = ln("vocab_layer_norm", act(lin("vocab_transform", t)))
        bias = W["vocab_projector.bias"]
    elif p == "roberta.":
        t = ln("lm_head.layer_norm", act(lin("lm_head.dense", t)))
        bias = W["lm_head.bias"]
    else:
        t = ln("cls.predictions.transform.LayerNorm", act(lin("cls.predictions.transform.dense", t)))
        bias = W["cls.predictions.bias"] if "cls.predictions.bias" in W else W["cls.predictions.decoder.bias"]
    return rec, t @ W[p + "embeddings.word_embeddings.weight"].T + bias, mask


def longrope(c, hd, n):
    """Phi-3's longrope (_compute_longrope_parameters): the inverse frequencies for n tokens (the
    short factors up to the pretrained length, the long ones beyond) and the factor on cos/sin."""
    s = c["rope_scaling"]
    original = s.get("original_max_position_embeddings", c.get("original_max_position_embeddings",
                                                                c["max_position_embeddings"]))
    factors = np.array(s["long_factor"] if n > original else s["short_factor"])
    inv = 1.0 / (factors * c.get("rope_theta", 10000.0) ** (np.arange(0, hd, 2) / hd))
    scale = c["max_position_embeddings"] / original
    attention = s.get("attention_factor") or (1.0 if scale <= 1 else math.sqrt(1 + math.log(scale) / math.log(original)))
    return inv, attention


def inverse_frequencies(c, hd):
    theta = c.get("rope_theta", 10000.0)
    inv = 1.0 / theta ** (np.arange(0, hd, 2) / hd)
    s = c.get("rope_scaling")
    if not s:
        return inv
    if s.get("rope_type", s.get("type")) == "linear":
        return inv / s["factor"]
    f, lo, hi, old = s["factor"], s["low_freq_factor"], s["high_freq_factor"], s["original_max_position_embeddings"]
    out = []
    for x in inv:
        wavelength = 2 * math.pi / x
        if wavelength < old / hi:
            out.append(x)
        elif wavelength > old / lo:
            out.append(x / f)
        else:
            smooth = (old / wavelength - lo) / (hi - lo)
            out.append((1 - smooth) * x / f + smooth * x)
    return np.array(out)


def rotate(x, inv, scale=1.0):
    """x: [heads, n, hd]; over the first 2·len(inv) columns, the pair (i, i + len(inv)) as one
    complex number turned by p·inv_freq[i] (and scaled: longrope); the columns after those as they are."""
    half = len(inv)
    z = (x[:, :, :half] + 1j * x[:, :, half:2 * half]) * np.exp(1j * np.outer(np.arange(x.shape[1]), inv)) * scale
    return np.concatenate([z.real, z.imag, x[:, :, 2 * half:]], axis=2)


ACTIVATIONS = {"gelu": gelu_erf, "gelu_new": gelu_tanh, "gelu_pytorch_tanh": gelu_tanh, "relu": lambda t: np.maximum(t, 0),
               "silu": silu}


def llama(c, W, ids, ablate):
    p = prefixed(W, "model.", "embed_tokens.weight")
    H, KV, d, eps = c["num_attention_heads"], c["num_key_value_heads"], c["hidden_size"], c["rms_norm_eps"]
    hd = c.get("head_dim") or d // H
    rotated = int(hd * c.get("partial_rotary_factor", 1.0))
    scale = 1.0
    if (c.get("rope_scaling") or {}).get("type", (c.get("rope_scaling") or {}).get("rope_type")) == "longrope":
        inv, scale = longrope(c, rotated, len(ids))
    else:
        inv = inverse_frequencies(c, rotated)

    lin = partial(linear, W)

    x = W[p + "embed_tokens.weight"][ids]
    rec = []
    for L in range(c["num_hidden_layers"]):
        h = "%slayers.%d." % (p, L)
        a = rms_norm(x, W[h + "input_layernorm.weight"], eps)
        if h + "self_attn.qkv_proj.weight" in W:  # Phi-3: query, key and value rows fused
            qkv = lin(h + "self_attn.qkv_proj", a)
            q, k, v = np.split(qkv, [H * hd, (H + KV) * hd], axis=-1)
        else:
            q, k, v = lin(h + "self_attn.q_proj", a), lin(h + "self_attn.k_proj", a), lin(h + "self_attn.v_proj", a)
        q, k = split(q, H), split(k, KV)
        if h + "self_attn.q_norm.weight" in W:  # Qwen3: each head's q and k RMS-normalized, then rotated
            q = rms_norm(q, W[h + "self_attn.q_norm.weight"], eps)
            k = rms_norm(k, W[h + "self_attn.k_norm.weight"], eps)
        q, k = rotate(q, inv, scale), rotate(k, inv, scale)
        v = split(v, KV)
        group = H // KV  # repeat_kv: query head h reads key-value head h // group
        k, v = np.repeat(k, group, axis=0), np.repeat(v, group, axis=0)
        att, o = attend(q, k, v, True, ablate[1] if ablate and ablate[0] == L else None)
        rec.append((att, q, k, v))
        x = x + lin(h + "self_attn.o_proj", o)
        m = rms_norm(x, W[h + "post_attention_layernorm.weight"], eps)
        if h + "mlp.gate_up_proj.weight" in W:  # Phi-3: gate and up fused, gate first
            gate, up = np.split(lin(h + "mlp.gate_up_proj", m), 2, axis=-1)
        else:
            gate, up = lin(h + "mlp.gate_proj", m), lin(h + "mlp.up_proj", m)
        x = x + lin(h + "mlp.down_proj", silu(gate) * up)
    last = rms_norm(x[-1:], W[p + "norm.weight"], eps)
    tied = c.get("tie_word_embeddings", "lm_head.weight" not in W)
    out = W[p + "embed_tokens.weight"] if tied else W["lm_head.weight"]
    return rec, last @ out.T, [len(ids) - 1]


def gpt_neox(c, W, ids, ablate):
    """GPTNeoXForCausalLM: per head [q k v] in query_key_value's rows, rotary on the first
    rotary_pct of each head, the MLP beside attention (parallel residual) or after it."""
    p = prefixed(W, "gpt_neox.", "embed_in.weight")
    H, d, eps, n = c["num_attention_heads"], c["hidden_size"], c.get("layer_norm_eps", 1e-5), len(ids)
    hd = d // H
    rot = int(hd * c.get("partial_rotary_factor", c.get("rotary_pct", 0.25)))
    base = c.get("rope_theta", c.get("rotary_emb_base", 10000))
    inv = 1.0 / base ** (np.arange(0, rot, 2) / rot)
    act = ACTIVATIONS[c.get("hidden_act", "gelu")]

    lin = partial(linear, W)

    def ln(name, x):
        return layer_norm(x, W[name + ".weight"], W[name + ".bias"], eps)

    x = W[p + "embed_in.weight"][ids]
    rec = []
    for L in range(c["num_hidden_layers"]):
        h = "%slayers.%d." % (p, L)
        qkv = lin(h + "attention.query_key_value", ln(h + "input_layernorm", x)).reshape(n, H, 3 * hd)
        qkv = qkv.transpose(1, 0, 2)
        q, k, v = qkv[:, :, :hd], qkv[:, :, hd:2 * hd], qkv[:, :, 2 * hd:]
        q, k = rotate(q, inv), rotate(k, inv)
        att, o = attend(q, k, v, True, ablate[1] if ablate and ablate[0] == L else None)
        rec.append((att, q, k, v))
        attended = lin(h + "attention.dense", o)

        def mlp(t):
            return lin(h + "mlp.dense_4h_to_h", act(lin(h + "mlp.dense_h_to_4h", t)))
        if c.get("use_parallel_residual", True):
            x = x + attended + mlp(ln(h + "post_attention_layernorm", x))
        else:
            x = x + attended
            x = x + mlp(ln(h + "post_attention_layernorm", x))
    last = ln(p + "final_layer_norm", x[-1:])
    out = W[p + "embed_in.weight"] if c.get("tie_word_embeddings", False) else W["embed_out.weight"]
    return rec, last @ out.T, [n - 1]


def olmo2(c, W, ids, ablate):
    """Olmo2ForCausalLM: no norm before the sublayers; RMSNorm of each sublayer's output before it
    joins the stream (post_attention_layernorm, post_feedforward_layernorm), and of the whole query
    and key projections (q_norm, k_norm) before rotary positions."""
    p = prefixed(W, "model.", "embed_tokens.weight")
    H, KV, d, eps = c["num_attention_heads"], c["num_key_value_heads"], c["hidden_size"], c["rms_norm_eps"]
    hd = d // H
    inv = inverse_frequencies(c, hd)

    lin = partial(linear, W)

    x = W[p + "embed_tokens.weight"][ids]
    rec = []
    for L in range(c["num_hidden_layers"]):
        h = "%slayers.%d." % (p, L)
        q = rms_norm(lin(h + "self_attn.q_proj", x), W[h + "self_attn.q_norm.weight"], eps)
        k = rms_norm(lin(h + "self_attn.k_proj", x), W[h + "self_attn.k_norm.weight"], eps)
        q, k, v = rotate(split(q, H), inv), rotate(split(k, KV), inv), split(lin(h + "self_attn.v_proj", x), KV)
        k, v = np.repeat(k, H // KV, axis=0), np.repeat(v, H // KV, axis=0)
        att, o = attend(q, k, v, True, ablate[1] if ablate and ablate[0] == L else None)
        rec.append((att, q, k, v))
        x = x + rms_norm(lin(h + "self_attn.o_proj", o), W[h + "post_attention_layernorm.weight"], eps)
        f = lin(h + "mlp.down_proj", silu(lin(h + "mlp.gate_proj", x)) * lin(h + "mlp.up_proj", x))
        x = x + rms_norm(f, W[h + "post_feedforward_layernorm.weight"], eps)
    last = rms_norm(x[-1:], W[p + "norm.weight"], eps)
    return rec, last @ W["lm_head.weight"].T, [len(ids) - 1]


# What Gemma2Config and Gemma3TextConfig assume for a key left out.
GEMMA_DEFAULTS = {"head_dim": 256, "rms_norm_eps": 1e-6, "query_pre_attn_scalar": 256, "sliding_window": 4096,
                  "hidden_activation": "gelu_pytorch_tanh", "tie_word_embeddings": True}
GEMMA2_DEFAULTS = dict(GEMMA_DEFAULTS, rope_theta=10000.0, attn_logit_softcapping=50.0, final_logit_softcapping=30.0)
GEMMA3_DEFAULTS = dict(GEMMA_DEFAULTS, rope_theta=1000000.0, rope_local_base_freq=10000.0, sliding_window_pattern=6,
                       attn_logit_softcapping=None, final_logit_softcapping=None, rope_scaling=None)


def gemma(c, W, ids, ablate):
    """Gemma2ForCausalLM and Gemma3ForCausalLM (or a Gemma 3 with vision: its text_config and its
    language model's weights): embeddings × √hidden; RMSNorm as x·(1 + w) before and after both
    sublayers; scores q·k / √query_pre_attn_scalar, soft-capped (Gemma 2); sliding layers (Gemma 2:
    every other from the first; Gemma 3: all but every sliding_window_pattern-th, with their own
    rope base); per-head q/k norms (Gemma 3); gated tanh-GELU; tied, soft-capped logits."""
    gemma3 = c["model_type"] != "gemma2"
    c = dict(GEMMA3_DEFAULTS if gemma3 else GEMMA2_DEFAULTS, **c.get("text_config", c))
    p = next(x for x in ("model.", "language_model.model.", "model.language_model.", "")
             if x + "embed_tokens.weight" in W)
    H, KV, d, eps, hd = c["num_attention_heads"], c["num_key_value_heads"], c["hidden_size"], c["rms_norm_eps"], c["head_dim"]
    act = ACTIVATIONS[c["hidden_activation"]]
    inv_global = inverse_frequencies(c, hd)
    inv_local = inverse_frequencies(dict(c, rope_theta=c["rope_local_base_freq"], rope_scaling=None), hd) if gemma3 \
        else inv_global

    def norm(x, name):
        return rms_norm(x, 1 + W[name + ".weight"], eps)

    lin = partial(linear, W)

    x = W[p + "embed_tokens.weight"][ids] * math.sqrt(d)
    rec = []
    for L in range(c["num_hidden_layers"]):
        if "layer_types" in c:
            sliding = c["layer_types"][L] == "sliding_attention"
        else:
            sliding = (L + 1) % (c["sliding_window_pattern"] if gemma3 else 2) != 0
        h = "%slayers.%d." % (p, L)
        a = norm(x, h + "input_layernorm")
        q, k, v = (split(lin(h + "self_attn.%s_proj" % t, a), n) for t, n in (("q", H), ("k", KV), ("v", KV)))
        if gemma3:
            q, k = norm(q, h + "self_attn.q_norm"), norm(k, h + "self_attn.k_norm")
        inv = inv_local if sliding else inv_global
        q, k = rotate(q, inv), rotate(k, inv)
        k, v = np.repeat(k, H // KV, axis=0), np.repeat(v, H // KV, axis=0)
        att, o = attend(q, k, v, True, ablate[1] if ablate and ablate[0] == L else None,
                        scale=c["query_pre_attn_scalar"] ** -0.5, softcap=c["attn_logit_softcapping"],
                        window=c["sliding_window"] if sliding else None)
        # The runtime keeps the query times √(head_dim / query_pre_attn_scalar), so that its
        # scores are Q·Kᵀ/√head_dim as for every other family.
        rec.append((att, q * math.sqrt(hd / c["query_pre_attn_scalar"]), k, v))
        x = x + norm(lin(h + "self_attn.o_proj", o), h + "post_attention_layernorm")
        m = norm(x, h + "pre_feedforward_layernorm")
        f = lin(h + "mlp.down_proj", act(lin(h + "mlp.gate_proj", m)) * lin(h + "mlp.up_proj", m))
        x = x + norm(f, h + "post_feedforward_layernorm")
    logits = norm(x[-1:], p + "norm") @ W[p + "embed_tokens.weight"].T
    if c["final_logit_softcapping"]:
        logits = c["final_logit_softcapping"] * np.tanh(logits / c["final_logit_softcapping"])
    return rec, logits, [len(ids) - 1]


def t5_bucket(relative, bidirectional, buckets, max_distance):
    """_relative_position_bucket: a key `relative` positions after its query (before: negative);
    the logarithm in float32 as torch computes it."""
    bucket = 0
    if bidirectional:
        buckets //= 2
        bucket += buckets if relative > 0 else 0
        relative = abs(relative)
    else:
        relative = -min(relative, 0)
    exact = buckets // 2
    if relative < exact:
        return bucket + relative
    large = np.float32(np.log(np.float32(relative) / np.float32(exact)) / np.float32(math.log(max_distance / exact))
                       * np.float32(buckets - exact))
    return bucket + min(exact + int(large), buckets - 1)


def t5(c, W, ids, target, ablate):
    """T5ForConditionalGeneration: an encoder (bidirectional position biases from its block 0,
    unscaled scores) and a decoder (causal biases, then attention over the encoder's output),
    T5LayerNorm (RMS, no bias) before each sublayer, relu or gated tanh-GELU; the decoder runs on
    decoder_start_token_id + target and predicts the next target token; tied: × d_model^−½."""
    H, d, eps = c["num_heads"], c["d_model"], c.get("layer_norm_epsilon", 1e-6)
    buckets, far = c.get("relative_attention_num_buckets", 32), c.get("relative_attention_max_distance", 128)
    gated = c.get("feed_forward_proj", "relu") == "gated-gelu"
    lin = partial(linear, W)
    E = W["shared.weight"]

    def norm(x, name):
        return rms_norm(x, W[name + ".weight"], eps)

    def bias(table, m, bidirectional):
        b = np.array([[t5_bucket(j - i, bidirectional, buckets, far) for j in range(m)] for i in range(m)])
        return table[b].transpose(2, 0, 1)  # [H, m, m]

    def attend_t5(a, kv, at, pos, causal, ablate_head):
        q, k, v = split(lin(at + ".q", a), H), split(lin(at + ".k", kv), H), split(lin(at + ".v", kv), H)
        s = q @ k.transpose(0, 2, 1) + (pos if pos is not None else 0)
        if causal:
            s = np.where(np.tril(np.ones(s.shape[1:], bool)), s, -np.inf)
        att = softmax(s)
        o = att @ v
        if ablate_head is not None:
            o[ablate_head] = 0
        return att, q, k, v, lin(at + ".o", o.transpose(1, 0, 2).reshape(len(a), -1))

    def ff(x, at):
        if gated:
            return lin(at + ".wo", gelu_tanh(lin(at + ".wi_0", x)) * lin(at + ".wi_1", x))
        return lin(at + ".wo", np.maximum(lin(at + ".wi", x), 0))

    x, rec = E[ids], []
    pos = bias(W["encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight"], len(ids), True)
    for L in range(c["num_layers"]):
        p = "encoder.block.%d.layer." % L
        att, q, k, v, out = attend_t5(norm(x, p + "0.layer_norm"), norm(x, p + "0.layer_norm"), p + "0.SelfAttention",
                                      pos, False, ablate[1] if ablate and ablate[0] == L else None)
        rec.append((att, q * math.sqrt(q.shape[-1]), k, v))  # kept as Q·Kᵀ/√d_kv gives q·k
        x = x + out
        x = x + ff(norm(x, p + "1.layer_norm"), p + "1.DenseReluDense")
    encoded = norm(x, "encoder.final_layer_norm")
    dec = [c.get("decoder_start_token_id", 0)] + list(target)
    y, self_rec, cross_rec = E[dec], [], []
    pos = bias(W["decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight"], len(dec), False)
    for L in range(c.get("num_decoder_layers") or c["num_layers"]):
        p = "decoder.block.%d.layer." % L
        a = norm(y, p + "0.layer_norm")
        att, *_, out = attend_t5(a, a, p + "0.SelfAttention", pos, True, None)
        self_rec.append(att)
        y = y + out
        att, *_, out = attend_t5(norm(y, p + "1.layer_norm"), encoded, p + "1.EncDecAttention", None, False, None)
        cross_rec.append(att)
        y = y + out
        y = y + ff(norm(y, p + "2.layer_norm"), p + "2.DenseReluDense")
    last = norm(y[-1:], "decoder.final_layer_norm")
    tied = c.get("tie_word_embeddings", True)
    logits = (last * d ** -0.5) @ E.T if tied else last @ W["lm_head.weight"].T
    return rec, logits, [len(dec) - 1], self_rec, cross_rec


def forward(c, W, ids, mask, top_k, ablate=None, target=()):
    kind = c["model_type"]
    if kind == "gpt2":
        rec, logits, positions = gpt2(c, W, ids, ablate)
    elif kind in ("bert", "roberta", "xlm-roberta", "distilbert"):
        rec, logits, positions = bert_like(c, W, ids, mask, ablate, kind == "distilbert")
    elif kind in ("t5", "mt5"):
        rec, logits, positions, self_rec, cross_rec = t5(c, W, ids, target, ablate)
    elif kind == "gpt_neox":
        rec, logits, positions = gpt_neox(c, W, ids, ablate)
    elif kind == "olmo2":
        rec, logits, positions = olmo2(c, W, ids, ablate)
    elif kind.startswith("gemma"):
        rec, logits, positions = gemma(c, W, ids, ablate)
    else:
        rec, logits, positions = llama(c, W, ids, ablate)
    extra = {}
    if kind in ("t5", "mt5"):
        extra = {"target": list(target), "decoder_attention": [a.tolist() for a in self_rec],
                 "cross_attention": [a.tolist() for a in cross_rec]}
    return {**extra, "ids": ids, "mask": mask or [],
            "attention": [a.tolist() for a, _, _, _ in rec],
            "query": [q.tolist() for _, q, _, _ in rec],
            "key": [k.tolist() for _, _, k, _ in rec],
            "value": [v.tolist() for _, _, _, v in rec],
            "predictions": predictions(logits, positions, top_k)}

"""An independent forward pass in float64 numpy for the checkpoints of make_checkpoints.py,
written from the Hugging Face model code's definitions (GPT2LMHeadModel, BertForMaskedLM,
DistilBertForMaskedLM, LlamaForCausalLM / Mistral / Qwen2 / Qwen3 / Phi-3, GPTNeoXForCausalLM), not from the C++.

forward(config, weights, ids, mask, top_k, ablate=(layer, head)) returns
{"ids", "attention": [L][H][n][n], "query"/"key"/"value": [L][H][n][hd],
 "predictions": [{"position", "ids", "probabilities"}]}."""
import math

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


def attend(q, k, v, causal, ablate_head=None):
    """q: [H, n, hd], k and v: [H, n, hd] (already one per query head)."""
    n, hd = q.shape[1], q.shape[2]
    s = q @ k.transpose(0, 2, 1) / math.sqrt(hd)
    if causal:
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
    a = softmax(s)
    o = a @ v
    if ablate_head is not None:
        o[ablate_head] = 0
    return a, o.transpose(1, 0, 2).reshape(n, -1)


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
        p = prefixed(W, "bert.", "embeddings.word_embeddings.weight")
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
    x = W[p + "embeddings.word_embeddings.weight"][ids] + W[p + "embeddings.position_embeddings.weight"][:n]
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
    else:
        t = ln("cls.predictions.transform.LayerNorm", act(lin("cls.predictions.transform.dense", t)))
        bias = W["cls.predictions.bias"] if "cls.predictions.bias" in W else W["cls.predictions.decoder.bias"]
    return rec, t @ W[p + "embeddings.word_embeddings.weight"].T + bias, mask


def inverse_frequencies(c, hd):
    theta = c.get("rope_theta", 10000.0)
    inv = 1.0 / theta ** (np.arange(0, hd, 2) / hd)
    s = c.get("rope_scaling")
    if not s:
        return inv
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


def rotate(x, inv):
    """x: [heads, n, hd]; over the first 2·len(inv) columns, the pair (i, i + len(inv)) as one
    complex number turned by p·inv_freq[i]; the columns after those as they are."""
    half = len(inv)
    z = (x[:, :, :half] + 1j * x[:, :, half:2 * half]) * np.exp(1j * np.outer(np.arange(x.shape[1]), inv))
    return np.concatenate([z.real, z.imag, x[:, :, 2 * half:]], axis=2)


ACTIVATIONS = {"gelu": gelu_erf, "gelu_new": gelu_tanh, "gelu_pytorch_tanh": gelu_tanh, "relu": lambda t: np.maximum(t, 0),
               "silu": silu}


def llama(c, W, ids, ablate):
    p = prefixed(W, "model.", "embed_tokens.weight")
    H, KV, d, eps = c["num_attention_heads"], c["num_key_value_heads"], c["hidden_size"], c["rms_norm_eps"]
    hd = c.get("head_dim") or d // H
    inv = inverse_frequencies(c, int(hd * c.get("partial_rotary_factor", 1.0)))

    def lin(name, x):
        y = x @ W[name + ".weight"].T
        return y + W[name + ".bias"] if name + ".bias" in W else y

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
        q, k = rotate(q, inv), rotate(k, inv)
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

    def lin(name, x):
        y = x @ W[name + ".weight"].T
        return y + W[name + ".bias"] if name + ".bias" in W else y

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


def forward(c, W, ids, mask, top_k, ablate=None):
    kind = c["model_type"]
    if kind == "gpt2":
        rec, logits, positions = gpt2(c, W, ids, ablate)
    elif kind in ("bert", "distilbert"):
        rec, logits, positions = bert_like(c, W, ids, mask, ablate, kind == "distilbert")
    elif kind == "gpt_neox":
        rec, logits, positions = gpt_neox(c, W, ids, ablate)
    else:
        rec, logits, positions = llama(c, W, ids, ablate)
    return {"ids": ids, "mask": mask or [],
            "attention": [a.tolist() for a, _, _, _ in rec],
            "query": [q.tolist() for _, q, _, _ in rec],
            "key": [k.tolist() for _, _, k, _ in rec],
            "value": [v.tolist() for _, _, _, v in rec],
            "predictions": predictions(logits, positions, top_k)}

#!/usr/bin/env python3
"""Export a Hugging Face model's attention on one sentence as a file QKV Lab opens.

    python3 qkvlab_export_hf.py --model bert-base-uncased --sentence "The cat sat." -o cat.npz

writes an .npz with
    attention  float32 [layers, heads, n, n]   (row = querying token, column = attended token)
    queries    float32 [layers, heads, n, d]   the per-head vectors, taken by forward hooks on
    keys       float32 [layers, heads, n, d]   each layer's query/key/value projections
    values     float32 [layers, heads, n, d]
    tokens     unicode [n]                     the tokenizer's pieces, special tokens included

Needs transformers and torch (imported only when a model is run); writing needs only numpy.
Q, K and V are the projections' outputs as the attention uses them in BERT- and GPT-2-style
models. In models that rotate queries and keys after the projection (rotary position
embeddings: Llama, GPT-NeoX) softmax(Q·Kᵀ/√d) will not reproduce the attention exactly.
"""
import argparse
import sys

FORMAT_NOTE = 'arrays: attention [L, H, n, n]; queries, keys, values [L, H, n, d]; tokens [n]'


def write_qkv_npz(path, tokens, attention, queries=None, keys=None, values=None, compress=False):
    """Writes the arrays QKV Lab reads, after checking their shapes agree.

    Stored (np.savez) by default: attention compresses poorly and a stored archive opens
    fastest; compress=True uses np.savez_compressed.
    """
    import numpy as np

    tokens = [str(t) for t in tokens]
    attention = np.ascontiguousarray(attention, dtype='<f4')
    if attention.ndim != 4 or attention.shape[2] != attention.shape[3]:
        raise ValueError(f'attention must be [layers, heads, n, n], got {attention.shape}')
    layers, heads, n, _ = attention.shape
    if len(tokens) != n:
        raise ValueError(f'attention is for {n} tokens but {len(tokens)} tokens were given')
    if not np.isfinite(attention).all():
        raise ValueError('attention holds NaN or infinity')
    arrays = {'attention': attention, 'tokens': np.array(tokens, dtype=str)}
    given = [x is not None for x in (queries, keys, values)]
    if any(given) and not all(given):
        raise ValueError('give queries, keys and values together, or none of them')
    if all(given):
        for name, x in (('queries', queries), ('keys', keys), ('values', values)):
            x = np.ascontiguousarray(x, dtype='<f4')
            if x.ndim != 4 or x.shape[:3] != (layers, heads, n):
                raise ValueError(f'{name} must be [{layers}, {heads}, {n}, d], got {x.shape}')
            if not np.isfinite(x).all():
                raise ValueError(f'{name} holds NaN or infinity')
            arrays[name] = x
        if len({arrays[k].shape[3] for k in ('queries', 'keys', 'values')}) != 1:
            raise ValueError('queries, keys and values must have the same length d')
    (np.savez_compressed if compress else np.savez)(path, **arrays)


def split_heads(x, heads):
    """[n, heads * d] (one token per row, heads side by side) -> [heads, n, d]."""
    n, width = x.shape
    if width % heads:
        raise ValueError(f'{width} columns do not split into {heads} heads')
    return x.reshape(n, heads, width // heads).transpose(1, 0, 2)


def split_shared(x, heads, d):
    """Keys or values of grouped-query attention (Llama, Mistral): [n, kv_heads * d] with fewer
    heads than the queries, each shared by consecutive query heads -> [heads, n, d]."""
    kv_heads = x.shape[1] // d
    if kv_heads == 0 or heads % kv_heads:
        raise ValueError(f'{x.shape[1]} columns are not a whole number of key/value heads for {heads} heads')
    import numpy as np
    return np.repeat(split_heads(x, kv_heads), heads // kv_heads, axis=0)


def split_fused(x, heads):
    """GPT-2's c_attn output [n, 3 * hidden] (Q, K, V side by side) -> three [heads, n, d]."""
    hidden = x.shape[1] // 3
    return tuple(split_heads(x[:, i * hidden:(i + 1) * hidden], heads) for i in range(3))


def projection_modules(model):
    """Per attention layer, in order: ('separate', q, k, v) or ('fused', c_attn)."""
    found = []
    for _, module in model.named_modules():
        if all(hasattr(module, a) for a in ('query', 'key', 'value')):  # BERT, RoBERTa, ELECTRA …
            found.append(('separate', module.query, module.key, module.value))
        elif all(hasattr(module, a) for a in ('q_proj', 'k_proj', 'v_proj')):  # OPT, BART, Llama …
            found.append(('separate', module.q_proj, module.k_proj, module.v_proj))
        elif hasattr(module, 'c_attn') and not hasattr(module, 'q_attn'):  # GPT-2 (self-attention)
            found.append(('fused', module.c_attn))
    return found


def run_model(model, tokenizer, sentence):
    """Runs the model once; returns tokens, attention [L, H, n, n] and Q, K, V (or None)."""
    import numpy as np
    import torch

    captured = []
    hooks = []

    def keep(store):
        return lambda _module, _inputs, output: store.append(output[0].detach().float().cpu().numpy())

    layers = projection_modules(model)
    for entry in layers:
        outputs = {}
        captured.append((entry[0], outputs))
        for role, module in zip(('q', 'k', 'v') if entry[0] == 'separate' else ('qkv',), entry[1:]):
            outputs[role] = []
            hooks.append(module.register_forward_hook(keep(outputs[role])))
    inputs = tokenizer(sentence, return_tensors='pt')
    try:
        with torch.no_grad():
            out = model(**inputs, output_attentions=True)
    finally:
        for h in hooks:
            h.remove()
    if not getattr(out, 'attentions', None):
        raise RuntimeError('the model returned no attentions (try another attn_implementation)')
    attention = np.stack([a[0].float().cpu().numpy() for a in out.attentions])
    tokens = tokenizer.convert_ids_to_tokens(inputs['input_ids'][0])
    heads = attention.shape[1]
    missing = any(not store for _, outputs in captured for store in outputs.values())
    if len(captured) != attention.shape[0] or missing:
        print(f'note: found {len(captured)} projection sets for {attention.shape[0]} attention layers; '
              'writing attention only', file=sys.stderr)
        return tokens, attention, None, None, None
    q, k, v = [], [], []
    for kind, outputs in captured:
        if kind == 'fused':
            parts = split_fused(outputs['qkv'][0], heads)
        else:
            q_part = split_heads(outputs['q'][0], heads)
            d = q_part.shape[2]
            parts = (q_part, split_shared(outputs['k'][0], heads, d), split_shared(outputs['v'][0], heads, d))
        for store, part in zip((q, k, v), parts):
            store.append(part)
    return tokens, attention, np.stack(q), np.stack(k), np.stack(v)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], epilog=FORMAT_NOTE)
    parser.add_argument('--model', required=True, help='a Hugging Face model name or folder')
    parser.add_argument('--sentence', required=True)
    parser.add_argument('-o', '--output', required=True, help='the .npz file to write')
    parser.add_argument('--compress', action='store_true', help='deflate the arrays (smaller, slower to open)')
    args = parser.parse_args(argv)
    try:
        from transformers import AutoModel, AutoTokenizer
    except ImportError:
        parser.error('needs the transformers and torch packages (pip install transformers torch)')
    tokenizer = AutoTokenizer.from_pretrained(args.model)
    try:  # newer transformers compute attention with kernels that return no weights
        model = AutoModel.from_pretrained(args.model, attn_implementation='eager')
    except (TypeError, ValueError):
        model = AutoModel.from_pretrained(args.model)
    model.eval()
    tokens, attention, q, k, v = run_model(model, tokenizer, args.sentence)
    write_qkv_npz(args.output, tokens, attention, q, k, v, compress=args.compress)
    layers, heads, n, _ = attention.shape
    print(f'{args.output}: {layers} layers × {heads} heads × {n} tokens'
          + ('' if q is None else f', Q/K/V of {q.shape[3]} numbers'))
    return 0


if __name__ == '__main__':
    sys.exit(main())

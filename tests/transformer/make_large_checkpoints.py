#!/usr/bin/python3
"""Random checkpoints of real models' shapes for transformer_timing: GPT-2 small (124M
parameters, F32), a SmolLM2-135M-shaped Llama (BF16, and the same as a Q8_0 GGUF file as
llama.cpp writes it), and the shapes SPEC's GPT-2-small figures must hold for in the families
of issue 50: Pythia-160M (F16), Gemma-3-270M and Qwen3-0.6B (BF16), and Flan-T5-small (F32), as
their config.json files state them. Usage: make_large_checkpoints.py OUTDIR"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gguf_checkpoints import save_gguf  # noqa: E402
from make_checkpoints import (FLAN_T5, GEMMA3_TEXT, GPT2, GPT_NEOX, LLAMA, QWEN3, Random,  # noqa: E402
                              gemma_weights, gpt2_weights, gpt_neox_weights, llama_weights, np, save, t5_weights)


def scaled(weights):
    return {k: (v * 0.1).astype(np.float32) for k, v in weights.items()}


def main():
    out, r = sys.argv[1], Random(5)
    small = {k: v for k, v in GPT2.items()}
    small.update(n_layer=12, n_head=12, n_embd=768, n_positions=1024, n_ctx=1024, vocab_size=50257)
    w = {k: (v * 0.1).astype(np.float32) for k, v in gpt2_weights(r, small, "").items()}
    save(os.path.join(out, "gpt2-small-shaped"), small, w, "F32")
    smol = {k: v for k, v in LLAMA.items() if k != "rope_scaling"}
    smol.update(num_hidden_layers=30, num_attention_heads=9, num_key_value_heads=3, hidden_size=576,
                intermediate_size=1536, vocab_size=49152, max_position_embeddings=8192, tie_word_embeddings=True,
                rope_theta=100000.0)
    w = {k: (v * 0.1).astype(np.float32) for k, v in llama_weights(r, smol, "model.", False, False).items()}
    widened = save(os.path.join(out, "smollm2-135m-shaped"), smol, w, "BF16")
    os.makedirs(os.path.join(out, "smollm2-135m-shaped-q8_0"), exist_ok=True)
    save_gguf(os.path.join(out, "smollm2-135m-shaped-q8_0", "model.gguf"), smol, widened, "Q8_0")
    pythia = dict(GPT_NEOX, num_hidden_layers=12, num_attention_heads=12, hidden_size=768, intermediate_size=3072,
                  vocab_size=50304, max_position_embeddings=2048)
    save(os.path.join(out, "pythia-160m-shaped"), pythia, scaled(gpt_neox_weights(r, pythia, "gpt_neox.")), "F16")
    gemma = dict(GEMMA3_TEXT, num_hidden_layers=18, num_attention_heads=4, num_key_value_heads=1, head_dim=256,
                 hidden_size=640, intermediate_size=2048, vocab_size=262144, max_position_embeddings=32768,
                 query_pre_attn_scalar=256, sliding_window=512, rope_scaling=None,
                 layer_types=["full_attention" if (i + 1) % 6 == 0 else "sliding_attention" for i in range(18)])
    save(os.path.join(out, "gemma-3-270m-shaped"), gemma, scaled(gemma_weights(r, gemma, "model.", True)), "BF16")
    qwen3 = dict(QWEN3, num_hidden_layers=28, num_attention_heads=16, num_key_value_heads=8, head_dim=128,
                 hidden_size=1024, intermediate_size=3072, vocab_size=151936, max_position_embeddings=40960)
    save(os.path.join(out, "qwen3-0.6b-shaped"), qwen3, scaled(llama_weights(r, qwen3, "model.", False, False,
                                                                             qk_norm=True)), "BF16")
    flan = dict(FLAN_T5, d_model=512, d_kv=64, d_ff=1024, num_heads=6, num_layers=8, num_decoder_layers=8,
                vocab_size=32128, relative_attention_num_buckets=32, relative_attention_max_distance=128)
    save(os.path.join(out, "flan-t5-small-shaped"), flan, scaled(t5_weights(r, flan)), "F32")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Random checkpoints of real models' shapes for transformer_timing: GPT-2 small (124M
parameters, F32) and a SmolLM2-135M-shaped Llama (BF16, and the same as a Q8_0 GGUF file as
llama.cpp writes it). Usage: make_large_checkpoints.py OUTDIR"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gguf_checkpoints import save_gguf  # noqa: E402
from make_checkpoints import GPT2, LLAMA, Random, gpt2_weights, llama_weights, np, save  # noqa: E402


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


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Random checkpoints big enough that a forward pass splits its products and heads over the cores
(GPT-2, Llama with grouped keys and values, BERT), for tst_modelthreads. Usage: OUTDIR"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_checkpoints import BERT, GPT2, LLAMA, Random, bert_weights, gpt2_weights, llama_weights, save  # noqa: E402


def main():
    out, r = sys.argv[1], Random(11)
    gpt2 = dict(GPT2, n_layer=2, n_head=4, n_embd=256, n_positions=160, n_ctx=160, vocab_size=300)
    save(os.path.join(out, "gpt2"), gpt2, gpt2_weights(r, gpt2, ""), "F16")
    llama = dict(LLAMA, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, hidden_size=256,
                 intermediate_size=512, vocab_size=300, max_position_embeddings=160)
    save(os.path.join(out, "llama"), llama, llama_weights(r, llama, "model.", False, True), "BF16")
    bert = dict(BERT, num_hidden_layers=2, num_attention_heads=4, hidden_size=256, intermediate_size=512,
                vocab_size=300, max_position_embeddings=160)
    save(os.path.join(out, "bert"), bert, bert_weights(r, bert, "bert.", False, "cls.predictions.bias"), "F32")


if __name__ == "__main__":
    main()

# Trains the tiny SentencePiece model of the tests and writes what the C++ tests compare against.
# Run by make-reference.mjs (Debian's /usr/bin/python3 with python3-sentencepiece 0.1.97), once:
# - spm/tokenizer.model: BPE with byte fallback and Llama's settings (identity normalization, extra
#   whitespace kept, digits split), 800 pieces, trained on the test sentences and the README;
# - spm/reference.json: ids and pieces from SentencePiece itself, with BOS first (Llama's add_bos_token);
# - bpe-llama2/, bpe-tinyllama/ and bpe-gemma/tokenizer.json: the same model as Hugging Face's converter writes it
#   (merges from the vocabulary ranked by score), once with the Prepend/Replace normalizer of Llama 2
#   and once with the Metaspace pre-tokenizer of later conversions, and as Gemma's converter writes it;
#   bpe-normalized-split/ with other
#   normalizers and pre-tokenizers on the same model; make-reference.mjs tokenizes them.
import json
import os
import tempfile

import sentencepiece as spm

here = os.path.dirname(os.path.abspath(__file__))
strings = json.load(open(os.path.join(here, "strings.json"), encoding="utf-8"))
readme = open(os.path.join(here, "..", "..", "..", "README.md"), encoding="utf-8").read()

os.makedirs(os.path.join(here, "spm"), exist_ok=True)
with tempfile.TemporaryDirectory() as tmp:
    corpus = os.path.join(tmp, "corpus.txt")
    with open(corpus, "w", encoding="utf-8") as f:
        for line in readme.splitlines() + [s.replace("\n", " ") for s in strings]:
            if line.strip():
                f.write(line + "\n")
    # Relative names, so that the model (which records them) comes out the same on every run.
    os.chdir(tmp)
    spm.SentencePieceTrainer.train(input="corpus.txt", model_prefix="m", vocab_size=800,
                                   model_type="bpe", byte_fallback=True, split_digits=True,
                                   normalization_rule_name="identity", remove_extra_whitespaces=False,
                                   allow_whitespace_only_pieces=True, character_coverage=0.98,
                                   num_threads=1, minloglevel=2)
    model = open(os.path.join(tmp, "m.model"), "rb").read()
open(os.path.join(here, "spm", "tokenizer.model"), "wb").write(model)

sp = spm.SentencePieceProcessor(model_proto=model)
rows = []
for text in strings:
    ids = [sp.bos_id()] + sp.encode(text)
    rows.append({"text": text, "ids": ids, "tokens": [sp.id_to_piece(i) for i in ids]})
with open(os.path.join(here, "spm", "reference.json"), "w", encoding="utf-8") as f:
    f.write(json.dumps(rows, ensure_ascii=False).replace("}, {", "},\n{") + "\n")

vocab = {sp.id_to_piece(i): i for i in range(sp.get_piece_size())}
scores = {sp.id_to_piece(i): sp.get_score(i) for i in range(sp.get_piece_size())}
merges = []
for piece, score in scores.items():
    local = [(piece[:k], piece[k:], score) for k in range(1, len(piece)) if piece[:k] in vocab and piece[k:] in vocab]
    merges.extend(sorted(local, key=lambda m: (vocab[m[0]], vocab[m[1]])))
merges = [[a, b] for a, b, _ in sorted(merges, key=lambda m: m[2], reverse=True)]

def special(piece):
    return {"id": vocab[piece], "content": piece, "single_word": False, "lstrip": False, "rstrip": False,
            "normalized": False, "special": True}

def tokenizer(metaspace):
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [special("<unk>"), special("<s>"), special("</s>")],
        "normalizer": None if metaspace else {"type": "Sequence", "normalizers": [
            {"type": "Prepend", "prepend": "\u2581"},
            {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"}]},
        "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "first", "split": False}
        if metaspace else None,
        "post_processor": {"type": "TemplateProcessing",
                           "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
                           "pair": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                                    {"SpecialToken": {"id": "<s>", "type_id": 1}}, {"Sequence": {"id": "B", "type_id": 1}}],
                           "special_tokens": {"<s>": {"id": "<s>", "ids": [vocab["<s>"]], "tokens": ["<s>"]}}},
        # Hugging Face's LlamaConverter writes this decoder with either layout.
        "decoder": {"type": "Sequence", "decoders": [
            {"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "}, {"type": "ByteFallback"},
            {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
        "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>", "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": True, "byte_fallback": True, "ignore_merges": False,
                  "vocab": vocab, "merges": merges},
    }

# A third layout on the same vocabulary that real models do not use but the format allows: NFKC,
# a regex Replace, lower case, punctuation and digit runs split off, Metaspace splitting words.
def normalized_split():
    t = tokenizer(True)
    t["normalizer"] = {"type": "Sequence", "normalizers": [
        {"type": "NFKC"}, {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}, {"type": "Lowercase"}]}
    t["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
        {"type": "Punctuation", "behavior": "Isolated"}, {"type": "Digits", "individual_digits": False},
        {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True}]}
    t["post_processor"] = {"type": "BertProcessing", "sep": ["</s>", vocab["</s>"]], "cls": ["<s>", vocab["<s>"]]}
    return t

# Gemma's layout (Hugging Face's GemmaConverter): spaces replaced by ▁ with no ▁ prepended, a Split
# on " " that the normalizer has left nothing to split, BOS added, the chat turn markers special and
# an HTML tag as a plain added token, each after the vocabulary.
def gemma():
    t = tokenizer(False)
    t["normalizer"] = {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"}
    t["pre_tokenizer"] = {"type": "Split", "pattern": {"String": " "}, "behavior": "MergedWithPrevious", "invert": False}
    t["decoder"]["decoders"] = t["decoder"]["decoders"][:3]
    size = len(vocab)
    for i, (piece, is_special) in enumerate((("<start_of_turn>", True), ("<end_of_turn>", True), ("<table>", False))):
        t["added_tokens"].append({"id": size + i, "content": piece, "single_word": False, "lstrip": False,
                                  "rstrip": False, "normalized": False, "special": is_special})
    return t
os.makedirs(os.path.join(here, "bpe-gemma"), exist_ok=True)
with open(os.path.join(here, "bpe-gemma", "tokenizer.json"), "w", encoding="utf-8") as f:
    json.dump(gemma(), f, ensure_ascii=False, indent=1)
    f.write("\n")
os.makedirs(os.path.join(here, "bpe-normalized-split"), exist_ok=True)
with open(os.path.join(here, "bpe-normalized-split", "tokenizer.json"), "w", encoding="utf-8") as f:
    json.dump(normalized_split(), f, ensure_ascii=False, indent=1)
    f.write("\n")

for name, metaspace in (("bpe-llama2", False), ("bpe-tinyllama", True)):
    os.makedirs(os.path.join(here, name), exist_ok=True)
    with open(os.path.join(here, name, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(tokenizer(metaspace), f, ensure_ascii=False, indent=1)
        f.write("\n")
print(f"spm: {len(rows)} strings, {sp.get_piece_size()} pieces, {len(merges)} merges")

# Trains the tiny SentencePiece Unigram model of the tests and writes it in the layouts of T5 and
# XLM-RoBERTa. Run once by hand, before make-reference.mjs with REF_ONLY=unigram-t5,unigram-xlmr
# (Debian's /usr/bin/python3 with python3-sentencepiece 0.1.97):
# - unigram-t5/spiece.model: Unigram, 600 pieces, nmt_nfkc normalization, T5's ids (<pad> 0, </s> 1,
#   <unk> 2, no BOS), trained on the test sentences and the README;
# - unigram-t5/tokenizer.json: the same model as Hugging Face's T5 converter writes it (the pieces
#   and scores in id order, the model's precompiled normalization map, extra spaces folded, Metaspace,
#   </s> appended);
# - unigram-xlmr/sentencepiece.bpe.model (the same file) and tokenizer.json in XLM-RoBERTa's fairseq
#   order: <s> <pad> </s> <unk>, then the model's pieces from its fourth on, <mask> last; <s> … </s>.
import base64
import json
import os
import tempfile

import sentencepiece as spm

here = os.path.dirname(os.path.abspath(__file__))
strings = json.load(open(os.path.join(here, "strings.json"), encoding="utf-8"))
readme = open(os.path.join(here, "..", "..", "..", "README.md"), encoding="utf-8").read()
with tempfile.TemporaryDirectory() as tmp:
    with open(os.path.join(tmp, "corpus.txt"), "w", encoding="utf-8") as f:
        for line in readme.splitlines() + [s.replace("\n", " ") for s in strings]:
            if line.strip():
                f.write(line + "\n")
    os.chdir(tmp)
    spm.SentencePieceTrainer.train(input="corpus.txt", model_prefix="m", vocab_size=600, model_type="unigram",
                                   pad_id=0, eos_id=1, unk_id=2, bos_id=-1, character_coverage=0.995,
                                   num_threads=1, minloglevel=2)
    model = open(os.path.join(tmp, "m.model"), "rb").read()


def fields(data):
    """The (number, value) of each field of a protobuf message: varints and length-delimited."""
    at = 0
    while at < len(data):
        key, at = varint(data, at)
        number, kind = key >> 3, key & 7
        if kind == 0:
            value, at = varint(data, at)
        elif kind == 2:
            size, at = varint(data, at)
            value, at = data[at:at + size], at + size
        elif kind == 5:
            value, at = data[at:at + 4], at + 4
        else:
            raise ValueError("wire type %d" % kind)
        yield number, value


def varint(data, at):
    value = shift = 0
    while True:
        b = data[at]
        at += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, at


# ModelProto.normalizer_spec (3) . precompiled_charsmap (2)
charsmap = next(v for n, s in fields(model) if n == 3 for m, v in fields(s) if m == 2)
sp = spm.SentencePieceProcessor(model_proto=model)
pieces = [[sp.id_to_piece(i), sp.get_score(i)] for i in range(sp.get_piece_size())]
normalizer = {"type": "Sequence", "normalizers": [
    {"type": "Precompiled", "precompiled_charsmap": base64.b64encode(charsmap).decode()},
    {"type": "Strip", "strip_left": False, "strip_right": True},
    {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": "\u2581"}]}
metaspace = {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True}


def special(piece, i):
    return {"id": i, "content": piece, "single_word": False, "lstrip": False, "rstrip": False,
            "normalized": False, "special": True}


t5 = {"version": "1.0", "truncation": None, "padding": None,
      "added_tokens": [special("<pad>", 0), special("</s>", 1), special("<unk>", 2)],
      "normalizer": normalizer, "pre_tokenizer": metaspace,
      "post_processor": {"type": "TemplateProcessing",
                         "single": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}}],
                         "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}},
                                  {"Sequence": {"id": "B", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}}],
                         "special_tokens": {"</s>": {"id": "</s>", "ids": [1], "tokens": ["</s>"]}}},
      "decoder": dict(metaspace), "model": {"type": "Unigram", "unk_id": 2, "vocab": pieces, "byte_fallback": False}}
fairseq = [["<s>", 0.0], ["<pad>", 0.0], ["</s>", 0.0], ["<unk>", 0.0]] + pieces[3:] + [["<mask>", 0.0]]
mask = len(fairseq) - 1
xlmr = dict(t5, added_tokens=[special("<s>", 0), special("<pad>", 1), special("</s>", 2), special("<unk>", 3),
                              dict(special("<mask>", mask), lstrip=True)],
            post_processor={"type": "RobertaProcessing", "sep": ["</s>", 2], "cls": ["<s>", 0], "trim_offsets": True,
                            "add_prefix_space": True},
            model={"type": "Unigram", "unk_id": 3, "vocab": fairseq, "byte_fallback": False})
for folder, name, layout in (("unigram-t5", "spiece.model", t5), ("unigram-xlmr", "sentencepiece.bpe.model", xlmr)):
    os.makedirs(os.path.join(here, folder), exist_ok=True)
    open(os.path.join(here, folder, name), "wb").write(model)
    with open(os.path.join(here, folder, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(layout, f, ensure_ascii=False, indent=1)
        f.write("\n")
print("unigram: %d pieces" % sp.get_piece_size())

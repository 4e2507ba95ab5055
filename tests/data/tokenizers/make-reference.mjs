// Writes the reference tokenizations the tokenizer tests compare against. Run once, by hand:
//   mkdir -p /tmp/tokref && cd /tmp/tokref
//   npm install tokenizers@0.23.2 @huggingface/tokenizers@0.2.0 js-tiktoken@1.0.21
//   REF_MODULES=/tmp/tokref/node_modules node tests/data/tokenizers/make-reference.mjs
// (node 20; Debian's python3-sentencepiece 0.1.97 for make-spm.py, which this runs in between).
// Nothing here is needed by the tests themselves: they read the JSON files this writes.
// REF_ONLY=bpe-gemma,bpe-gptneox tokenizes only those cases' tokenizer.json again (training the
// SentencePiece model anew gives other pieces, so a new case leaves the others as they are).
//
// - strings.json: the test sentences (strings.mjs).
// - gpt2/reference.json: GPT-2's ids from js-tiktoken's "gpt2" encoding (OpenAI's own ranks and
//   regex), checked against Hugging Face's tokenizers on the same vocabulary.
// - CASE/reference.json for every CASE/tokenizer.json: ids and tokens from Hugging Face's own
//   tokenizers (the Rust library, npm "tokenizers" 0.23.2, its Node binding), what Python's
//   transformers runs, and "decoded": the ids without the post-processor's tokens decoded again.
//   tokenizers.js (@huggingface/tokenizers 0.2.0) is run beside it and where it
//   differs that is printed and listed in CASE/tokenizersjs-differs.json: it is a reimplementation
//   with JavaScript regular expressions, not the reference. A case whose model has an empty
//   "vocab" and "merges" takes GPT-2's (gpt2/vocab.json, merges.txt), which the C++ tests fill in
//   the same way, so that the repository holds GPT-2's files once.

import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { strings } from "./strings.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const modules = process.env.REF_MODULES;
if (!modules) throw new Error("set REF_MODULES to the node_modules holding the reference libraries");
const require = createRequire(path.join(modules, "x.js"));
const { getEncoding } = require("js-tiktoken");
const { Tokenizer } = require("@huggingface/tokenizers");
const rust = require("tokenizers");

const write = (file, value) => fs.writeFileSync(path.join(here, file), JSON.stringify(value, null, 0).replace(/\},\{/g, "},\n{") + "\n");
const read = (file) => JSON.parse(fs.readFileSync(path.join(here, file), "utf8"));

const only = process.env.REF_ONLY ? process.env.REF_ONLY.split(",") : null;
if (!only) {
  write("strings.json", strings);
  // The tiny SentencePiece model, its reference ids, and the Llama 2 style tokenizer.json made from it.
  execFileSync("/usr/bin/python3", [path.join(here, "make-spm.py")], { stdio: "inherit" });
}


// Two small BERT WordPiece tokenizers (uncased with TemplateProcessing, cased with BertProcessing and
// a short max_input_chars_per_word), their vocabulary made here so that it covers the test sentences
// in part: letters, digits, punctuation, some Chinese characters, and a few hundred words and pieces.
const bertVocabulary = () => {
  const specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"];
  const punctuation = [..."!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~¿¡—…←→"];
  const letters = [..."abcdefghijklmnopqrstuvwxyz0123456789éèàçñüößæø"];
  const capitals = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZÉÀÜ"];
  const chinese = [..."中文字符测试我爱自然语言处理日本语北京年奥运会東京漢字"];
  const words = ("the of and to is a in it that you i he she was for on are with as at be this have from or by not but what "
    + "all were we when your can said there use an each which do how their if will up other about out many then them these so "
    + "some her would make like him into time has look two more write go see number no way could people my than first water been "
    + "call who its now find long down day did get come made may part play player token attention query key value soft layer head "
    + "hello world quick brown fox jumps over lazy dog cat sat mat un paris france capital year days mixed english code return "
    + "int main select from where users class div https www example com path query email sun cost costs price model next "
    + "cafe naive resume creme brulee facade nino esta aqui uber grosse apfel line two four tab space word words sentence "
    + "long goes on clauses sub until finally ends lorem ipsum dolor sit amet transformer embedding temperature weather today").split(" ");
  const pieces = ["##ing", "##ed", "##s", "##er", "##ly", "##ization", "##izer", "##ize", "##max", "##aff", "##able", "##tion",
    "##ers", "##est", "##ment", "##ness", "##ful", "##less", "##al", "##ic", "##ous", "##ive", "##en", "##es", "##ation"];
  const cased = ["The", "Hello", "I", "Paris", "France", "BERT", "GPT", "Einstein", "Mr", "Smith", "Café", "Über", "Zoë"];
  const list = [...specials, ...punctuation, ...letters, ...capitals, ...chinese,
    ...letters.map((c) => "##" + c), ...capitals.map((c) => "##" + c), ...words, ...pieces, ...cased];
  return Object.fromEntries([...new Set(list)].map((t, i) => [t, i]));
};
const bertTokenizer = (vocab, cased) => ({
  version: "1.0", truncation: null, padding: null,
  added_tokens: ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"].map((t) => ({
    id: vocab[t], content: t, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
  normalizer: { type: "BertNormalizer", clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: !cased },
  pre_tokenizer: { type: "BertPreTokenizer" },
  post_processor: cased
    ? { type: "BertProcessing", sep: ["[SEP]", vocab["[SEP]"]], cls: ["[CLS]", vocab["[CLS]"]] }
    : { type: "TemplateProcessing",
        single: [{ SpecialToken: { id: "[CLS]", type_id: 0 } }, { Sequence: { id: "A", type_id: 0 } }, { SpecialToken: { id: "[SEP]", type_id: 0 } }],
        pair: [{ SpecialToken: { id: "[CLS]", type_id: 0 } }, { Sequence: { id: "A", type_id: 0 } }, { SpecialToken: { id: "[SEP]", type_id: 0 } },
               { Sequence: { id: "B", type_id: 1 } }, { SpecialToken: { id: "[SEP]", type_id: 1 } }],
        special_tokens: { "[CLS]": { id: "[CLS]", ids: [vocab["[CLS]"]], tokens: ["[CLS]"] },
                          "[SEP]": { id: "[SEP]", ids: [vocab["[SEP]"]], tokens: ["[SEP]"] } } },
  decoder: { type: "WordPiece", prefix: "##", cleanup: true },
  model: { type: "WordPiece", unk_token: "[UNK]", continuing_subword_prefix: "##", max_input_chars_per_word: cased ? 12 : 100, vocab },
});
for (const cased of [false, true]) {
  const dir = cased ? "wordpiece-cased" : "wordpiece-uncased";
  fs.mkdirSync(path.join(here, dir), { recursive: true });
  fs.writeFileSync(path.join(here, dir, "tokenizer.json"), JSON.stringify(bertTokenizer(bertVocabulary(), cased), null, 1) + "\n");
}
// A WordPiece with the general normalizers and the Whitespace pre-tokenizer instead of BERT's own.
{
  const t = bertTokenizer(bertVocabulary(), false);
  t.normalizer = { type: "Sequence", normalizers: [{ type: "NFD" }, { type: "StripAccents" }, { type: "Lowercase" },
    { type: "Strip", strip_left: true, strip_right: true }] };
  t.pre_tokenizer = { type: "Whitespace" };
  // Non-special added tokens: one found in the normalized text, one in the raw text.
  t.added_tokens.push({ id: 0, content: "ca va", single_word: false, lstrip: false, rstrip: false, normalized: true, special: false },
    { id: 0, content: "Zoë", single_word: false, lstrip: false, rstrip: false, normalized: false, special: false });
  t.post_processor = { type: "RobertaProcessing", sep: ["[SEP]", t.model.vocab["[SEP]"]], cls: ["[CLS]", t.model.vocab["[CLS]"]],
    trim_offsets: true, add_prefix_space: false };
  fs.mkdirSync(path.join(here, "wordpiece-whitespace"), { recursive: true });
  fs.writeFileSync(path.join(here, "wordpiece-whitespace", "tokenizer.json"), JSON.stringify(t, null, 1) + "\n");
}
// Every Split behavior, an inverted Split and Oniguruma's \w and \h, on the same vocabulary.
{
  const t = bertTokenizer(bertVocabulary(), false);
  t.normalizer = { type: "Lowercase" };
  const split = (pattern, behavior, invert = false) => ({ type: "Split", pattern, behavior, invert });
  t.pre_tokenizer = { type: "Sequence", pretokenizers: [
    { type: "WhitespaceSplit" },
    split({ String: "-" }, "MergedWithPrevious"),
    split({ Regex: "\\d" }, "Contiguous"),
    split({ Regex: "[aeiou]" }, "MergedWithNext"),
    split({ Regex: "[.,!?]" }, "Removed"),
    split({ Regex: "\\h{3,}" }, "Isolated"),
    split({ Regex: "\\w{5,}" }, "Isolated", true),
  ] };
  fs.mkdirSync(path.join(here, "wordpiece-splits"), { recursive: true });
  fs.writeFileSync(path.join(here, "wordpiece-splits", "tokenizer.json"), JSON.stringify(t, null, 1) + "\n");
}

// A BPE with continuing_subword_prefix "##" and end_of_word_suffix "</w>" (the layout of GPT-1 and
// CLIP), its merges learnt here from the test sentences by plain byte-pair counting: a merge of a
// and b makes a + b without b's prefix, as Hugging Face's BPE builds it.
{
  const prefix = "##", suffix = "</w>";
  const counts = new Map();
  for (const s of strings) for (const w of s.toLowerCase().match(/[a-z]+/g) || []) counts.set(w, (counts.get(w) || 0) + 1);
  const words = [...counts].sort().map(([w, c]) => [[...w].map((ch, i) => (i > 0 ? prefix : "") + ch + (i === w.length - 1 ? suffix : "")), c]);
  const vocab = { "<unk>": 0 };
  const add = (t) => { if (!(t in vocab)) vocab[t] = Object.keys(vocab).length; };
  for (const ch of "abcdefghijklmnopqrstuvwxyz") for (const t of [ch, prefix + ch, ch + suffix, prefix + ch + suffix]) add(t);
  const merges = [];
  for (let k = 0; k < 400; ++k) {
    const pairs = new Map();
    for (const [symbols, c] of words)
      for (let i = 0; i + 1 < symbols.length; ++i) {
        const key = symbols[i] + " " + symbols[i + 1];
        pairs.set(key, (pairs.get(key) || 0) + c);
      }
    const best = [...pairs].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0];
    if (!best || best[1] < 2) break;
    const [a, b] = best[0].split(" ");
    const joined = a + b.slice(prefix.length);
    merges.push([a, b]);
    add(joined);
    for (const w of words) {
      const out = [];
      for (let i = 0; i < w[0].length; ++i)
        if (i + 1 < w[0].length && w[0][i] === a && w[0][i + 1] === b) { out.push(joined); ++i; } else out.push(w[0][i]);
      w[0] = out;
    }
  }
  const t = {
    version: "1.0", truncation: null, padding: null,
    added_tokens: [{ id: 0, content: "<unk>", single_word: false, lstrip: false, rstrip: false, normalized: false, special: true }],
    normalizer: { type: "Lowercase" }, pre_tokenizer: { type: "Whitespace" }, post_processor: null,
    decoder: { type: "BPEDecoder", suffix },
    model: { type: "BPE", dropout: null, unk_token: "<unk>", continuing_subword_prefix: prefix, end_of_word_suffix: suffix,
      fuse_unk: true, byte_fallback: false, ignore_merges: false, vocab, merges },
  };
  fs.mkdirSync(path.join(here, "bpe-affixes"), { recursive: true });
  fs.writeFileSync(path.join(here, "bpe-affixes", "tokenizer.json"), JSON.stringify(t, null, 1) + "\n");
}

const gpt2Vocab = read("gpt2/vocab.json");
const gpt2Merges = fs.readFileSync(path.join(here, "gpt2/merges.txt"), "utf8").split("\n")
  .filter((l) => l && !l.startsWith("#version"));
const withGpt2Vocabulary = (json) => {
  if (Object.keys(json.model.vocab).length === 0 && json.model.merges.length === 0) {
    json.model.vocab = gpt2Vocab;
    json.model.merges = gpt2Merges;
  }
  return json;
};

// GPT-2: OpenAI's encoder (tiktoken) is the reference; Hugging Face's must agree on every string.
const tiktoken = getEncoding("gpt2");
const rustGpt2 = rust.Tokenizer.fromString(JSON.stringify(withGpt2Vocabulary(read("bpe-gpt2/tokenizer.json"))));
const inverse = Object.fromEntries(Object.entries(gpt2Vocab).map(([k, v]) => [v, k]));
const gpt2 = [];
for (const text of strings) {
  const ids = Array.from(tiktoken.encode(text, "all"));
  const hf = (await rustGpt2.encode(text, null, { addSpecialTokens: false })).getIds();
  if (JSON.stringify(ids) !== JSON.stringify(hf))
    console.warn(`gpt2: tiktoken and tokenizers differ on ${JSON.stringify(text)}: ${ids} / ${hf}`);
  gpt2.push({ text, ids, tokens: ids.map((i) => inverse[i]) });
}
write("gpt2/reference.json", gpt2);

for (const dir of fs.readdirSync(here).sort()) {
  const file = path.join(here, dir, "tokenizer.json");
  if (!fs.existsSync(file) || (only && !only.includes(dir))) continue;
  const configFile = path.join(here, dir, "tokenizer_config.json");
  const config = fs.existsSync(configFile) ? read(path.join(dir, "tokenizer_config.json")) : {};
  const json = withGpt2Vocabulary(read(path.join(dir, "tokenizer.json")));
  const reference = rust.Tokenizer.fromString(JSON.stringify(json));
  const js = new Tokenizer(json, config);
  const rows = [];
  const differs = [];
  for (const text of strings) {
    const e = await reference.encode(text, null, { addSpecialTokens: true });
    const plain = (await reference.encode(text, null, { addSpecialTokens: false })).getIds();
    const row = { text, ids: e.getIds(), tokens: e.getTokens(), decoded: await reference.decode(plain, false) };
    rows.push(row);
    const other = js.encode(text);
    if (JSON.stringify(Array.from(other.ids)) !== JSON.stringify(row.ids))
      differs.push({ text, tokenizers: row.tokens, tokenizersjs: other.tokens });
  }
  write(path.join(dir, "reference.json"), rows);
  const differsFile = path.join(dir, "tokenizersjs-differs.json");
  if (differs.length) write(differsFile, differs);
  else if (fs.existsSync(path.join(here, differsFile))) fs.unlinkSync(path.join(here, differsFile));
  console.log(`${dir}: ${rows.length} strings${differs.length ? `, tokenizers.js differs on ${differs.length}` : ""}`);
}
console.log(`gpt2: ${gpt2.length} strings`);

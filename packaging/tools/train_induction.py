#!/usr/bin/python3
"""Train the induction model that ships with QKV Lab (resources/models/induction).

    /usr/bin/python3 packaging/tools/train_induction.py            # train, write, evaluate
    /usr/bin/python3 packaging/tools/train_induction.py --evaluate # the shipped model's figures

A two-layer, attention-only GPT-2 (learned token and position embeddings, pre-LN attention
blocks, ln_f, the unembedding tied to the token embedding) trained on random tokens in which
segments repeat. Copying a repeated segment needs two heads working together: one of layer 0
that attends to the previous token, and an induction head of layer 1 that attends to the token
after the earlier occurrence of the current token and copies it into the prediction. The folder
is an ordinary Hugging Face GPT-2 checkpoint: the MLPs are stored as exact zeros (n_inner 1), so
GPT-2's arithmetic computes exactly the attention-only model trained here.

Needs Debian 12's python3-torch (1.13) and numpy, and libopenblas0-pthread to take minutes
rather than half an hour; fixed seeds, two threads, deterministic (same bytes run after run).
The vocabulary is induction_words.txt beside this script (see --derive-words for where it came
from) plus single characters and WordPiece "##" continuations, so no word becomes [UNK].
"""
import argparse
import json
import math
import os
import re
import struct
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
WORDS_FILE = os.path.join(HERE, 'induction_words.txt')
DEFAULT_OUT = os.path.join(REPO, 'resources', 'models', 'induction')

SEED = 1414
LAYERS, HEADS, D_MODEL, POSITIONS = 2, 4, 64, 128
EPS = 1e-5
STEPS, BATCH, LENGTH = 3000, 32, POSITIONS
HINT_STEPS = 400  # steps with the auxiliary loss on layer 0 head 0, see train()
EXAMPLE = 'The cat sat on the mat. The cat sat on the'

UNK = '[UNK]'
PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'
DIGITS = '0123456789'
LETTERS = 'abcdefghijklmnopqrstuvwxyz'

# ----------------------------------------------------------------------------------------------
# Vocabulary


# Word starts that GPT-2 merged early and a dictionary also lists (abbreviations mostly), and
# words a teaching tool should not offer: left out of the derived list.
NOT_WORDS = set('''
con pro ha ex sh ch pl int ad cont dis app comm inc pol cons ind sec em diff ass imp sub pres
stud min col mod fin sim inter ref trans spec op ins gr govern cur med rep met char poss stat fr
resp disc ed quest belie hum adv var pat mil prof sol prom est par mar es non sever intern deb
ant viol anal writ comb tot doc deter feat pub cop lab vol fig lo cal gen exec neg webs prop
prim rev fem den candid profess lat dig prep thous demon aw neigh rout psych grad pun mist pus
liter spokes bur disco dram brow clot multi id vs etc chem ib ion tem sp pe bl cr el ent oct
acc att aff eff ac ap ar cl dr fl gl pr sl sm sn sw tw al ab su se le ne mon ir im un ven re ca
fuck shit sex sexual porn rape nazi gay lesbian penis vagina bitch slave terror terrorist
'''.split())


def derive_words(encoder_json, dictionary, count):
    """GPT-2's whole-word tokens ("Ġword") of two or more lowercase letters, in GPT-2's merge
    order (roughly most frequent first), kept when the dictionary lists them."""
    with open(encoder_json, encoding='utf-8') as f:
        encoder = json.load(f)
    with open(dictionary, encoding='utf-8') as f:
        known = {line.strip() for line in f}
    words = []
    for token, _ in sorted(encoder.items(), key=lambda kv: kv[1]):
        word = token[1:]
        if (token.startswith('\u0120') and re.fullmatch('[a-z]{2,}', word) and word in known
                and word not in NOT_WORDS):
            words.append(word)
            if len(words) == count:
                break
    return words


def read_words():
    with open(WORDS_FILE, encoding='utf-8') as f:
        return [line.strip() for line in f if line.strip() and not line.startswith('#')]


def vocabulary(words):
    """[UNK], punctuation, digits, letters, the words, then "##" continuations of one character:
    WordPiece covers any word of ASCII letters and digits."""
    tokens = [UNK] + list(PUNCTUATION) + list(DIGITS) + list(LETTERS) + words
    tokens += ['##' + c for c in DIGITS + LETTERS]
    assert len(set(tokens)) == len(tokens)
    return tokens


def tokenizer_json(tokens):
    return {
        'version': '1.0',
        'truncation': None,
        'padding': None,
        'added_tokens': [{'id': 0, 'content': UNK, 'single_word': False, 'lstrip': False, 'rstrip': False,
                          'normalized': False, 'special': True}],
        'normalizer': {'type': 'BertNormalizer', 'clean_text': True, 'handle_chinese_chars': True,
                       'strip_accents': True, 'lowercase': True},
        'pre_tokenizer': {'type': 'BertPreTokenizer'},
        'post_processor': None,  # a causal model: no [CLS] … [SEP] around the text
        'decoder': {'type': 'WordPiece', 'prefix': '##', 'cleanup': True},
        'model': {'type': 'WordPiece', 'unk_token': UNK, 'continuing_subword_prefix': '##',
                  'max_input_chars_per_word': 100, 'vocab': {t: i for i, t in enumerate(tokens)}},
    }


class WordPiece:
    """The tokenizer.json above, for the example sentence: lower case, words and punctuation
    apart, the longest piece first."""

    def __init__(self, tokens):
        self.ids = {t: i for i, t in enumerate(tokens)}

    def encode(self, text):
        ids = []
        for word in re.findall(r'\w+|[^\w\s]', text.lower()):
            start = 0
            while start < len(word):
                for end in range(len(word), start, -1):
                    piece = ('##' if start else '') + word[start:end]
                    if piece in self.ids:
                        ids.append(self.ids[piece])
                        start = end
                        break
                else:
                    ids.append(self.ids[UNK])
                    break
        return ids


# ----------------------------------------------------------------------------------------------
# Data


def training_sequence(rng, length, vocab_size):
    """Random tokens in which earlier segments recur. 40 % of the sequences draw from the whole
    vocabulary, the rest from a small pool of it, where a token recurs with different successors
    and only the token before it tells which earlier occurrence a copy continues (as "the" in
    "the cat sat on the mat. the cat sat on the"). Returns the tokens and which of them a copy
    makes predictable (every copied token but the first)."""
    if rng.random() < 0.4:
        pool = np.arange(1, vocab_size)
    else:
        size = int(math.exp(rng.uniform(math.log(6), math.log(300))))
        pool = rng.choice(np.arange(1, vocab_size), size=size, replace=False)
    tokens = rng.choice(pool, size=length)
    copied = np.zeros(length, dtype=bool)
    pos = int(rng.integers(2, 16))
    while pos < length - 1:
        source = int(rng.integers(0, pos - 1))
        size = int(rng.integers(2, 7)) if rng.random() < 0.5 else int(rng.integers(2, 25))
        size = min(size, pos - source, length - pos)
        tokens[pos:pos + size] = tokens[source:source + size]
        copied[pos + 1:pos + size] = True
        pos += size + int(rng.integers(1, 12))
    return tokens, copied


def held_out_sequence(rng, word_ids):
    """What the C++ test measures (tests/livemodel): 30 distinct random words, then a copy of
    8 to 15 of them starting somewhere among the first 16. Returns the ids and, for every
    position of the copy, where the token after its earlier occurrence is."""
    prefix = rng.choice(word_ids, size=30, replace=False)
    start = int(rng.integers(0, 16))
    size = int(rng.integers(8, 16))
    ids = np.concatenate([prefix, prefix[start:start + size]])
    after = {30 + i: start + i + 1 for i in range(size)}
    return ids, after


# ----------------------------------------------------------------------------------------------
# Model: GPT-2's arithmetic without the MLPs


def build_model(torch, vocab_size):
    nn = torch.nn
    F = torch.nn.functional

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln_1 = nn.LayerNorm(D_MODEL, eps=EPS)
            self.c_attn = nn.Linear(D_MODEL, 3 * D_MODEL)
            self.c_proj = nn.Linear(D_MODEL, D_MODEL)

        def forward(self, x):
            b, n, d = x.shape
            q, k, v = self.c_attn(self.ln_1(x)).split(D_MODEL, dim=2)
            q, k, v = (t.view(b, n, HEADS, d // HEADS).transpose(1, 2) for t in (q, k, v))
            scores = q @ k.transpose(-1, -2) / math.sqrt(d // HEADS)
            mask = torch.ones(n, n, dtype=torch.bool).triu(1)
            attention = F.softmax(scores.masked_fill(mask, float('-inf')), dim=-1)
            out = (attention @ v).transpose(1, 2).reshape(b, n, d)
            return x + self.c_proj(out), attention

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.wte = nn.Embedding(vocab_size, D_MODEL)
            self.wpe = nn.Embedding(POSITIONS, D_MODEL)
            self.h = nn.ModuleList(Block() for _ in range(LAYERS))
            self.ln_f = nn.LayerNorm(D_MODEL, eps=EPS)
            for name, p in self.named_parameters():  # GPT-2's initialization
                if name.endswith('bias'):
                    nn.init.zeros_(p)
                elif p.dim() > 1:
                    nn.init.normal_(p, std=0.02)
            for block in self.h:
                nn.init.normal_(block.c_proj.weight, std=0.02 / math.sqrt(2 * LAYERS))

        def forward(self, ids, rows=None):
            """Hidden states before ln_f; logits at `rows` (flat indices into batch × n), or
            every position when None; and every layer's attention."""
            x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
            attentions = []
            for block in self.h:
                x, a = block(x)
                attentions.append(a)
            x = x.reshape(-1, D_MODEL)
            if rows is not None:
                x = x[rows]
            return self.ln_f(x) @ self.wte.weight.T, attentions

    return Model()


def train(torch, model, vocab_size, steps, log):
    rng = np.random.default_rng(SEED)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3, betas=(0.9, 0.98), weight_decay=0.01)
    warmup = 100

    def rate(step):
        if step < warmup:
            return (step + 1) / warmup
        return 0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * (step - warmup) / (steps - warmup)))

    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, rate)
    start = time.time()
    for step in range(steps):
        batch = [training_sequence(rng, LENGTH, vocab_size) for _ in range(BATCH)]
        ids = torch.from_numpy(np.stack([b[0] for b in batch]))
        copied = np.stack([b[1] for b in batch])
        # The row before each predictable token predicts it: logits only there.
        target_at = np.flatnonzero(copied.reshape(-1))
        rows = torch.from_numpy(target_at - 1)
        targets = ids.reshape(-1)[torch.from_numpy(target_at)]
        logits, attentions = model(ids, rows)
        loss = torch.nn.functional.cross_entropy(logits, targets)
        if step < HINT_STEPS:
            # A hint for the first steps: on random tokens a previous-token head is no use until
            # an induction head reads it, so each waits on the other, and layer 0 settles for
            # spreading over the last few tokens instead. Asking head 0 of layer 0 to look one
            # token back, and head 1 two, skips that; the induction heads of layer 1 form by
            # themselves, matching the token before as well where a word recurs ("on the" of
            # the example), and the hint is gone long before the end.
            n = ids.shape[1]
            one_back = attentions[0][:, 0, torch.arange(1, n), torch.arange(0, n - 1)]
            two_back = attentions[0][:, 1, torch.arange(2, n), torch.arange(0, n - 2)]
            loss = loss - torch.log(one_back + 1e-6).mean() - torch.log(two_back + 1e-6).mean()
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        if step % 100 == 0 or step == steps - 1:
            log(f'step {step:5d}  loss {loss.item():.4f}  {time.time() - start:6.1f} s')
    return time.time() - start


# ----------------------------------------------------------------------------------------------
# Evaluation: the figures the C++ test checks


def evaluate(torch, model, word_ids, sequences=200, seed=SEED + 1):
    """Per head: mean weight on the previous token (every position but the first), mean weight
    on the token after the earlier occurrence (every position of the copy); and how often the
    top prediction in the copy is the copied token."""
    rng = np.random.default_rng(seed)
    previous = np.zeros((LAYERS, HEADS))
    induction = np.zeros((LAYERS, HEADS))
    rows_prev = rows_ind = correct = 0
    with torch.no_grad():
        for _ in range(sequences):
            ids, after = held_out_sequence(rng, word_ids)
            logits, attentions = model(torch.from_numpy(ids)[None])
            n = len(ids)
            for layer, a in enumerate(attentions):
                a = a[0].numpy()
                previous[layer] += a[:, np.arange(1, n), np.arange(0, n - 1)].sum(axis=1)
                for i, j in after.items():
                    induction[layer] += a[:, i, j]
            rows_prev += n - 1
            rows_ind += len(after)
            predicted = logits.argmax(dim=-1).numpy()
            correct += sum(int(predicted[i] == ids[j]) for i, j in after.items())
    return previous / rows_prev, induction / rows_ind, correct / rows_ind


# ----------------------------------------------------------------------------------------------
# Export: a Hugging Face GPT-2 folder


def write_safetensors(path, tensors):
    header, offset, blobs = {}, 0, []
    for name in sorted(tensors):
        data = np.ascontiguousarray(tensors[name], dtype='<f4')
        blob = data.tobytes()
        header[name] = {'dtype': 'F32', 'shape': list(data.shape), 'data_offsets': [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    header['__metadata__'] = {'format': 'pt'}
    text = json.dumps(header, sort_keys=True, separators=(',', ':')).encode()
    text += b' ' * (-len(text) % 8)  # the tensors start 8-byte aligned, as the format recommends
    with open(path, 'wb') as f:
        f.write(struct.pack('<Q', len(text)))
        f.write(text)
        for blob in blobs:
            f.write(blob)


def gpt2_tensors(model):
    """GPT2LMHeadModel's names without the `transformer.` prefix (as the gpt2 checkpoint stores
    them); Conv1D weights [in, out]; MLPs of one zero unit: GELU(0) = 0, so they add nothing."""
    s = {k: v.detach().numpy() for k, v in model.state_dict().items()}
    out = {'wte.weight': s['wte.weight'], 'wpe.weight': s['wpe.weight'],
           'ln_f.weight': s['ln_f.weight'], 'ln_f.bias': s['ln_f.bias']}
    for i in range(LAYERS):
        p = f'h.{i}.'
        out[p + 'ln_1.weight'] = s[p + 'ln_1.weight']
        out[p + 'ln_1.bias'] = s[p + 'ln_1.bias']
        out[p + 'attn.c_attn.weight'] = s[p + 'c_attn.weight'].T
        out[p + 'attn.c_attn.bias'] = s[p + 'c_attn.bias']
        out[p + 'attn.c_proj.weight'] = s[p + 'c_proj.weight'].T
        out[p + 'attn.c_proj.bias'] = s[p + 'c_proj.bias']
        out[p + 'ln_2.weight'] = np.ones(D_MODEL, np.float32)
        out[p + 'ln_2.bias'] = np.zeros(D_MODEL, np.float32)
        out[p + 'mlp.c_fc.weight'] = np.zeros((D_MODEL, 1), np.float32)
        out[p + 'mlp.c_fc.bias'] = np.zeros(1, np.float32)
        out[p + 'mlp.c_proj.weight'] = np.zeros((1, D_MODEL), np.float32)
        out[p + 'mlp.c_proj.bias'] = np.zeros(D_MODEL, np.float32)
    return out


def load_safetensors(torch, model, path):
    with open(path, 'rb') as f:
        size = struct.unpack('<Q', f.read(8))[0]
        header = json.loads(f.read(size))
        data = f.read()
    tensors = {}
    for name, info in header.items():
        if name != '__metadata__':
            begin, end = info['data_offsets']
            tensors[name] = np.frombuffer(data[begin:end], dtype='<f4').reshape(info['shape'])
    state = {'wte.weight': tensors['wte.weight'], 'wpe.weight': tensors['wpe.weight'],
             'ln_f.weight': tensors['ln_f.weight'], 'ln_f.bias': tensors['ln_f.bias']}
    for i in range(LAYERS):
        p = f'h.{i}.'
        for name in ('ln_1.weight', 'ln_1.bias', 'attn.c_attn.bias', 'attn.c_proj.bias'):
            state[p + name.removeprefix('attn.')] = tensors[p + name]
        state[p + 'c_attn.weight'] = tensors[p + 'attn.c_attn.weight'].T
        state[p + 'c_proj.weight'] = tensors[p + 'attn.c_proj.weight'].T
    model.load_state_dict({k: torch.from_numpy(np.array(v)) for k, v in state.items()})


def config_json(vocab_size):
    return {
        'architectures': ['GPT2LMHeadModel'],
        'model_type': 'gpt2',
        'vocab_size': vocab_size,
        'n_positions': POSITIONS,
        'n_ctx': POSITIONS,
        'n_embd': D_MODEL,
        'n_layer': LAYERS,
        'n_head': HEADS,
        'n_inner': 1,
        'activation_function': 'gelu_new',
        'layer_norm_epsilon': EPS,
        'resid_pdrop': 0.0,
        'embd_pdrop': 0.0,
        'attn_pdrop': 0.0,
        'scale_attn_weights': True,
        'tie_word_embeddings': True,
        'bos_token_id': 0,
        'eos_token_id': 0,
        'torch_dtype': 'float32',
    }


def write_json(path, value):
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(value, f, indent=2, ensure_ascii=False)
        f.write('\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('-o', '--out', default=DEFAULT_OUT, help='the model folder to write')
    parser.add_argument('--steps', type=int, default=STEPS, help=f'training steps (default {STEPS})')
    parser.add_argument('--evaluate', action='store_true', help="only print the folder's figures")
    parser.add_argument('--derive-words', nargs=2, metavar=('ENCODER_JSON', 'DICTIONARY'),
                        help="rewrite induction_words.txt from GPT-2's encoder.json and a word list "
                             '(/usr/share/dict/words of Debian\'s wamerican)')
    args = parser.parse_args()

    if args.derive_words:
        words = derive_words(*args.derive_words, count=1500)
        with open(WORDS_FILE, 'w', encoding='utf-8') as f:
            f.write('# 1500 words: train_induction.py --derive-words encoder.json /usr/share/dict/words\n')
            f.write('\n'.join(words) + '\n')
        print(f'{WORDS_FILE}: {len(words)} words')
        return

    # Passive OpenMP threads: spinning ones are many times slower on a 2-core machine that is
    # doing anything else at all.
    os.environ.setdefault('OMP_WAIT_POLICY', 'PASSIVE')
    os.environ.setdefault('OPENBLAS_NUM_THREADS', '2')
    import torch
    torch.set_num_threads(2)
    torch.manual_seed(SEED)
    torch.use_deterministic_algorithms(True)

    tokens = vocabulary(read_words())
    word_ids = np.array([i for i, t in enumerate(tokens) if re.fullmatch('[a-z]{2,}', t)])
    model = build_model(torch, len(tokens))
    os.makedirs(args.out, exist_ok=True)
    weights = os.path.join(args.out, 'model.safetensors')
    seconds = None
    if args.evaluate:
        load_safetensors(torch, model, weights)
    else:
        seconds = train(torch, model, len(tokens), args.steps, lambda s: print(s, flush=True))
        write_safetensors(weights, gpt2_tensors(model))
        write_json(os.path.join(args.out, 'config.json'), config_json(len(tokens)))
        write_json(os.path.join(args.out, 'tokenizer.json'), tokenizer_json(tokens))
        write_json(os.path.join(args.out, 'tokenizer_config.json'),
                   {'tokenizer_class': 'PreTrainedTokenizerFast', 'unk_token': UNK, 'model_max_length': POSITIONS,
                    'do_lower_case': True})
    model.eval()
    previous, induction, accuracy = evaluate(torch, model, word_ids)
    np.set_printoptions(precision=3, suppress=True)
    print('mean weight on the previous token, layer × head:\n', previous)
    print('mean weight on the token after the earlier occurrence, layer × head:\n', induction)
    prev_head, ind_head = int(previous[0].argmax()), int(induction[1].argmax())
    print(f'previous-token head: layer 0 head {prev_head}: {previous[0, prev_head]:.3f}')
    print(f'induction head: layer 1 head {ind_head}: {induction[1, ind_head]:.3f}')
    print(f'copied token predicted (top 1): {accuracy:.3f}')
    ids = WordPiece(tokens).encode(EXAMPLE)
    with torch.no_grad():
        logits, _ = model(torch.tensor(ids)[None])
    p = torch.softmax(logits[-1], dim=-1)
    top = torch.topk(p, 5)
    best = zip(top.values.tolist(), top.indices.tolist())
    print(f'"{EXAMPLE}" → ' + ', '.join(f'{tokens[i]} {v:.3f}' for v, i in best))
    if seconds is not None:
        print(f'trained in {seconds:.0f} s')
    if not args.evaluate:
        # Which heads are which (the C++ test reads them) and what QKV Lab shows first (its
        # Examples menu entry, the induction head); other keys written by hand stay as they were.
        hints_path = os.path.join(args.out, 'qkvlab.json')
        hints = {}
        if os.path.exists(hints_path):
            with open(hints_path, encoding='utf-8') as f:
                hints = json.load(f)
        hints.update({
            'title': 'Induction heads (a model trained for QKV Lab)',
            'description': 'A real two-layer transformer that learned to copy a phrase it has seen: '
                           f'layer 1 head {prev_head + 1} looks at the previous token, layer 2 head '
                           f'{ind_head + 1} at the token after the earlier occurrence of the current one.',
            'show': {'layer': 1, 'head': ind_head},
            'previous_token_head': {'layer': 0, 'head': prev_head},
            'induction_head': {'layer': 1, 'head': ind_head},
            'two_tokens_back_head': {'layer': 0, 'head': 1},
            'example': EXAMPLE,
        })
        write_json(hints_path, hints)


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""Tests of qkvlab_export_hf.py that need numpy only (the model run itself needs torch too,
and is tested on a tiny hand-made BERT-like model when torch is there). Exit status 77, which
ctest counts as skipped, when numpy is missing."""
import os
import sys
import tempfile
import unittest

try:
    import numpy as np
except ImportError:
    print('skipped: needs numpy (Debian package python3-numpy)')
    sys.exit(77)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qkvlab_export_hf as exporter  # noqa: E402

try:
    import torch
except ImportError:
    torch = None


def ramp(*shape):
    return (np.arange(int(np.prod(shape)), dtype='<f4') / 8 - 1).reshape(shape)


class SplitHeads(unittest.TestCase):
    def test_heads_side_by_side(self):
        x = ramp(4, 6)  # 4 tokens, 3 heads of 2
        out = exporter.split_heads(x, 3)
        self.assertEqual(out.shape, (3, 4, 2))
        for h in range(3):
            np.testing.assert_array_equal(out[h], x[:, 2 * h:2 * h + 2])

    def test_uneven_width_is_refused(self):
        with self.assertRaises(ValueError):
            exporter.split_heads(ramp(2, 5), 2)

    def test_shared_key_heads(self):
        x = ramp(4, 4)  # 2 key heads of 2, shared by 4 query heads
        out = exporter.split_shared(x, 4, 2)
        self.assertEqual(out.shape, (4, 4, 2))
        for h in range(4):
            np.testing.assert_array_equal(out[h], x[:, 2 * (h // 2):2 * (h // 2) + 2])
        np.testing.assert_array_equal(exporter.split_shared(x, 2, 2), exporter.split_heads(x, 2))
        with self.assertRaises(ValueError):
            exporter.split_shared(ramp(4, 6), 4, 2)  # 3 key heads do not divide 4

    def test_fused_qkv(self):
        x = ramp(3, 12)  # hidden 4 = 2 heads of 2; Q | K | V
        q, k, v = exporter.split_fused(x, 2)
        np.testing.assert_array_equal(q[1], x[:, 2:4])
        np.testing.assert_array_equal(k[0], x[:, 4:6])
        np.testing.assert_array_equal(v[1], x[:, 10:12])


class FakeModule:
    def __init__(self, **children):
        self.__dict__.update(children)


class FakeModel:
    def __init__(self, modules):
        self.modules = modules

    def named_modules(self):
        return [(str(i), m) for i, m in enumerate(self.modules)]


class FindProjections(unittest.TestCase):
    def test_bert_gpt2_and_q_proj(self):
        bert = FakeModule(query='q', key='k', value='v')
        gpt2 = FakeModule(c_attn='qkv')
        gpt2_cross = FakeModule(c_attn='kv', q_attn='q')
        opt = FakeModule(q_proj='q', k_proj='k', v_proj='v')
        found = exporter.projection_modules(FakeModel([FakeModule(), bert, gpt2, gpt2_cross, opt]))
        self.assertEqual(found, [('separate', 'q', 'k', 'v'), ('fused', 'qkv'), ('separate', 'q', 'k', 'v')])


class WriteNpz(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, 'out.npz')

    def tearDown(self):
        self.dir.cleanup()

    def test_round_trip(self):
        for compress in (False, True):
            exporter.write_qkv_npz(self.path, ['a', 'b'], ramp(1, 2, 2, 2), ramp(1, 2, 2, 3), ramp(1, 2, 2, 3),
                                   ramp(1, 2, 2, 3), compress=compress)
            with np.load(self.path) as f:
                self.assertEqual(sorted(f.files), ['attention', 'keys', 'queries', 'tokens', 'values'])
                self.assertEqual(f['attention'].dtype, np.dtype('<f4'))
                self.assertEqual(f['tokens'].tolist(), ['a', 'b'])
                np.testing.assert_array_equal(f['keys'], ramp(1, 2, 2, 3))

    def test_attention_only(self):
        exporter.write_qkv_npz(self.path, ['a'], np.ones((2, 1, 1, 1)))
        with np.load(self.path) as f:
            self.assertEqual(sorted(f.files), ['attention', 'tokens'])

    def test_bad_shapes_are_refused(self):
        bad = [
            (['a', 'b'], ramp(2, 2, 2), None),  # three dimensions
            (['a', 'b'], ramp(1, 1, 2, 3), None),  # not square
            (['a'], ramp(1, 1, 2, 2), None),  # token count
            (['a', 'b'], ramp(1, 1, 2, 2), (ramp(1, 1, 2, 3), None, None)),  # some of Q, K, V
            (['a', 'b'], ramp(1, 1, 2, 2), (ramp(1, 2, 2, 3),) * 3),  # head count
            (['a', 'b'], ramp(1, 1, 2, 2), (ramp(1, 1, 2, 3), ramp(1, 1, 2, 3), ramp(1, 1, 2, 4))),  # d
            (['a', 'b'], np.full((1, 1, 2, 2), np.nan), None),
        ]
        for tokens, attention, qkv in bad:
            with self.subTest(shape=attention.shape), self.assertRaises(ValueError):
                exporter.write_qkv_npz(self.path, tokens, attention, *(qkv or ()))


@unittest.skipIf(torch is None, 'needs torch')
class RunModel(unittest.TestCase):
    """Two-layer models built here, BERT-like (query, key, value), GPT-2-like (fused c_attn) and
    Llama-like (q_proj with fewer key/value heads): the hooked Q and K must give back the
    attention the model returns."""

    heads, d, n = 2, 3, 4

    def model(self, kind):
        heads, d, n = self.heads, self.d, self.n
        width = heads * d

        class SelfAttention(torch.nn.Module):
            def __init__(self):
                super().__init__()
                if kind == 'fused':
                    self.c_attn = torch.nn.Linear(width, 3 * width)
                elif kind == 'grouped':  # one key/value head shared by both query heads
                    self.q_proj = torch.nn.Linear(width, width)
                    self.k_proj = torch.nn.Linear(width, d)
                    self.v_proj = torch.nn.Linear(width, d)
                else:
                    self.query = torch.nn.Linear(width, width)
                    self.key = torch.nn.Linear(width, width)
                    self.value = torch.nn.Linear(width, width)

            def forward(self, x):
                def split(t):
                    return t.view(1, n, heads, d).transpose(1, 2)
                if kind == 'fused':
                    q, k, v = (split(t) for t in self.c_attn(x).split(width, dim=2))
                elif kind == 'grouped':
                    q = split(self.q_proj(x))
                    k, v = (t.view(1, n, 1, d).transpose(1, 2).expand(1, heads, n, d)
                            for t in (self.k_proj(x), self.v_proj(x)))
                else:
                    q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
                a = torch.softmax(q @ k.transpose(-1, -2) / d ** 0.5, dim=-1)
                return (a @ v).transpose(1, 2).reshape(1, n, width), a

        class Model(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.embed = torch.nn.Embedding(10, width)
                self.layers = torch.nn.ModuleList([SelfAttention(), SelfAttention()])

            def forward(self, input_ids, output_attentions=False):
                x, attentions = self.embed(input_ids), []
                for layer in self.layers:
                    x, a = layer(x)
                    attentions.append(a)
                return type('Out', (), {'attentions': tuple(attentions)})()

        return Model()

    class Tokenizer:
        def __call__(self, sentence, return_tensors):
            return {'input_ids': torch.tensor([[1, 2, 3, 4]])}

        def convert_ids_to_tokens(self, ids):
            return ['[CLS]', 'a', 'b', '[SEP]']

    def test_hooked_vectors_reproduce_the_attention(self):
        for kind in ('separate', 'fused', 'grouped'):
            with self.subTest(kind=kind):
                torch.manual_seed(0)
                tokens, attention, q, k, v = exporter.run_model(self.model(kind), self.Tokenizer(), 'a b')
                self.assertEqual(tokens, ['[CLS]', 'a', 'b', '[SEP]'])
                self.assertEqual(q.shape, (2, self.heads, self.n, self.d))
                self.assertEqual(v.shape, q.shape)
                scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(self.d)
                weights = np.exp(scores - scores.max(-1, keepdims=True))
                weights /= weights.sum(-1, keepdims=True)
                np.testing.assert_allclose(weights, attention, rtol=1e-5, atol=1e-6)


if __name__ == '__main__':
    unittest.main()

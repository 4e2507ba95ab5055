"""Writes the NumPy fixtures of the tensor reader tests (tests/modelfiles) into the folder given.

Values are np.arange(count) / 8 - 1: exact in float16, float32 and float64 alike, so the tests
compare bit for bit. Run by the tests themselves with Debian's /usr/bin/python3 and numpy.
"""
import os
import sys

import numpy as np
from numpy.lib import format as npy_format

OUT = sys.argv[1]


def path(name):
    return os.path.join(OUT, name)


def ramp(shape, dtype):
    count = int(np.prod(shape))
    return (np.arange(count, dtype=np.float64) / 8 - 1).reshape(shape).astype(dtype)


SHAPES = {'6': (6,), '2x3': (2, 3), '2x3x4': (2, 3, 4), '2x1x3x2': (2, 1, 3, 2), '0x3': (0, 3), 'scalar': ()}


def npy_files():
    for major in (1, 2, 3):
        for dtype in ('f2', 'f4', 'f8'):
            for label, shape in SHAPES.items():
                for order in 'CF':
                    a = ramp(shape, '<' + dtype)
                    if order == 'F' and shape:  # asfortranarray would make a 0-d array 1-d
                        a = np.asfortranarray(a)
                    with open(path(f'v{major}_{dtype}_{label}_{order}.npy'), 'wb') as f:
                        npy_format.write_array(f, a, version=(major, 0))
    np.save(path('unicode.npy'), np.array(['[CLS]', 'héllo', '日本', '😀', '']))
    np.save(path('bytes.npy'), np.array([b'ab', b'c']))
    np.save(path('unicode_F.npy'), np.asfortranarray(np.array([['a', 'bb', 'c'], ['d', 'e', 'ff']])))


def refused_files():
    refused = {
        'int32': np.arange(3, dtype='<i4'),
        'int64': np.arange(3, dtype='<i8'),
        'uint8': np.arange(3, dtype='u1'),
        'bool': np.array([True, False]),
        'complex': np.zeros(2, '<c8'),
        'big_f4': np.zeros(2, '>f4'),
        'big_f8': np.zeros(2, '>f8'),
        'big_U': np.array(['ab'], dtype='>U2'),
        'structured': np.zeros(2, dtype=[('a', '<f4')]),
        'datetime': np.array(['2020-01-01'], dtype='datetime64[D]'),
        'huge_f8': np.array([0.0, 1e300]),
    }
    for name, a in refused.items():
        np.save(path(name + '.npy'), a)
    np.save(path('object.npy'), np.array([{'a': 1}, None], dtype=object), allow_pickle=True)
    for dtype in ('f2', 'f4', 'f8'):
        for label, value in (('nan', np.nan), ('inf', np.inf), ('-inf', -np.inf)):
            a = np.zeros((2, 3), '<' + dtype)
            a[1, 2] = value
            np.save(path(f'{label}_{dtype}.npy'), a)


def half_table():
    # Every float16 bit pattern, and what NumPy makes of it as float32.
    bits = np.arange(65536, dtype='<u2')
    bits.tofile(path('half_bits.bin'))
    bits.view('<f2').astype('<f4').tofile(path('half_as_f4.bin'))


def npz_files():
    arrays = {
        'attention': ramp((2, 3, 4, 4), '<f4'),
        'queries': ramp((2, 3, 4, 2), '<f2'),
        'keys': ramp((2, 3, 4, 2), '<f8'),
        'values': np.asfortranarray(ramp((2, 3, 4, 2), '<f4')),
        'tokens': np.array(['[CLS]', 'play', '##ing', '[SEP]']),
        'input_ids': np.arange(4, dtype='<i8'),
    }
    np.savez(path('stored.npz'), **arrays)
    np.savez_compressed(path('compressed.npz'), **arrays)
    np.savez(path('positional.npz'), ramp((2, 2), '<f4'))


npy_files()
refused_files()
half_table()
npz_files()


def model_files():
    layers, heads, n, d = 2, 3, 4, 2
    np.savez(path('model.npz'), attention=ramp((layers, heads, n, n), '<f4'),
             queries=ramp((layers, heads, n, d), '<f4'), keys=ramp((layers, heads, n, d), '<f2'),
             values=ramp((layers, heads, n, d), '<f8'), tokens=np.array(['<s>', 'Ġcat', 's', '</s>']),
             input_ids=np.arange(n))
    np.save(path('heads.npy'), ramp((heads, n, n), '<f4'))


model_files()

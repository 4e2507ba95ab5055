// Opening a real model (issue 7): 512 tokens × 12 layers × 12 heads with per-head Q, K and V
// (d = 64), as the exporter writes it, from File → Open to the whole window painted. NumPy
// writes the files, and its own np.load of the same file, every array read, is the peer.

#include "benchprocess.h"
#include "benchtiming.h"
#include "viewbenches.h"

#include "app/mainwindow.h"
#include "modelfiles/modeldocument.h"
#include "session/documentsession.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace qkv::bench {
namespace {

constexpr int n = 512, layers = 12, heads = 12, dim = 64;

// Writes model-stored.npz (np.savez), model-deflated.npz (np.savez_compressed) and
// model-f16.safetensors (as the format specifies it) into `dir`: softmax rows with a few peaks
// each, like a trained model's, and random Q, K, V.
const char *writeScript = R"(
import numpy as np, sys, json, struct
L, H, n, d = (int(x) for x in sys.argv[2:6])
rng = np.random.default_rng(0)
s = rng.standard_normal((L, H, n, n), dtype=np.float32) * 3
a = np.exp(s - s.max(-1, keepdims=True)); a /= a.sum(-1, keepdims=True)
qkv = {k: rng.standard_normal((L, H, n, d), dtype=np.float32) for k in ("queries", "keys", "values")}
tokens = np.array(["w%d" % i for i in range(n)])
np.savez(sys.argv[1] + "/model-stored.npz", attention=a, tokens=tokens, **qkv)
np.savez_compressed(sys.argv[1] + "/model-deflated.npz", attention=a, tokens=tokens, **qkv)
arrays = dict(attention=a, **qkv)
header, blobs, at = {"__metadata__": {"tokens": json.dumps(tokens.tolist())}}, [], 0
for k, v in arrays.items():
    b = v.astype("<f2").tobytes()
    header[k] = {"dtype": "F16", "shape": list(v.shape), "data_offsets": [at, at + len(b)]}
    blobs.append(b); at += len(b)
h = json.dumps(header).encode()
with open(sys.argv[1] + "/model-f16.safetensors", "wb") as f:
    f.write(struct.pack("<Q", len(h)) + h + b"".join(blobs))
)";

// NumPy's load of every array of each file (safetensors: read and converted to float32, as
// the program keeps them), median ms of `reps` after a warm-up; prints JSON.
const char *loadScript = R"(
import numpy as np, sys, time, json, struct
out = {}
def safetensors(path):
    with open(path, "rb") as f:
        raw = f.read()
    size = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8:8 + size])
    data = memoryview(raw)[8 + size:]
    return {k: np.frombuffer(data[v["data_offsets"][0]:v["data_offsets"][1]], "<f2").reshape(v["shape"]).astype(np.float32)
            for k, v in header.items() if k != "__metadata__"}
for path in sys.argv[2:]:
    def load():
        if path.endswith(".safetensors"):
            return safetensors(path)
        with np.load(path) as f:
            return {k: f[k] for k in f.files}
    load()
    ms = []
    for _ in range(int(sys.argv[1])):
        t = time.perf_counter(); load(); ms.append((time.perf_counter() - t) * 1000)
    out[path] = sorted(ms)[len(ms) // 2]
print(json.dumps(out))
)";

} // namespace

QJsonObject modelOpenTimings(bool quick)
{
    if (!QFileInfo(python).isExecutable())
        return unavailable(python + u" (with python3-numpy) writes the model files: not found"_s);
    QTemporaryDir dir;
    QString error;
    if (!runProcess(python,
            {u"-c"_s, QString::fromUtf8(writeScript), dir.path(), QString::number(layers), QString::number(heads),
                QString::number(n), QString::number(dim)},
            nullptr, &error))
        return unavailable(error);
    const int reps = quick ? 3 : 5;
    const QStringList files {dir.filePath(u"model-stored.npz"_s), dir.filePath(u"model-deflated.npz"_s),
        dir.filePath(u"model-f16.safetensors"_s)};
    QByteArray peerOut;
    const bool peer = runProcess(
        python, QStringList {u"-c"_s, QString::fromUtf8(loadScript), QString::number(reps)} + files, &peerOut, &error);
    const QJsonObject peerMs = QJsonDocument::fromJson(peerOut).object();

    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QJsonArray cases;
    for (const QString &file : files) {
        // File → Open to the whole window painted (the model dock and its layers grid, the
        // heatmap, arrows, tables, worked view): once as a user's first open in this process
        // (fresh memory: page faults), then the median of repeated opens.
        const auto open = [&] {
            if (!window.openDocument(file))
                qFatal("qkvbench: %s", qPrintable(window.lastError()));
            window.session()->waitForResult();
            (void)window.grab();
        };
        const auto fromExample = [&] { // each round opens the model anew, from a small example
            window.openDocument(u"example:birds"_s);
            (void)window.grab();
        };
        fromExample();
        QElapsedTimer first;
        first.start();
        open();
        const double firstMs = static_cast<double>(first.nsecsElapsed()) / 1e6;
        const double ours = medianMs(open, reps, fromExample);
        fromExample();
        OpenedFile opened; // reading and the first layer's document alone; freed untimed
        const double readMs = medianMs([&] { opened = openFile(file); }, reps, [&] { opened = {}; });
        opened = {};
        QJsonObject o {{u"file"_s, QFileInfo(file).fileName()},
            {u"megabytes"_s, tenths(static_cast<double>(QFileInfo(file).size()) / 1e6)},
            {u"read_and_document_ms"_s, tenths(readMs)}, {u"first_open_and_paint_ms"_s, tenths(firstMs)},
            {u"open_and_first_paint_ms"_s, tenths(ours)}, {u"under_one_second"_s, std::max(firstMs, ours) < 1000}};
        if (peer && peerMs.contains(file)) {
            const double numpyMs = peerMs.value(file).toDouble();
            o.insert(u"numpy_load_ms"_s, tenths(numpyMs));
            o.insert(u"numpy_load_over_our_open_and_paint"_s, ratio(numpyMs, ours));
        }
        cases.append(o);
    }
    QJsonObject out {{u"case"_s,
                         u"File → Open of %1 tokens × %2 layers × %3 heads with per-head Q, K, V (d = %4) to the "
                         "whole window painted (1400 × 900, offscreen): the first open in the process, and the median "
                         "of %5 more; the peer is numpy's np.load "
                         "of every array of the same file (safetensors: read and converted to float32)"_s.arg(n)
                             .arg(layers)
                             .arg(heads)
                             .arg(dim)
                             .arg(reps)},
        {u"files"_s, cases}, {u"spec_ms"_s, 1000}};
    if (!peer)
        out.insert(u"numpy"_s, unavailable(error));
    out.insert(u"gguf_tokenizers"_s, ggufTokenizerTimings(quick));
    return out;
}

} // namespace qkv::bench

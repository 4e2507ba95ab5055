#include "transformer/weightstore.h"

#include "platform/cores.h"
#include "platform/fileread.h"
#include "tensorfiles/ggmltype.h"
#include "transformer/memorybudget.h"
#include "transformer/refusal.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <sys/mman.h>
#include <unistd.h>

namespace qkv::transformer {
namespace {

bool inPlace(const WeightStore::Stored &s)
{
    const bool f32 = s.ggml ? s.ggml->id == 0 : s.dtype == Dtype::F32;
    return f32 && s.layout == StoredLayout::AsStored && reinterpret_cast<std::uintptr_t>(s.bytes) % alignof(float) == 0;
}

// The first row of a packed matrix holding NaN or infinity, or -1: widened in blocks of rows.
qint64 firstNonFiniteRow(const Weight &w)
{
    const qint64 cols = w.cols(), step = std::max<qint64>(1, (qint64(1) << 16) / std::max<qint64>(cols, 1));
    std::vector<float> block(std::size_t(step * cols));
    for (qint64 r = 0; r < w.rows(); r += step) {
        const qint64 n = std::min(step, w.rows() - r);
        w.decodeRows(r, n, block.data());
        if (const qint64 at = firstNonFinite(block.data(), n * cols); at >= 0)
            return r + at / cols;
    }
    return -1;
}

// A matrix used where it lies, as stored: every one the file does not hold as aligned F32 in the
// checkpoint's layout, but GPT-2's transposed GGUF matrices (small models, widened once).
bool keptPacked(const WeightStore::Stored &s)
{
    return s.shape.size() == 2 && s.layout != StoredLayout::Transposed && !inPlace(s) && !s.widen;
}

// The checkpoint's row order of a RotaryRows matrix: within each head, stored row 2i + j is the
// checkpoint's row j·(d/2) + i.
std::vector<qint32> rotaryRowOrder(const WeightStore::Stored &s)
{
    std::vector<qint32> order(std::size_t(s.shape.front()));
    const qint64 d = s.shape.front() / s.heads, half = d / 2;
    for (qint64 h = 0; h < s.heads; ++h)
        for (qint64 j = 0; j < 2; ++j)
            for (qint64 i = 0; i < half; ++i)
                order[std::size_t(h * d + j * half + i)] = qint32(h * d + 2 * i + j);
    return order;
}

// The values of `s` as float32 in the checkpoint's order at `out`.
void decode(const WeightStore::Stored &s, float *out)
{
    if (s.layout == StoredLayout::AsStored) {
        if (s.ggml)
            dequantizeGgml(*s.ggml, s.bytes, s.count, out);
        else
            widenToFloat(s.bytes, s.dtype, s.count, out);
        return;
    }
    std::vector<float> stored(std::size_t(s.count));
    dequantizeGgml(*s.ggml, s.bytes, s.count, stored.data());
    const qint64 rows = s.shape.front(), cols = s.count / rows;
    if (s.layout == StoredLayout::Transposed) { // stored [cols][rows]
        for (qint64 r = 0; r < rows; ++r)
            for (qint64 c = 0; c < cols; ++c)
                out[r * cols + c] = stored[std::size_t(c * rows + r)];
        return;
    }
    const std::vector<qint32> order = rotaryRowOrder(s);
    for (qint64 r = 0; r < rows; ++r)
        std::memcpy(
            out + r * cols, stored.data() + qint64(order[std::size_t(r)]) * cols, std::size_t(cols) * sizeof(float));
}

QString gib(qint64 bytes)
{
    return QString::number(double(bytes) / double(qint64(1) << 30), 'f', 2) + u" GiB"_qs;
}

// On huge pages where Linux has them: faulting in hundreds of MB page by page costs more than
// widening them (see qkvcore's bulkallocator.h).
float *allocateFloats(qint64 count)
{
    constexpr std::size_t hugePage = std::size_t(2) << 20;
    const std::size_t bytes = (std::size_t(count) * sizeof(float) + hugePage - 1) / hugePage * hugePage;
    void *p = std::aligned_alloc(hugePage, bytes);
#if defined(MADV_HUGEPAGE)
    if (p)
        madvise(p, bytes, MADV_HUGEPAGE); // advice only
#endif
    return static_cast<float *>(p);
}

// A widened tensor's file pages are not needed again: out of the resident set they go (the
// page cache keeps them while memory allows), so memory holds the float32 copy only.
void dropPages(const uchar *bytes, qint64 size)
{
    // Whole pages only, found as offsets so that the pointer given is one into the mapping.
    const auto page = std::uintptr_t(sysconf(_SC_PAGE_SIZE));
    const auto address = reinterpret_cast<std::uintptr_t>(bytes);
    const auto begin = (address + page - 1) / page * page - address;
    const auto end = (address + std::uintptr_t(size)) / page * page - address;
    if (end > begin)
        madvise(const_cast<char *>(reinterpret_cast<const char *>(bytes)) + begin, end - begin, MADV_DONTNEED);
}

// Refuses a shard that is a link to a file outside `dir`, except into the Hugging Face cache's
// blobs beside the snapshots (models--NAME/snapshots/REV/x -> ../../blobs/HASH), where every
// file of a snapshot points.
void refuseOutside(const QDir &dir, const QString &shard, const QString &indexPath)
{
    const QString target = QFileInfo(dir.filePath(shard)).canonicalFilePath();
    if (target.isEmpty())
        return; // missing: opening it says so
    const QDir folder(dir.canonicalPath());
    QStringList roots {folder.path()};
    QDir repo = folder;
    if (repo.cdUp() && repo.dirName() == u"snapshots" && repo.cdUp())
        roots << repo.filePath(u"blobs"_qs);
    for (const QString &root : roots) {
        if (target.startsWith(root + u'/'))
            return;
    }
    refuse(QStringLiteral("%1: weight_map: %2 is a link to a file outside the model's folder").arg(indexPath, shard));
}

} // namespace

void Weight::decodeRows(qint64 first, qint64 n, float *out) const
{
    const qint64 c = cols();
    if (data) {
        std::memcpy(out, data + first * c, std::size_t(n * c) * sizeof(float));
        return;
    }
    const auto decode = [&](const uchar *from, qint64 values, float *to) {
        if (ggml)
            dequantizeGgml(*ggml, from, values, to);
        else
            widenToFloat(from, dtype, values, to);
    };
    if (rowOrder.empty()) { // the rows lie one after the other
        decode(packed + first * rowBytes, n * c, out);
        return;
    }
    for (qint64 r = 0; r < n; ++r)
        decode(packed + qint64(rowOrder[std::size_t(first + r)]) * rowBytes, c, out + r * c);
}

const unsigned short *Weight::bf16Rows() const
{
    const bool bf16 = ggml ? ggml->id == 30 : dtype == Dtype::BF16; // ggml's GGML_TYPE_BF16
    if (!packed || !bf16 || !rowOrder.empty() || rowBytes != cols() * 2)
        return nullptr;
    // Read through memcpy only (matmul.h): the address may be odd.
    return reinterpret_cast<const unsigned short *>(packed);
}

WeightStore::WeightStore() = default;
WeightStore::~WeightStore() = default;

void WeightStore::Free::operator()(float *p) const
{
    std::free(p);
}

QString WeightStore::Stored::typeName() const
{
    return ggml ? QString::fromLatin1(ggml->name) : dtypeName(dtype);
}

void WeightStore::index(const QString &name, const Stored &stored)
{
    if (const auto other = m_index.constFind(name); other != m_index.cend())
        refuse(QStringLiteral("%1: tensor %2 is also in %3").arg(stored.file, name, other->file));
    m_index.insert(name, stored);
}

void WeightStore::add(std::unique_ptr<SafetensorsFile> file)
{
    for (const SafetensorsEntry &e : file->entries())
        index(e.name, {file->path(), {}, e.shape, e.count, e.size, file->bytes(e), e.dtype});
    m_files.push_back(std::move(file));
}

void WeightStore::openGguf(std::unique_ptr<GgufFile> file, const Config &config)
{
    m_configName = QStringLiteral("the GGUF metadata");
    const QString arch = file->header().value(u"general.architecture"_qs)->value.toString();
    for (const GgufTensor &t : file->header().tensors) {
        const std::optional<CheckpointName> name = checkpointName(arch, t.name);
        if (!name)
            continue;
        Stored s {file->path(), t.name, {t.dims.rbegin(), t.dims.rend()}, t.elements, t.size, file->bytes(t)};
        s.ggml = t.type;
        s.layout = name->layout;
        if (s.layout == StoredLayout::Transposed) {
            if (s.shape.size() != 2)
                refuse(QStringLiteral("%1: tensor %2 has shape %3; a matrix was expected")
                           .arg(file->path(), t.name, ggufShape(t.dims)));
            std::swap(s.shape[0], s.shape[1]);
        } else if (s.layout == StoredLayout::RotaryRows) {
            s.heads = t.name.contains(u"attn_q") ? config.heads : config.kvHeads;
            if (s.heads <= 0 || s.shape.front() % (2 * qint64(s.heads)) != 0)
                refuse(QStringLiteral("%1: tensor %2 has %3 rows, not a whole number of pairs for each of %4 heads")
                           .arg(file->path(), t.name)
                           .arg(s.shape.front())
                           .arg(s.heads));
        }
        index(name->name, s);
    }
    m_gguf = std::move(file);
}

void WeightStore::open(const QString &folder)
{
    const QDir dir(folder);
    const QString single = dir.filePath(u"model.safetensors"_qs);
    const QString indexPath = dir.filePath(u"model.safetensors.index.json"_qs);
    if (QFile::exists(single)) {
        add(std::make_unique<SafetensorsFile>(single));
        return;
    }
    if (!QFileInfo::exists(indexPath))
        refuse(QStringLiteral("%1: holds neither model.safetensors nor model.safetensors.index.json (other weight "
                              "formats such as pytorch_model.bin are not read)")
                   .arg(folder));
    QString why;
    const std::optional<QByteArray> bytes = readWholeFile(indexPath, qint64(64) << 20, &why);
    if (!bytes)
        refuse(QStringLiteral("%1: cannot be read: %2").arg(indexPath, why));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        refuse(QStringLiteral("%1: not a JSON object: %2").arg(indexPath, error.errorString()));
    const QJsonValue map = doc.object().value(u"weight_map"_qs);
    if (!map.isObject() || map.toObject().isEmpty())
        refuse(QStringLiteral("%1: weight_map: expected an object naming each tensor's file").arg(indexPath));
    QHash<QString, QString> fileOf;
    QStringList shards;
    const QJsonObject weightMap = map.toObject();
    for (auto it = weightMap.begin(); it != weightMap.end(); ++it) {
        const QString shard = it.value().toString();
        // Only files beside the index: a name must not lead elsewhere on the disk.
        if (!it.value().isString() || !isPlainFileName(shard))
            refuse(
                QStringLiteral("%1: weight_map: %2: expected a file name in the same folder").arg(indexPath, it.key()));
        fileOf.insert(it.key(), shard);
        if (!shards.contains(shard))
            shards << shard;
    }
    shards.sort();
    for (const QString &shard : shards) {
        refuseOutside(dir, shard, indexPath);
        add(std::make_unique<SafetensorsFile>(dir.filePath(shard)));
    }
    for (auto it = fileOf.cbegin(); it != fileOf.cend(); ++it) {
        const auto found = m_index.constFind(it.key());
        if (found == m_index.cend() || QFileInfo(found->file).fileName() != it.value())
            refuse(QStringLiteral("%1: weight_map puts %2 in %3, which does not hold it")
                       .arg(indexPath, it.key(), it.value()));
    }
}

const Weight *WeightStore::require(const QString &name, const std::vector<qint64> &shape, const QString &why)
{
    for (const auto &w : m_used) {
        if (w->name == name)
            return w.get();
    }
    const auto found = m_index.constFind(name);
    if (found == m_index.cend())
        refuse(QStringLiteral("%1: tensor %2 is missing").arg(describeLocation(), name));
    const Stored &s = *found;
    const QString &named = s.storedName.isEmpty() ? name : s.storedName;
    if (s.shape != shape)
        refuse(QStringLiteral("%1: tensor %2 has shape %3, but %4 (%5) needs %6")
                   .arg(s.file, named, safetensorsShape(s.shape), m_configName, why, safetensorsShape(shape)));
    if (s.ggml ? !s.ggml->decoded : !widensExactly(s.dtype))
        refuse(QStringLiteral("%1: tensor %2 is %3; weights are read as %4")
                   .arg(s.file, named, s.typeName(),
                       s.ggml ? QStringLiteral("F32, F16, BF16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q2_K, Q3_K, Q4_K, Q5_K "
                                               "or Q6_K")
                              : QStringLiteral("F32, F16 or BF16")));
    auto w = std::make_unique<Weight>();
    w->name = name;
    w->file = s.file;
    w->shape = shape;
    w->count = s.count;
    m_used.push_back(std::move(w));
    m_usedFrom.push_back(s);
    return m_used.back().get();
}

void WeightStore::widen(const Weight *w)
{
    for (std::size_t i = 0; i < m_used.size(); ++i)
        if (m_used[i].get() == w)
            m_usedFrom[i].widen = true;
}

void WeightStore::materialize(qint64 budget, const std::function<bool(qint64, qint64)> &progress)
{
    const qint64 need = usedBytes();
    if (need > budget)
        refuse(QStringLiteral("%1: the model's weights need %2 of memory, more than the %3 this machine allows "
                              "(three quarters of its memory); it was not loaded")
                   .arg(describeLocation(), gib(need), gib(budget)));
    qint64 owned = 0;
    for (const Stored &l : m_usedFrom)
        owned += inPlace(l) || keptPacked(l) ? 0 : l.count;
    if (owned * qint64(sizeof(float)) > availableMemory())
        refuse(QStringLiteral("%1: widening the weights to float32 needs %2, more than the %3 of memory available now")
                   .arg(describeLocation(), gib(owned * qint64(sizeof(float))), gib(availableMemory())));
    if (owned > 0) {
        m_owned.reset(allocateFloats(owned));
        if (!m_owned)
            refuse(QStringLiteral("%1: %2 could not be allocated for the weights")
                       .arg(describeLocation(), gib(owned * 4)));
    }
    m_ownedCount = owned;
    std::vector<float *> targets(m_used.size(), nullptr);
    qint64 next = 0;
    for (std::size_t i = 0; i < m_used.size(); ++i) {
        if (!inPlace(m_usedFrom[i]) && !keptPacked(m_usedFrom[i])) {
            targets[i] = m_owned.get() + next;
            next += m_used[i]->count;
        }
    }
    std::vector<char> bad(m_used.size(), 0);
    std::atomic<qint64> done = 0;
    std::atomic<bool> stopped = false;
    std::mutex telling; // the callback hears one thread at a time
    // Tensors spread over the cores, a part each once there is 16 MiB in all: widening is the
    // open's main cost for F16/BF16, and a model has one to a few hundred tensors.
    const bool spread = m_used.size() > 1 && usedBytes() > (qint64(16) << 20);
    inParts(spread ? int(m_used.size()) : 1, [&](int part, int parts) {
        for (std::size_t i = std::size_t(part); i < m_used.size() && !stopped; i += std::size_t(parts)) {
            const Stored &e = m_usedFrom[i];
            Weight &w = *m_used[i];
            if (keptPacked(e)) {
                w.packed = e.bytes;
                w.dtype = e.dtype;
                w.ggml = e.ggml;
                w.rowBytes = e.size / e.shape.front();
                if (e.layout == StoredLayout::RotaryRows)
                    w.rowOrder = rotaryRowOrder(e);
                bad[i] = firstNonFiniteRow(w) >= 0; // which also brings its pages in, as a product will
            } else {
                if (targets[i]) {
                    decode(e, targets[i]);
                    dropPages(e.bytes, e.size); // at once, so the file and its float32 copy are never both resident
                    w.data = targets[i];
                } else {
                    w.data = reinterpret_cast<const float *>(e.bytes);
                }
                bad[i] = firstNonFinite(w.data, e.count) >= 0;
            }
            const qint64 now = done += keptPacked(e) ? e.size : w.count * qint64(sizeof(float));
            if (progress) {
                const std::lock_guard lock(telling);
                if (!stopped && !progress(now, need))
                    stopped = true;
            }
        }
    });
    if (stopped)
        refuse(QStringLiteral("%1: opening was stopped").arg(describeLocation()));
    for (std::size_t i = 0; i < m_used.size(); ++i) {
        if (bad[i])
            refuse(QStringLiteral("%1: tensor %2 holds NaN or infinite values")
                       .arg(m_used[i]->file,
                           m_usedFrom[i].storedName.isEmpty() ? m_used[i]->name : m_usedFrom[i].storedName));
    }
}

qint64 WeightStore::parameterCount() const
{
    qint64 total = 0;
    for (const auto &f : m_files) {
        for (const SafetensorsEntry &e : f->entries())
            total += e.count;
    }
    if (m_gguf) {
        for (const GgufTensor &t : m_gguf->header().tensors)
            total += t.elements;
    }
    return total;
}

qint64 WeightStore::fileBytes() const
{
    qint64 total = m_gguf ? m_gguf->fileSize() : 0;
    for (const auto &f : m_files)
        total += f->fileSize();
    return total;
}

qint64 WeightStore::usedBytes() const
{
    qint64 total = 0;
    for (const Stored &s : m_usedFrom)
        total += keptPacked(s) ? s.size : s.count * qint64(sizeof(float));
    return total;
}

QString WeightStore::describeLocation() const
{
    if (m_gguf)
        return m_gguf->path();
    if (m_files.empty())
        return QStringLiteral("(no weights)");
    return m_files.size() == 1 ? m_files.front()->path()
                               : QFileInfo(m_files.front()->path()).dir().filePath(u"model.safetensors.index.json"_qs);
}

} // namespace qkv::transformer

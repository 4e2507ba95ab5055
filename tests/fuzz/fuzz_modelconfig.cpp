// A model's config.json (readConfig) on any bytes: a refusal names the file and the key; an
// accepted config has sizes a model can be built of (each from 1 to 2^30, so that products of two
// stay far inside 64 bits; heads a multiple of the key-value heads; the head size dividing the
// hidden size unless given, even for rotary positions) and finite positive constants, so that the
// rotary frequencies are finite too.
#include "fuzzfiles.h"
#include "transformer/config.h"
#include "transformer/refusal.h"
#include "transformer/rotary.h"

#include <cmath>

using namespace qkv;
using namespace qkv::transformer;

namespace {

void checkSize(int value, int minimum, const char *what)
{
    FUZZ_CHECK(value >= minimum && value <= (1 << 30), QStringLiteral("%1 = %2").arg(QLatin1String(what)).arg(value));
}

void checkPositive(double value, const char *what)
{
    FUZZ_CHECK(std::isfinite(value) && value > 0, QStringLiteral("%1 = %2").arg(QLatin1String(what)).arg(value));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QString path = fuzz::scratchPath(QStringLiteral("config.json"));
    fuzz::writeFile(path, QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    Config c;
    try {
        c = readConfig(path);
    } catch (const Refusal &r) {
        FUZZ_CHECK(r.message.startsWith(path + QStringLiteral(": ")) && r.message.size() > path.size() + 2, r.message);
        return 0;
    }
    checkSize(c.layers, 1, "layers");
    checkSize(c.heads, 1, "heads");
    checkSize(c.kvHeads, 1, "key-value heads");
    checkSize(c.hidden, 1, "hidden");
    checkSize(c.headDim, 1, "head_dim");
    checkSize(c.intermediate, 1, "intermediate");
    checkSize(c.vocab, 1, "vocab");
    checkSize(c.maxPositions, 1, "positions");
    checkSize(c.typeVocab, 0, "type_vocab_size");
    checkSize(c.slidingWindow, 0, "sliding_window");
    FUZZ_CHECK(c.heads % c.kvHeads == 0, QStringLiteral("%1 heads, %2 key-value heads").arg(c.heads).arg(c.kvHeads));
    // Llama-family head_dim and T5's d_kv are free; the others divide the hidden size.
    FUZZ_CHECK(c.family == Family::Llama || c.family == Family::T5 || c.headDim * c.heads == c.hidden,
        QStringLiteral("%1 heads of %2 for hidden %3").arg(c.heads).arg(c.headDim).arg(c.hidden));
    FUZZ_CHECK(!c.rotary() || (c.rotated() % 2 == 0 && c.rotated() >= 2 && c.rotated() <= c.headDim),
        QStringLiteral("%1 rotated columns of a head of %2").arg(c.rotated()).arg(c.headDim));
    checkSize(c.decoderLayers, 0, "decoder layers");
    for (const std::vector<double> *factors : {&c.ropeScaling.shortFactors, &c.ropeScaling.longFactors})
        FUZZ_CHECK(!c.ropeScaling.longrope || factors->size() == std::size_t(c.rotated() / 2),
            QStringLiteral("%1 longrope factors for %2 rotated columns").arg(factors->size()).arg(c.rotated()));
    checkPositive(c.eps, "eps");
    checkPositive(c.ropeTheta, "rope_theta");
    if (c.ropeScaling.llama3) {
        const RopeScaling &s = c.ropeScaling;
        checkPositive(s.factor, "rope factor");
        checkPositive(s.lowFreqFactor, "low_freq_factor");
        checkPositive(s.originalMaxPositions, "original_max_position_embeddings");
        FUZZ_CHECK(s.highFreqFactor > s.lowFreqFactor, QStringLiteral("high_freq_factor ≤ low_freq_factor"));
    }
    // The frequencies of a config any size: a head of 2^30 would be 2 GiB of them.
    if (c.rotary() && c.headDim <= 4096) {
        const Eigen::VectorXf inv = Rotary::inverseFrequencies(c);
        FUZZ_CHECK(inv.allFinite(), QStringLiteral("rotary frequencies are not finite"));
        if (c.ropeScaling.longrope)
            FUZZ_CHECK(Rotary::inverseFrequencies(c, Eigen::Index(c.ropeScaling.originalMaxPositions) + 1).allFinite(),
                QStringLiteral("longrope's long frequencies are not finite"));
    }
    return 0;
}

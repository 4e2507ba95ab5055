#include "tensorfiles/npyheader.h"

#include "tensorfiles/tensordecode.h"

#include <set>

namespace qkv::tensorio {
namespace {

class HeaderParser
{
public:
    explicit HeaderParser(const QString &text)
        : m_text(text)
    { }

    NpyHeader parse()
    {
        NpyHeader h;
        std::set<QString> seen;
        expect(u'{');
        while (!peek(u'}')) {
            const QString key = string();
            if (!seen.insert(key).second)
                fail(QStringLiteral("header: '%1' is given twice").arg(key));
            expect(u':');
            if (key == u"descr") {
                if (peek(u'['))
                    fail(QStringLiteral("header: structured arrays (a list of fields as dtype) are not read"));
                h.descr = string();
            } else if (key == u"fortran_order") {
                h.fortranOrder = boolean();
            } else if (key == u"shape") {
                h.shape = tuple();
            } else {
                fail(QStringLiteral("header: unknown key '%1'").arg(key));
            }
            if (!peek(u'}'))
                expect(u',');
        }
        ++m_pos;
        skipSpace(); // NumPy pads the header with spaces and a newline
        if (m_pos < m_text.size())
            unexpected(u"the end of the header"_qs);
        for (const char *key : {"descr", "fortran_order", "shape"})
            if (!seen.count(QLatin1String(key)))
                fail(QStringLiteral("header: '%1' is missing").arg(QLatin1String(key)));
        return h;
    }

private:
    void skipSpace()
    {
        while (m_pos < m_text.size() && m_text[m_pos].isSpace())
            ++m_pos;
    }

    bool peek(char16_t c)
    {
        skipSpace();
        return m_pos < m_text.size() && m_text[m_pos] == c;
    }

    [[noreturn]] void unexpected(const QString &expected)
    {
        const QString found = m_pos < m_text.size() ? QStringLiteral("'%1'").arg(m_text[m_pos]) : u"the end"_qs;
        fail(QStringLiteral("header: expected %1 at character %2, found %3").arg(expected).arg(m_pos + 1).arg(found));
    }

    void expect(char16_t c)
    {
        if (!peek(c))
            unexpected(QStringLiteral("'%1'").arg(QChar(c)));
        ++m_pos;
    }

    QString string()
    {
        skipSpace();
        if (m_pos >= m_text.size() || (m_text[m_pos] != u'\'' && m_text[m_pos] != u'"'))
            unexpected(u"a string"_qs);
        const QChar quote = m_text[m_pos++];
        const qsizetype start = m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] != quote) {
            // NumPy's own keys and dtypes never need escapes; a string with one is not a header.
            if (m_text[m_pos] == u'\\')
                fail(QStringLiteral("header: escapes in strings are not read (character %1)").arg(m_pos + 1));
            ++m_pos;
        }
        if (m_pos >= m_text.size())
            unexpected(QStringLiteral("the closing quote"));
        return m_text.mid(start, m_pos++ - start);
    }

    bool boolean()
    {
        skipSpace();
        for (const auto &[word, value] : {std::pair {u"True", true}, {u"False", false}}) {
            if (QStringView(m_text).mid(m_pos).startsWith(word)) {
                m_pos += QStringView(word).size();
                return value;
            }
        }
        unexpected(u"True or False"_qs);
    }

    qint64 integer()
    {
        skipSpace();
        const qsizetype start = m_pos;
        qint64 value = 0;
        while (m_pos < m_text.size() && m_text[m_pos].isDigit() && m_text[m_pos].unicode() < 128) {
            if (m_pos - start >= 18)
                fail(QStringLiteral("header: dimension at character %1 is too large").arg(start + 1));
            value = value * 10 + (m_text[m_pos++].unicode() - u'0');
        }
        if (m_pos == start)
            unexpected(u"a whole number"_qs);
        if (m_pos < m_text.size() && m_text[m_pos] == u'L') // Python 2 long integers
            ++m_pos;
        return value;
    }

    std::vector<qint64> tuple()
    {
        std::vector<qint64> out;
        expect(u'(');
        while (!peek(u')')) {
            if (out.size() >= 32) // NumPy's own limit on dimensions
                fail(QStringLiteral("header: a shape has at most 32 dimensions"));
            out.push_back(integer());
            if (!peek(u')'))
                expect(u',');
        }
        ++m_pos;
        return out;
    }

    const QString &m_text;
    qsizetype m_pos = 0;
};

} // namespace

NpyHeader parseNpyHeader(const QString &text)
{
    return HeaderParser(text).parse();
}

} // namespace qkv::tensorio

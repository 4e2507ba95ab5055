#pragma once

#include <QAbstractScrollArea>
#include <QStringList>

#include <vector>

namespace qkv {

// The sentence's tokens as chips on one scrollable line, so a person sees how the tokenizer
// split what they typed. Click a chip to select that token; arrow keys move the selection.
class TokenStrip : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit TokenStrip(QWidget *parent = nullptr);

    void setTokens(const QStringList &tokens);
    void setSelectedToken(int token);
    int selectedToken() const { return m_selected; }
    // As shown: each one's first characters when very long.
    const QStringList &tokens() const { return m_tokens; }
    // The chip under a point of the viewport, or -1.
    int tokenAt(const QPoint &viewportPos) const;
    QRect chipRect(int token) const; // in viewport coordinates

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

Q_SIGNALS:
    void tokenClicked(int token);
    // A right-click on a chip: the window offers the word's helpers there.
    void tokenMenuRequested(int token, const QPoint &globalPos);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void layoutChips();

    QStringList m_source; // as given
    QStringList m_tokens; // as shown
    std::vector<int> m_left; // chip i spans [m_left[i], m_left[i] + m_width[i])
    std::vector<int> m_width;
    int m_selected = -1;
};

} // namespace qkv

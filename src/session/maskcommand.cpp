#include "session/maskcommand.h"

#include "session/commandtext.h"
#include "session/documentsession.h"

namespace qkv {

MaskCommand::MaskCommand(DocumentSession *session, Cell cell)
    : m_session(session)
    , m_cell(cell)
{
    const bool masked = session->document().maskedCells().count(cell) > 0;
    setText(maskText(session->document().tokens(), cell, !masked));
}

void MaskCommand::toggle()
{
    m_session->modify([this](Document &doc) {
        std::set<Cell> cells = doc.maskedCells();
        if (!cells.erase(m_cell))
            cells.insert(m_cell);
        doc.setMaskedCells(cells);
    });
}

} // namespace qkv

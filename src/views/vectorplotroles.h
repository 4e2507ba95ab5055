#pragma once

#include "document/document.h"

#include <QColor>
#include <QString>

#include <array>

// What the vector plot's files share about the three roles it draws.
namespace qkv::vectorplot {

inline constexpr std::array<Role, 3> roles {Role::Query, Role::Key, Role::Value};

inline std::size_t idx(Role role)
{
    return static_cast<std::size_t>(role);
}

// Okabe-Ito colours (colour-blind safe), lighter variants on dark backgrounds.
inline QColor roleColor(Role role, bool dark)
{
    switch (role) {
    case Role::Query:
        return dark ? QColor(0x56, 0xB4, 0xE9) : QColor(0x00, 0x72, 0xB2);
    case Role::Key:
        return dark ? QColor(0xE6, 0x9F, 0x00) : QColor(0xD5, 0x5E, 0x00);
    case Role::Value:
        return dark ? QColor(0x3C, 0xC7, 0x9A) : QColor(0x00, 0x9E, 0x73);
    }
    return {};
}

// The output o = Σ a·v: Okabe-Ito's reddish purple, apart from the three roles' colours.
inline QColor outputColor(bool dark)
{
    return dark ? QColor(0xE3, 0x9B, 0xC7) : QColor(0xCC, 0x79, 0xA7);
}

inline QString roleLetter(Role role)
{
    return role == Role::Query ? QStringLiteral("q") : role == Role::Key ? QStringLiteral("k") : QStringLiteral("v");
}

inline Field roleField(Role role)
{
    return role == Role::Query ? Field::Query : role == Role::Key ? Field::Key : Field::Value;
}

} // namespace qkv::vectorplot

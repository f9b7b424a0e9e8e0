// SPDX-License-Identifier: GPL-3.0-or-later
// liblouis behind one call: UTF-8 in, Unicode braille patterns out, its wide characters and
// its unguarded globals (compiled tables, log callback) kept inside.
#include "support/ShimSupport.hpp"

#include <liblouis/liblouis.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace {

/// liblouis's tables, its log callback and the complaint below are globals it does not guard.
std::mutex louis_lock;
/// liblouis's last error-level complaint ("Cannot resolve table 'xx.ctb'"), guarded by `louis_lock`.
std::string louis_complaint;

/// Keeps liblouis's errors for our message instead of letting it print them on stderr, where
/// a screen-reader user would hear them.
void EXPORT_CALL keep_complaint(logLevels level, const char *text) {
    if (level >= LOU_LOG_ERROR && text != nullptr && louis_complaint.empty()) louis_complaint = text;
}

/// The Unicode scalars of UTF-8 text; a malformed sequence is U+FFFD.
std::vector<char32_t> decode_utf8(const char *text) {
    std::vector<char32_t> scalars;
    const auto *bytes = reinterpret_cast<const unsigned char *>(text);
    size_t index = 0;
    while (bytes[index] != 0) {
        const unsigned char lead = bytes[index];
        const int extra = lead < 0x80 ? 0 : (lead & 0xE0) == 0xC0 ? 1 : (lead & 0xF0) == 0xE0 ? 2 : (lead & 0xF8) == 0xF0 ? 3 : -1;
        char32_t scalar = extra == 0 ? lead : extra == 1 ? lead & 0x1F : extra == 2 ? lead & 0x0F : lead & 0x07;
        bool valid = extra >= 0;
        int taken = 1;
        for (int follow = 1; valid && follow <= extra; ++follow) {
            const unsigned char next = bytes[index + follow];
            if ((next & 0xC0) != 0x80) {
                valid = false;
                break;
            }
            scalar = (scalar << 6) | (next & 0x3F);
            taken = follow + 1;
        }
        if (valid && (scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF))) valid = false;
        scalars.push_back(valid ? scalar : U'\uFFFD');
        index += valid ? size_t(extra + 1) : size_t(taken);
    }
    return scalars;
}

/// Scalars as liblouis's wide characters: UTF-32 when it was built with 4-byte characters
/// (Debian's is), else UTF-16 with surrogate pairs.
std::vector<widechar> to_widechars(const std::vector<char32_t> &scalars) {
    std::vector<widechar> wide;
    wide.reserve(scalars.size());
    for (char32_t scalar : scalars) {
        if (sizeof(widechar) == 2 && scalar > 0xFFFF) {
            const char32_t offset = scalar - 0x10000;
            wide.push_back(widechar(0xD800 + (offset >> 10)));
            wide.push_back(widechar(0xDC00 + (offset & 0x3FF)));
        } else {
            wide.push_back(widechar(scalar));
        }
    }
    return wide;
}

/// Appends one scalar as UTF-8.
void append_utf8(std::string &text, char32_t scalar) {
    if (scalar < 0x80) {
        text += char(scalar);
    } else if (scalar < 0x800) {
        text += char(0xC0 | (scalar >> 6));
        text += char(0x80 | (scalar & 0x3F));
    } else if (scalar < 0x10000) {
        text += char(0xE0 | (scalar >> 12));
        text += char(0x80 | ((scalar >> 6) & 0x3F));
        text += char(0x80 | (scalar & 0x3F));
    } else {
        text += char(0xF0 | (scalar >> 18));
        text += char(0x80 | ((scalar >> 12) & 0x3F));
        text += char(0x80 | ((scalar >> 6) & 0x3F));
        text += char(0x80 | (scalar & 0x3F));
    }
}

/// One output cell as its Unicode braille pattern: with `ucBrl` liblouis gives U+2800 plus
/// the dots already; a bare dot pattern (`LOU_DOTS` plus dots 1-8 as bits) is converted.
char32_t braille_pattern(widechar cell) {
    if ((cell & 0xFF00) == LOU_ROW_BRAILLE) return char32_t(cell);
    if ((cell & LOU_DOTS) != 0) return char32_t(LOU_ROW_BRAILLE | (cell & 0xFF));
    return char32_t(LOU_ROW_BRAILLE);  // not a cell: shown blank rather than as print
}

}  // namespace

extern "C" {

// One lock around every liblouis call, since its table cache is shared by all threads.
CVision_Status CVision_braille_translate(const char *table_list, const char *utf8, char **out, size_t *length,
                                         char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        *out = nullptr;
        *length = 0;
        if (lou_charSize() != int(sizeof(widechar))) {
            // liblouis built with other characters than its header says: a packaging fault.
            cvision::write_message(message, capacity, std::to_string(lou_charSize()) + " != " + std::to_string(sizeof(widechar)));
            return CVision_ErrorInternal;
        }
        std::lock_guard<std::mutex> guard(louis_lock);
        lou_registerLogCallback(keep_complaint);
        lou_setLogLevel(LOU_LOG_ERROR);
        louis_complaint.clear();
        if (lou_getTable(table_list) == nullptr) {
            cvision::write_message(message, capacity, louis_complaint);
            return CVision_ErrorNoLanguage;
        }
        const std::vector<widechar> input = to_widechars(decode_utf8(utf8));
        std::vector<widechar> cells;
        // liblouis refuses an empty string; it is no cells.
        if (input.empty()) {
            *out = static_cast<char *>(std::calloc(1, 1));
            if (*out == nullptr) throw std::bad_alloc();
            return CVision_OK;
        }
        // Contractions shorten, but capital, number and letter signs can more than double a
        // line: grow the buffer until liblouis has taken all of the input.
        for (size_t room = input.size() * 2 + 16;; room *= 2) {
            cells.assign(room, 0);
            int taken = int(input.size());
            int made = int(room);
            if (!lou_translateString(table_list, input.data(), &taken, cells.data(), &made, nullptr, nullptr,
                                     ucBrl | dotsIO)) {
                cvision::write_message(message, capacity, louis_complaint);
                return CVision_ErrorInternal;
            }
            if (taken >= int(input.size()) || room > input.size() * 64 + 1024) {
                cells.resize(size_t(made));
                break;
            }
        }
        std::string text;
        text.reserve(cells.size() * 3);
        for (widechar cell : cells) append_utf8(text, braille_pattern(cell));
        char *copy = static_cast<char *>(std::malloc(text.size() + 1));
        if (copy == nullptr) throw std::bad_alloc();
        std::memcpy(copy, text.c_str(), text.size() + 1);
        *out = copy;
        *length = text.size();
        return CVision_OK;
    });
}

}  // extern "C"

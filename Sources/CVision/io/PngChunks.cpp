// SPDX-License-Identifier: GPL-3.0-or-later
// Walks a PNG's chunks by their lengths and keeps only those decoding needs (see PngChunks.hpp).
#include "io/PngChunks.hpp"

#include <cstdint>
#include <cstring>

namespace {

constexpr unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
/// A phone's EXIF block in a JPEG fits one 64 KiB segment; an eXIf chunk has no more to say.
constexpr uint32_t kLargestExif = 65535;

uint32_t big_endian_32(const unsigned char *bytes) {
    return uint32_t(bytes[0]) << 24 | uint32_t(bytes[1]) << 16 | uint32_t(bytes[2]) << 8 | uint32_t(bytes[3]);
}

bool kept(const char type[4], uint32_t length) {
    const bool critical = (type[0] & 0x20) == 0;  // an upper-case first letter
    if (critical) return true;
    if (std::memcmp(type, "tRNS", 4) == 0 || std::memcmp(type, "pHYs", 4) == 0) return true;
    return std::memcmp(type, "eXIf", 4) == 0 && length <= kLargestExif;
}

/// The chunk's type as text for a message: letters as they are, anything else as '?'.
std::string printable(const char type[4]) {
    std::string text(type, 4);
    for (char &c : text) {
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) c = '?';
    }
    return text;
}

}  // namespace

namespace cvision {

bool is_png(const unsigned char *data, size_t length) {
    return data != nullptr && length >= sizeof kSignature && std::memcmp(data, kSignature, sizeof kSignature) == 0;
}

bool png_decoder_copy(const unsigned char *data, size_t length, std::vector<unsigned char> &out, std::string &problem) {
    out.assign(data, data + sizeof kSignature);
    size_t at = sizeof kSignature;
    // A chunk is its length (4 bytes), type (4), data and CRC (4). Fewer bytes than a chunk's
    // frame at the end are a cut-short file, which libpng reports as it always did.
    while (length - at >= 12) {
        const uint32_t size = big_endian_32(data + at);
        char type[4];
        std::memcpy(type, data + at + 4, 4);
        if (size > 0x7FFFFFFFu || size > length - at - 12) {
            problem = "its " + printable(type) + " chunk claims " + std::to_string(size) +
                      " bytes, more than the file holds";
            return false;
        }
        const size_t whole = 12 + size_t(size);
        if (kept(type, size)) out.insert(out.end(), data + at, data + at + whole);
        at += whole;
        if (std::memcmp(type, "IEND", 4) == 0) return true;
    }
    out.insert(out.end(), data + at, data + length);
    return true;
}

}  // namespace cvision

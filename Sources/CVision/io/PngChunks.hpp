// SPDX-License-Identifier: GPL-3.0-or-later
// A PNG cut down to what decoding needs, before libpng sees it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace cvision {

/// The PNG's chunks that decoding needs, in their order and with their CRCs: every critical
/// chunk (IHDR, PLTE, IDAT, IEND, and any other, which libpng then refuses as it would have),
/// tRNS (transparency), pHYs (the resolution, for Tesseract), and eXIf up to 64 KiB (OpenCV
/// turns the picture upright by its orientation). Nothing after IEND. Every other ancillary
/// chunk is left out, so no text, ICC profile or private chunk can make libpng allocate or
/// inflate anything: libpng allocates a chunk's claimed length before reading it (a 141-byte
/// file claiming a 2 GiB tEXt chunk cost 2.1 GiB and 15 s). False, with `problem` in words,
/// when a chunk claims more bytes than the file holds.
bool png_decoder_copy(const unsigned char *data, size_t length, std::vector<unsigned char> &out, std::string &problem);

/// The 8-byte signature every PNG starts with.
bool is_png(const unsigned char *data, size_t length);

}  // namespace cvision

// SPDX-License-Identifier: GPL-3.0-or-later
// A JPEG's scans counted from its markers, before libjpeg decodes any.
#pragma once

#include <cstddef>

namespace cvision {

/// More scans than an encoder writes: libjpeg's default progressive script has 10 (6 for grey),
/// and a tuned script a few dozen at most. libjpeg visits every block of the picture in every
/// scan, so a file of thousands of empty scans costs minutes, holding a progressive picture's
/// whole coefficient buffer all the while.
constexpr int kMostJpegScans = 100;

/// The start-of-scan markers of the picture (not of an EXIF thumbnail inside APP1, which its
/// segment's length skips), up to the end-of-image marker or the end of the bytes; the count
/// stops just past `most`. Entropy-coded data is skipped byte by byte as a decoder would.
int jpeg_scan_count(const unsigned char *data, size_t length, int most);

}  // namespace cvision

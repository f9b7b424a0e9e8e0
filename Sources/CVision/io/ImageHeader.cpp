// SPDX-License-Identifier: GPL-3.0-or-later
// An encoded image's claimed size, read from its header alone: the check that comes before
// any decoding, because a 730 KB PNG can claim 16000 x 16000 pixels and cost gigabytes.
#include "support/ShimSupport.hpp"

#include <leptonica/allheaders.h>
#include <turbojpeg.h>

#include <cstdint>

namespace {

uint32_t big_endian_32(const unsigned char *bytes) {
    return uint32_t(bytes[0]) << 24 | uint32_t(bytes[1]) << 16 | uint32_t(bytes[2]) << 8 | uint32_t(bytes[3]);
}
uint32_t little_endian_32(const unsigned char *bytes) {
    return uint32_t(bytes[3]) << 24 | uint32_t(bytes[2]) << 16 | uint32_t(bytes[1]) << 8 | uint32_t(bytes[0]);
}
uint16_t little_endian_16(const unsigned char *bytes) { return uint16_t(bytes[1] << 8 | bytes[0]); }

/// PNG: the IHDR chunk must come first, right after the signature, and holds the size.
bool png_size(const unsigned char *data, size_t length, long long *width, long long *height) {
    if (length < 24 || data[12] != 'I' || data[13] != 'H' || data[14] != 'D' || data[15] != 'R') return false;
    *width = big_endian_32(data + 16);
    *height = big_endian_32(data + 20);
    return true;
}

/// JPEG: TurboJPEG finds the frame header however many segments come before it.
bool jpeg_size(const unsigned char *data, size_t length, long long *width, long long *height) {
    tjhandle decoder = tjInitDecompress();
    if (decoder == nullptr) return false;
    int w = 0, h = 0, subsampling = 0, colorspace = 0;
    const bool read = tjDecompressHeader3(decoder, data, (unsigned long)length, &w, &h, &subsampling, &colorspace) == 0;
    tjDestroy(decoder);
    *width = w;
    *height = h;
    return read;
}

/// BMP: read here rather than by Leptonica, whose BMP "header" reading decodes the whole file.
/// A negative height means rows stored top-down; the old OS/2 header has 16-bit sizes.
bool bmp_size(const unsigned char *data, size_t length, long long *width, long long *height) {
    if (length < 26) return false;
    const uint32_t header = little_endian_32(data + 14);
    if (header == 12) {
        *width = little_endian_16(data + 18);
        *height = little_endian_16(data + 20);
        return true;
    }
    *width = int32_t(little_endian_32(data + 18));
    const long long rows = int32_t(little_endian_32(data + 22));
    *height = rows < 0 ? -rows : rows;
    return *width >= 0;
}

}  // namespace

using cvision::guarded;
using cvision::write_message;

CVision_Status CVision_image_dimensions(const void *bytes, size_t length, int *width, int *height,
                                        char *message, size_t capacity) {
    *width = 0;
    *height = 0;
    cvision::QuietStderr quiet;  // libtiff and libjpeg complain about damaged headers there
    return guarded(CVision_ErrorDecode, message, capacity, [&] {
        const auto *data = static_cast<const unsigned char *>(bytes);
        l_int32 format = IFF_UNKNOWN;
        if (data == nullptr || length < 12 || findFileFormatBuffer(data, &format) != 0) format = IFF_UNKNOWN;
        long long w = 0, h = 0;
        l_int32 lw = 0, lh = 0, depth = 0, type = 0, bits = 0, samples = 0, extra = 0, extra2 = 0, extra3 = 0;
        bool read = false, supported = true;
        if (format == IFF_PNG) {
            read = png_size(data, length, &w, &h);
        } else if (format == IFF_JFIF_JPEG) {
            read = jpeg_size(data, length, &w, &h);
        } else if (format == IFF_BMP) {
            read = bmp_size(data, length, &w, &h);
        } else if (format == IFF_PNM) {
            read = readHeaderMemPnm(data, length, &lw, &lh, &depth, &type, &bits, &samples) == 0;
        } else if (L_FORMAT_IS_TIFF(format)) {
            read = readHeaderMemTiff(data, length, 0, &lw, &lh, &bits, &samples, &extra, &extra2, &extra3) == 0;
        } else if (format == IFF_WEBP) {
            read = readHeaderMemWebP(data, length, &lw, &lh, &samples) == 0;
        } else if (format == IFF_JP2) {
            read = readHeaderMemJp2k(data, length, &lw, &lh, &bits, &samples, &extra) == 0;
        } else {
            supported = false;  // GIF, PostScript and the like: OpenCV decodes none of them
        }
        if (format != IFF_PNG && format != IFF_JFIF_JPEG && format != IFF_BMP) {
            w = lw;
            h = lh;
        }
        if (!read || w <= 0 || h <= 0 || w > INT32_MAX || h > INT32_MAX) {
            write_message(message, capacity, !supported ? "not an image format that can be decoded"
                                                                    : "the image's header is damaged");
            return CVision_ErrorDecode;
        }
        *width = int(w);
        *height = int(h);
        return CVision_OK;
    });
}

// SPDX-License-Identifier: GPL-3.0-or-later
// A PNG of one flat colour at any size, written row by row through zlib without ever holding
// the picture: the decompression bomb (a 16000 x 16000 picture in under 1 MB) the pixel limit
// must refuse, made in the test rather than kept as a file.
#include "CVisionFlatPNG.h"
#include "support/ShimSupport.hpp"

#include <zlib.h>

#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

void append_32(std::vector<unsigned char> &out, uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back((unsigned char)(value >> shift));
}

void append_chunk(std::vector<unsigned char> &out, const char *type, const std::vector<unsigned char> &data) {
    append_32(out, uint32_t(data.size()));
    const size_t start = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    append_32(out, uint32_t(crc32(0, out.data() + start, uInt(out.size() - start))));
}

}  // namespace

CVision_Status CVision_png_flat(int width, int height, unsigned char grey, void **bytes, size_t *length,
                                char *message, size_t capacity) {
    *bytes = nullptr;
    *length = 0;
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        std::vector<unsigned char> header;
        append_32(header, uint32_t(width));
        append_32(header, uint32_t(height));
        header.insert(header.end(), {8, 2, 0, 0, 0});  // 8-bit RGB, no interlace
        std::vector<unsigned char> row(1 + size_t(width) * 3, grey);
        row[0] = 0;  // filter: none
        z_stream stream{};
        deflateInit(&stream, Z_BEST_COMPRESSION);
        std::vector<unsigned char> compressed, buffer(1 << 16);
        for (int y = 0; y <= height; ++y) {
            const bool last = y == height;
            stream.next_in = last ? nullptr : row.data();
            stream.avail_in = last ? 0 : uInt(row.size());
            int result = Z_OK;
            do {
                stream.next_out = buffer.data();
                stream.avail_out = uInt(buffer.size());
                result = deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH);
                compressed.insert(compressed.end(), buffer.data(), buffer.data() + (buffer.size() - stream.avail_out));
            } while (stream.avail_out == 0 || (last && result != Z_STREAM_END));
        }
        deflateEnd(&stream);
        std::vector<unsigned char> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
        append_chunk(png, "IHDR", header);
        append_chunk(png, "IDAT", compressed);
        append_chunk(png, "IEND", {});
        void *copy = std::malloc(png.size());
        if (copy == nullptr) {
            cvision::write_message(message, capacity, "out of memory");
            return CVision_ErrorInternal;
        }
        std::memcpy(copy, png.data(), png.size());
        *bytes = copy;
        *length = png.size();
        return CVision_OK;
    });
}

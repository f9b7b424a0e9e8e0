// SPDX-License-Identifier: GPL-3.0-or-later
// Counts a JPEG's scans by walking its markers (see JpegScans.hpp).
#include "io/JpegScans.hpp"

namespace cvision {

int jpeg_scan_count(const unsigned char *data, size_t length, int most) {
    if (data == nullptr || length < 4 || data[0] != 0xFF || data[1] != 0xD8) return 0;
    int scans = 0;
    size_t at = 2;
    while (at + 1 < length && scans <= most) {
        if (data[at] != 0xFF) {  // stray bytes between segments: libjpeg skips them too
            ++at;
            continue;
        }
        const unsigned char marker = data[at + 1];
        if (marker == 0xFF) {  // fill byte before a marker
            ++at;
            continue;
        }
        at += 2;
        if (marker == 0xD9) break;  // end of image
        if (marker == 0x00 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // no length
        if (at + 2 > length) break;
        const size_t segment = size_t(data[at]) << 8 | data[at + 1];
        if (segment < 2) break;
        at += segment;
        if (marker != 0xDA) continue;
        ++scans;
        // The entropy-coded data runs to the next marker that is not a stuffed zero or a restart.
        while (at + 1 < length &&
               !(data[at] == 0xFF && data[at + 1] != 0x00 && !(data[at + 1] >= 0xD0 && data[at + 1] <= 0xD7))) {
            ++at;
        }
    }
    return scans;
}

}  // namespace cvision

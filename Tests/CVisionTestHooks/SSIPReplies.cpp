// SPDX-License-Identifier: GPL-3.0-or-later
// The SSIP reply reader, alone, for the fuzz target.
#include "CVisionSSIPReplies.h"

#include "output/SSIPReplies.hpp"

#include <algorithm>

extern "C" CVision_SSIPReading CVision_ssip_read_replies(const void *bytes, size_t count, size_t piece) {
    CVision_SSIPReading reading{0, 0, 0, 0};
    cvision::ssip::ReplyReader reader;
    const char *data = static_cast<const char *>(bytes);
    const size_t step = piece == 0 ? std::max<size_t>(count, 1) : piece;
    for (size_t offset = 0; offset < count; offset += step) {
        const bool good = reader.feed(data + offset, std::min(step, count - offset));
        for (const auto &reply : reader.take()) {
            if (reply.is_event()) {
                ++reading.events;
                // What the client takes from an event: its message and client ids.
                (void)reply.number(0);
                (void)reply.number(1);
            } else {
                ++reading.replies;
            }
        }
        if (!good) {
            reading.broke = 1;
            return reading;
        }
    }
    reading.cut_short = reader.in_reply() ? 1 : 0;
    return reading;
}

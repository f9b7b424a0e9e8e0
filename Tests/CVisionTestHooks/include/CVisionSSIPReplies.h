// SPDX-License-Identifier: GPL-3.0-or-later
// A test hook that reads bytes as the speech client reads a server's: its SSIP reply reader,
// alone, for the fuzz target and tests.
#ifndef CVISION_SSIP_REPLIES_H
#define CVISION_SSIP_REPLIES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What the reply reader made of a server's bytes.
typedef struct CVision_SSIPReading {
    /// Whole replies, and whole event notifications, read before the stream ended or broke.
    size_t replies;
    size_t events;
    /// 1 when the bytes broke the protocol (the client would give the connection up).
    int broke;
    /// 1 when the bytes ended in the middle of a reply or a line.
    int cut_short;
} CVision_SSIPReading;

/// Feeds `count` bytes to the reader `piece` bytes at a time (0: all at once), as a socket
/// might hand them over.
CVision_SSIPReading CVision_ssip_read_replies(const void *bytes, size_t count, size_t piece);

#ifdef __cplusplus
}
#endif

#endif

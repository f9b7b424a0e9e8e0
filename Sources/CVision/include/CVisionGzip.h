// SPDX-License-Identifier: GPL-3.0-or-later
// Streaming reads of a file that may be gzip-compressed or plain, through zlib (gzread passes a
// plain file through unchanged), so an export of several gigabytes is never held in memory.
// A reader is used from one thread at a time.
#ifndef CVISION_GZIP_H
#define CVISION_GZIP_H

#include "CVision.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open file being read from its start.
typedef struct CVision_Gzip CVision_Gzip;

/// Opens `path` for reading; on failure `error_number` is the errno, for the caller to word.
CVision_Status CVision_gzip_create(const char *path, CVision_Gzip **out, int *error_number);

/// Closes the file (NULL is ignored).
void CVision_gzip_destroy(CVision_Gzip *reader);

/// Reads up to `capacity` uncompressed bytes into `buffer`; `*count` is 0 at the end of the
/// file. Damaged or cut-off compressed data is CVision_ErrorCorrupt or CVision_ErrorTruncated
/// (zlib's text in the message, a developer's detail); a failed system call is
/// CVision_ErrorInternal, its errno given by CVision_gzip_error_number.
CVision_Status CVision_gzip_read(CVision_Gzip *reader, void *buffer, size_t capacity, size_t *count,
                                 char *message, size_t message_capacity);

/// Moves to `offset` bytes into the uncompressed data, to resume where an earlier read stopped
/// (in a compressed file this decompresses up to there).
CVision_Status CVision_gzip_seek(CVision_Gzip *reader, int64_t offset, char *message, size_t message_capacity);

/// The errno of the reader's last failed system call (CVision_ErrorInternal from a read or seek).
int CVision_gzip_error_number(CVision_Gzip *reader);

/// How far into the file itself (the compressed bytes) reading has got: for progress.
int64_t CVision_gzip_file_offset(CVision_Gzip *reader);

#ifdef __cplusplus
}
#endif

#endif

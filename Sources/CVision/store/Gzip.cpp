// SPDX-License-Identifier: GPL-3.0-or-later
// Gzip-or-plain files read as a stream for the Swift side, through zlib's gzFile.
#include "support/ShimSupport.hpp"

#include <zlib.h>

#include <cerrno>
#include <climits>
#include <string>

struct CVision_Gzip {
    gzFile file = nullptr;
    int error_number = 0;  // the errno of the last failed system call, for the caller to word
};

using cvision::write_message;

namespace {
/// zlib's internal buffer: its 8 KiB default means a system call every 8 KiB of a
/// multi-gigabyte export; 256 KiB reads it in far fewer at no cost worth counting.
constexpr unsigned kReadBufferBytes = 256 * 1024;

/// What zlib says went wrong, as a status: cut short, corrupt, or a failed system call (its
/// errno kept in the reader). zlib's own text is only a developer's detail.
CVision_Status problem(CVision_Gzip *reader, char *message, size_t capacity) {
    int code = Z_OK;
    const char *text = gzerror(reader->file, &code);
    if (code == Z_ERRNO) {
        reader->error_number = errno;
        return CVision_ErrorInternal;
    }
    if (text != nullptr) write_message(message, capacity, text);
    // Z_BUF_ERROR from gzread is "unexpected end of file": the compressed data stops early.
    return code == Z_BUF_ERROR ? CVision_ErrorTruncated : CVision_ErrorCorrupt;
}
}  // namespace

CVision_Status CVision_gzip_create(const char *path, CVision_Gzip **out, int *error_number) {
    *out = nullptr;
    *error_number = 0;
    errno = 0;
    gzFile file = gzopen(path, "rb");
    if (file == nullptr) {
        // Without an errno, zlib could not allocate its state.
        *error_number = errno != 0 ? errno : ENOMEM;
        return CVision_ErrorInternal;
    }
    gzbuffer(file, kReadBufferBytes);
    *out = new CVision_Gzip{file};
    return CVision_OK;
}

void CVision_gzip_destroy(CVision_Gzip *reader) {
    if (reader == nullptr) return;
    gzclose_r(reader->file);
    delete reader;
}

CVision_Status CVision_gzip_read(CVision_Gzip *reader, void *buffer, size_t capacity, size_t *count,
                                 char *message, size_t message_capacity) {
    *count = 0;
    // gzread takes an unsigned length and returns an int.
    const unsigned length = capacity > size_t(INT_MAX) ? unsigned(INT_MAX) : unsigned(capacity);
    const int read = gzread(reader->file, buffer, length);
    if (read < 0) return problem(reader, message, message_capacity);
    if (read == 0) {
        // The end, or a stream cut off: zlib records the latter as an error to ask for.
        int code = Z_OK;
        gzerror(reader->file, &code);
        if (code != Z_OK) return problem(reader, message, message_capacity);
    }
    *count = size_t(read);
    return CVision_OK;
}

CVision_Status CVision_gzip_seek(CVision_Gzip *reader, int64_t offset, char *message, size_t capacity) {
    if (gzseek(reader->file, z_off_t(offset), SEEK_SET) != z_off_t(offset)) {
        // The file is shorter than the point to resume from.
        if (gzeof(reader->file) != 0) return CVision_ErrorTruncated;
        return problem(reader, message, capacity);
    }
    return CVision_OK;
}

int CVision_gzip_error_number(CVision_Gzip *reader) { return reader->error_number; }

int64_t CVision_gzip_file_offset(CVision_Gzip *reader) { return int64_t(gzoffset(reader->file)); }

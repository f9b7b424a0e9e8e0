// SPDX-License-Identifier: GPL-3.0-or-later
// A test hook that writes a PNG of one flat colour at any size without holding the picture:
// the decompression bomb the pixel limit refuses.
#ifndef CVISION_FLAT_PNG_H
#define CVISION_FLAT_PNG_H

#include "CVision.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// PNG bytes (buffer freed with CVision_buffer_destroy) of a `width` x `height` picture, every
/// pixel `grey`: a flat picture compresses about 1000 to 1, so 16000 x 16000 is under 1 MB.
CVision_Status CVision_png_flat(int width, int height, unsigned char grey, void **bytes, size_t *length,
                                char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

// SPDX-License-Identifier: GPL-3.0-or-later
// Camera frames into images: MJPEG decoded with TurboJPEG, packed YUYV converted to BGR. The
// buffers come from the driver through the calls of CVisionV4L2.h.
#ifndef CVISION_CAMERA_FRAMES_H
#define CVISION_CAMERA_FRAMES_H

#include "CVision.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Decodes one camera MJPEG frame with TurboJPEG. Frames whose data is damaged or cut short
/// are refused (CVision_ErrorCorrupt / CVision_ErrorTruncated) rather than half decoded.
/// Many USB cameras omit the Huffman tables; the standard ones are assumed then.
CVision_Status CVision_image_decode_mjpeg(const void *bytes, size_t length, CVision_Image **out,
                                          char *message, size_t message_capacity);

/// A new BGR image converted from the caller's packed YUYV 4:2:2 pixels (rows of `row_bytes`),
/// the uncompressed format cameras send.
CVision_Status CVision_image_create_yuyv(const void *pixels, int width, int height, size_t row_bytes,
                                         CVision_Image **out, char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

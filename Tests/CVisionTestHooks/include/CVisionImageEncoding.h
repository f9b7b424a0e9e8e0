// SPDX-License-Identifier: GPL-3.0-or-later
// Test hooks that turn an image back into bytes: PNG files for image and batch tests, and the
// JPEG and YUYV frames the injected test camera serves as a real camera would.
#ifndef CVISION_IMAGE_ENCODING_H
#define CVISION_IMAGE_ENCODING_H

#include "CVision.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Encodes the image as PNG (buffer freed with CVision_buffer_destroy), so tests can write the
/// image files the product reads.
CVision_Status CVision_image_encode_png(const CVision_Image *image, void **bytes, size_t *length,
                                        char *message, size_t message_capacity);

/// Encodes the image as a baseline JPEG (buffer freed with CVision_buffer_destroy); used by the
/// injected test camera to serve recorded video as a camera would.
CVision_Status CVision_image_encode_jpeg(const CVision_Image *image, int quality, void **bytes, size_t *length,
                                         char *message, size_t message_capacity);

/// Packs the image as YUYV 4:2:2 (width rounded down to even; buffer freed with
/// CVision_buffer_destroy); used by the injected test camera.
CVision_Status CVision_image_encode_yuyv(const CVision_Image *image, void **bytes, size_t *length,
                                         char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

// SPDX-License-Identifier: GPL-3.0-or-later
// Test hooks that draw the pictures a test camera films: a blank canvas, a picture placed on
// it, and the smear, blur and grain of a moving webcam.
#ifndef CVISION_IMAGE_DRAWING_H
#define CVISION_IMAGE_DRAWING_H

#include "CVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A new picture of `width` x `height` in one BGR colour.
CVision_Status CVision_test_image_blank(int width, int height, unsigned char blue, unsigned char green, unsigned char red,
                                        CVision_Image **out, char *message, size_t message_capacity);

/// Draws `picture` onto `canvas` through the affine map `matrix` (2x3, row-major, picture
/// pixels to canvas pixels), with linear interpolation; the canvas shows through outside it.
CVision_Status CVision_test_image_draw(CVision_Image *canvas, const CVision_Image *picture, const double *matrix,
                                       char *message, size_t message_capacity);

/// Smears `canvas` along (`motion_x`, `motion_y`) pixels (the camera's travel during one
/// exposure), blurs it (Gaussian, `sigma` pixels; 0 for none) and adds Gaussian sensor noise of
/// `noise` grey levels from `seed`: a moving webcam's smear, softness and grain.
CVision_Status CVision_test_image_degrade(CVision_Image *canvas, double motion_x, double motion_y, double sigma,
                                          double noise, unsigned seed, char *message, size_t message_capacity);

/// A copy of `picture` turned clockwise by `quarter_turns` right angles (0–3), keeping its
/// resolution: a page held sideways or upside down.
CVision_Status CVision_test_image_rotate(const CVision_Image *picture, int quarter_turns, CVision_Image **out,
                                         char *message, size_t message_capacity);

/// Multiplies every level of `canvas` by `factor` (0–1): the same picture taken in less light.
CVision_Status CVision_test_image_dim(CVision_Image *canvas, double factor, char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

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

/// Blurs `canvas` (Gaussian, `sigma` pixels; 0 for none) and adds Gaussian sensor noise of
/// `noise` grey levels from `seed`: a webcam's softness and grain.
CVision_Status CVision_test_image_degrade(CVision_Image *canvas, double sigma, double noise, unsigned seed,
                                          char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

// SPDX-License-Identifier: GPL-3.0-or-later
// Frame quality: sharpness, exposure and motion of camera frames.
#ifndef CVISION_QUALITY_H
#define CVISION_QUALITY_H

#include "CVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What one frame looks like to a reader: is it sharp, well exposed, and still?
typedef struct CVision_FrameQuality {
    /// Variance of the Laplacian of a grey copy scaled down to 640 pixels wide (never up),
    /// so the figure does not depend on the camera's resolution. Higher is sharper.
    double sharpness;
    /// Mean grey level, 0–255.
    double brightness;
    /// Fractions (0–1) of grey pixels below 16 and above 240: crushed shadows, blown highlights.
    double dark_fraction;
    double bright_fraction;
    /// How far the picture moved since the previous frame, as a fraction of the frame's width
    /// (phase correlation of 160-pixel-wide grey thumbnails). Valid only when `has_previous` is 1.
    double shift;
    /// Mean absolute grey difference (0–255) between the two thumbnails: how much the picture
    /// changed, whether by moving or by something new coming into view. Valid with `shift`.
    double difference;
    /// 0 for the first frame, after a reset, or when the frame size changed: nothing to compare.
    int has_previous;
} CVision_FrameQuality;

/// Remembers the previous frame's thumbnail and keeps its work buffers, so each frame is
/// scaled down once and nothing large is allocated per frame. One per stream; never used
/// from two threads at once.
typedef struct CVision_QualityMeter CVision_QualityMeter;

/// Allocates a meter with nothing to compare the first frame with.
CVision_Status CVision_quality_meter_create(CVision_QualityMeter **out, char *message, size_t message_capacity);
/// Frees the meter (NULL is ignored).
void CVision_quality_meter_destroy(CVision_QualityMeter *meter);

/// Measures `image` and makes it the previous frame for the next call.
CVision_Status CVision_quality_meter_measure(CVision_QualityMeter *meter, const CVision_Image *image,
                                             CVision_FrameQuality *out, char *message, size_t message_capacity);

/// Forgets the previous frame (after a seek or a gap), so the next frame has nothing to compare.
void CVision_quality_meter_reset(CVision_QualityMeter *meter);

/// How one still picture looks to a reader before it is read: blurred, too dark.
typedef struct CVision_PictureQuality {
    /// The blur effect (Crete and others, 2007): how little a further 9-pixel box blur changes
    /// the differences between neighbouring pixels, the larger of the horizontal and vertical
    /// figures, 0 (sharp) to 1 (as blurred as can be). Measured on a grey copy at most
    /// 1600 pixels wide; unlike the variance of the Laplacian it hardly depends on how much
    /// detail the picture holds.
    double blur;
    /// The grey level 99 % of pixels are at or below (0–255): the brightest that is more than
    /// a speck. Paper under any usable light reaches well over half-way.
    double bright_level;
} CVision_PictureQuality;

/// Measures one still picture (nothing is remembered between calls).
CVision_Status CVision_picture_quality_measure(const CVision_Image *image, CVision_PictureQuality *out,
                                               char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

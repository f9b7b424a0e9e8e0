// SPDX-License-Identifier: GPL-3.0-or-later
// Things the user taught: SIFT features and a colour histogram of a photo of the thing, and
// finding them again in a frame (ratio-tested matches, a RANSAC homography and its checks).
#ifndef CVISION_THINGS_H
#define CVISION_THINGS_H

#include "CVision.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// SIFT's descriptor length: 128 bytes a feature.
#define CVision_THING_DESCRIPTOR_BYTES 128
/// The colour histogram: 16 hues by 8 saturations, normalised to sum to 1.
#define CVision_THING_HISTOGRAM_BINS 128

/// One taught photo of a thing: where its features are (x, y in the photo's pixels), their
/// descriptors, the thing's outline in the photo (four corners, x, y each, clockwise from the
/// top left) and the colour histogram inside that outline.
typedef struct CVision_ThingView CVision_ThingView;

/// Learns a view from a photo, scaled down first when its longer side exceeds `max_side` (the
/// view's points and outline are in the scaled photo's pixels). The thing is taken to fill the
/// middle `region_fraction` of the photo's width and height (the user holds it up to the
/// camera); at most `max_features` of its strongest features are kept. A photo with no
/// features there still makes a view, with none.
CVision_Status CVision_thing_view_create(const CVision_Image *image, double region_fraction, int max_features,
                                         int max_side, CVision_ThingView **out, char *message,
                                         size_t message_capacity);

/// Rebuilds a stored view: `count` features, 2 floats of `points` and
/// CVision_THING_DESCRIPTOR_BYTES of `descriptors` each; 8 floats of `outline` and
/// CVision_THING_HISTOGRAM_BINS of `histogram`.
CVision_Status CVision_thing_view_create_stored(const float *points, const uint8_t *descriptors, int count,
                                                const float *outline, const float *histogram,
                                                CVision_ThingView **out, char *message, size_t message_capacity);

/// Frees the view (NULL is ignored).
void CVision_thing_view_destroy(CVision_ThingView *view);

/// The view's parts, owned by the view: its feature count, points (2 floats each),
/// descriptors (CVision_THING_DESCRIPTOR_BYTES each), outline (8 floats) and histogram
/// (CVision_THING_HISTOGRAM_BINS floats).
int CVision_thing_view_feature_count(const CVision_ThingView *view);
const float *CVision_thing_view_points(const CVision_ThingView *view);
const uint8_t *CVision_thing_view_descriptors(const CVision_ThingView *view);
const float *CVision_thing_view_outline(const CVision_ThingView *view);
const float *CVision_thing_view_histogram(const CVision_ThingView *view);

/// The best sighting of a thing in one frame, before it is judged.
typedef struct CVision_ThingMatch {
    /// The view that matched best, -1 when no view had enough matches for a homography.
    int view;
    /// Matches that passed Lowe's ratio test, and those RANSAC kept.
    int matches;
    int inliers;
    /// 1 when the homography passed its checks: the outline it maps is convex, keeps its
    /// orientation (no mirror image), is not squashed flat and has a believable size.
    int plausible;
    /// The view's outline mapped into the frame, in the frame's pixels (x, y four times).
    float outline[8];
    /// Histogram intersection (0–1) of the view's colours and the frame's inside the outline.
    double colour;
} CVision_ThingMatch;

/// Matches frames against the views of one thing; keeps copies of them. Not for two threads at once.
typedef struct CVision_ThingFinder CVision_ThingFinder;

CVision_Status CVision_thing_finder_create(const CVision_ThingView *const *views, size_t count,
                                           CVision_ThingFinder **out, char *message, size_t message_capacity);
/// Frees the finder (NULL is ignored).
void CVision_thing_finder_destroy(CVision_ThingFinder *finder);

/// Finds the thing in `image` (scaled down first when its longer side exceeds `max_side`):
/// the view with the most RANSAC inliers, and how it maps into the frame.
CVision_Status CVision_thing_finder_locate(CVision_ThingFinder *finder, const CVision_Image *image, int max_side,
                                           CVision_ThingMatch *out, char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

// SPDX-License-Identifier: GPL-3.0-or-later
// Pages: the outline of a sheet of paper in a camera frame, an upright copy of it for OCR, and
// where the text is when no outline can be seen.
#ifndef CVISION_PAGE_H
#define CVISION_PAGE_H

#include "CVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Where a page lies in an image.
typedef struct CVision_PageOutline {
    /// 1 when a page was found; the corners are meaningless otherwise.
    int found;
    /// x, y of four corners, clockwise from top-left (the top edge is the one nearest the
    /// image's top), in the image's pixels. Where the page runs out of the image, the
    /// corners follow the image border, or lie beyond it when a cut-off corner could be
    /// extended from the page's visible edges.
    float corners[8];
} CVision_PageOutline;

/// Reusable buffers for finding pages in a stream of frames. Never used from two threads at once.
typedef struct CVision_PageFinder CVision_PageFinder;

/// Allocates the finder; its buffers grow with the first frames and are then reused.
CVision_Status CVision_page_finder_create(CVision_PageFinder **out, char *message, size_t message_capacity);
/// Frees the finder (NULL is ignored).
void CVision_page_finder_destroy(CVision_PageFinder *finder);

/// Finds the largest plausible page: a bright, convex four-sided region covering at least
/// `minimum_fill` (0–1) of the image, whole or running off the image. Not finding one is
/// `found == 0`, not an error.
CVision_Status CVision_page_finder_find(CVision_PageFinder *finder, const CVision_Image *image, double minimum_fill,
                                        CVision_PageOutline *out, char *message, size_t message_capacity);

/// Warps the quadrilateral `corners` (as in CVision_PageOutline) to an upright
/// `width` x `height` image, so OCR sees straight lines of text.
CVision_Status CVision_flatten_page(const CVision_Image *image, const float corners[8], int width, int height,
                                    CVision_Image **out, char *message, size_t message_capacity);

/// Finds where text is when no page border can be seen (the camera is close to the page, or
/// the page lies on something as light as itself): the bounding box of text-line-shaped
/// marks. `*found` is 0 when fewer than two such lines are seen. `box` is x, y, w, h.
CVision_Status CVision_find_text_region(const CVision_Image *image, int *found, float box[4],
                                        char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

// SPDX-License-Identifier: GPL-3.0-or-later
// Page finding and flattening: where the sheet of paper is in a frame, and an upright copy
// of it for OCR.
#include "support/ShimSupport.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <vector>

using cvision::guarded;
using cvision::write_message;

namespace {

/// The outline is found on a copy this long: a page's edges survive, and a 720p frame
/// costs 4x fewer pixels.
constexpr int kWorkingLongSide = 640;
/// A page is paper against a darker background: below this difference between the two
/// Otsu classes' mean greys there is no clear page, only shading.
constexpr double kMinimumContrast = 40;
/// A page's outline is convex; text or a finger may notch it a little. Lower solidity
/// means the bright region is not one sheet (paper merged with a lamp or a wall).
constexpr double kMinimumSolidity = 0.9;
/// The bright region must fill most of the quadrilateral drawn for it (inside the image),
/// or the four corners describe something other than the region.
constexpr double kMinimumQuadCoverage = 0.9;
/// Pixels (at working size) within which a point counts as lying on the image border.
constexpr double kBorderTolerance = 2.0;
/// Pixels (at working size) within which contour points belong to a side when the side's
/// line is re-fitted to them.
constexpr double kSideFitDistance = 3.0;
/// The contour runs through the centres of the outermost bright pixels, inside the paper's
/// edge: half a pixel, plus where the blurred edge crosses Otsu's threshold. Moving the
/// fitted edges out by this much (working pixels) halved the corner error on the test video.
constexpr double kEdgeOffset = 0.75;
/// Share of the region's area below which dropping a polygon side counts as smoothing.
constexpr double kNegligibleArea = 0.001;
/// Tolerance (working pixels) of the first polygon approximation; the reduction to four
/// corners does the rest.
constexpr double kApproximationTolerance = 2.0;
/// Interior angles outside this range (degrees) are not a sheet seen by a hand-held camera.
constexpr double kMinimumAngle = 25, kMaximumAngle = 155;

using Polygon = std::vector<cv::Point2d>;

/// Where two lines through (a, b) and (c, d) cross; false when they are (nearly) parallel.
bool intersect(cv::Point2d a, cv::Point2d b, cv::Point2d c, cv::Point2d d, cv::Point2d &out) {
    const cv::Point2d r = b - a, s = d - c;
    const double denominator = r.x * s.y - r.y * s.x;
    if (std::abs(denominator) < 1e-9 * std::max(1.0, cv::norm(r) * cv::norm(s))) return false;
    const double t = ((c.x - a.x) * s.y - (c.y - a.y) * s.x) / denominator;
    out = a + t * r;
    return true;
}

double polygon_area(const Polygon &polygon) {
    double twice = 0;
    for (size_t i = 0; i < polygon.size(); i++) {
        const cv::Point2d &p = polygon[i], &q = polygon[(i + 1) % polygon.size()];
        twice += p.x * q.y - q.x * p.y;
    }
    return std::abs(twice) / 2;
}

/// True when both ends of a side lie on the same image border: the region runs out of the
/// image there and the side is the image's edge, not the page's.
bool on_border(cv::Point2d a, cv::Point2d b, cv::Size size) {
    const double t = kBorderTolerance, right = size.width - 1, bottom = size.height - 1;
    return (a.x <= t && b.x <= t) || (a.y <= t && b.y <= t) || (a.x >= right - t && b.x >= right - t) ||
           (a.y >= bottom - t && b.y >= bottom - t);
}

/// Cuts a convex polygon down to four corners by dropping one side at a time and extending
/// its two neighbours until they meet. First go the sides whose removal adds almost no area
/// (a rounded corner, a slight bend); then sides along the image border: a page corner cut
/// off by the frame leaves a short border side, and extending the page's own edges puts the
/// corner back where it is, outside the image; last, whatever adds the least area.
bool reduce_to_quad(Polygon &polygon, cv::Size size) {
    const double reach = std::max(size.width, size.height);  // how far beyond the image a corner may be put
    const cv::Rect2d allowed(-reach, -reach, size.width + 2 * reach, size.height + 2 * reach);
    const double negligible = kNegligibleArea * polygon_area(polygon);
    while (polygon.size() > 4) {
        const size_t n = polygon.size();
        double orientation = 0;  // > 0 when the interior lies left of each side (y down)
        for (size_t i = 0; i < n; i++) {
            orientation += polygon[i].x * polygon[(i + 1) % n].y - polygon[(i + 1) % n].x * polygon[i].y;
        }
        int best = -1;
        int best_rank = 0;  // 0: negligible, 1: border side, 2: anything else
        double best_cost = 0;
        cv::Point2d best_corner;
        for (size_t i = 0; i < n; i++) {
            const cv::Point2d &before = polygon[(i + n - 1) % n], &a = polygon[i], &b = polygon[(i + 1) % n],
                              &after = polygon[(i + 2) % n];
            cv::Point2d corner;
            if (!intersect(before, a, b, after, corner) || !allowed.contains(corner)) continue;
            // The new corner must lie beyond the dropped side (the polygon grows), not behind it.
            const cv::Point2d side = b - a;
            if ((side.x * (corner.y - a.y) - side.y * (corner.x - a.x)) * orientation > 0) continue;
            const double cost = polygon_area({a, corner, b});
            const int rank = cost <= negligible ? 0 : on_border(a, b, size) ? 1 : 2;
            if (best < 0 || rank < best_rank || (rank == best_rank && cost < best_cost)) {
                best = int(i);
                best_rank = rank;
                best_cost = cost;
                best_corner = corner;
            }
        }
        if (best < 0) return false;
        polygon[size_t(best)] = best_corner;
        polygon.erase(polygon.begin() + long((size_t(best) + 1) % n));
    }
    return polygon.size() == 4;
}

/// Re-fits each side's line to the contour points along it and intersects neighbouring lines:
/// the corners then rest on hundreds of edge pixels rather than on the few at each corner.
void refine_sides(Polygon &quad, const std::vector<cv::Point> &contour, cv::Size size) {
    const cv::Point2d centre = (quad[0] + quad[1] + quad[2] + quad[3]) / 4;
    std::array<cv::Vec4f, 4> lines;
    for (int i = 0; i < 4; i++) {
        const cv::Point2d a = quad[i], b = quad[(i + 1) % 4], direction = b - a;
        const double length = cv::norm(direction);
        std::vector<cv::Point2f> points;
        for (const cv::Point &point : contour) {
            const cv::Point2d offset = cv::Point2d(point) - a;
            const double along = offset.dot(direction) / (length * length);
            const double across = std::abs(offset.x * direction.y - offset.y * direction.x) / length;
            // The middle of the side only: near the corners the contour turns.
            if (along > 0.1 && along < 0.9 && across <= kSideFitDistance) points.emplace_back(point);
        }
        if (points.size() >= 5) {
            cv::fitLine(points, lines[i], cv::DIST_HUBER, 0, 0.01, 0.01);
        } else {
            lines[i] = cv::Vec4f(float(direction.x / length), float(direction.y / length), float(a.x), float(a.y));
        }
        if (!on_border(a, b, size)) {
            // Move the page's own edges outward, away from the middle of the quad.
            cv::Point2d normal(direction.y / length, -direction.x / length);
            if (normal.dot((a + b) / 2 - centre) < 0) normal = -normal;
            lines[i][2] += float(kEdgeOffset * normal.x);
            lines[i][3] += float(kEdgeOffset * normal.y);
        }
    }
    Polygon refined(4);
    for (int i = 0; i < 4; i++) {
        const cv::Vec4f &in = lines[(i + 3) % 4], &out = lines[i];
        const cv::Point2d p(in[2], in[3]), q(out[2], out[3]);
        if (!intersect(p, p + cv::Point2d(in[0], in[1]), q, q + cv::Point2d(out[0], out[1]), refined[i])) return;
    }
    // Keep the refinement only when it stayed near the rough corners.
    for (int i = 0; i < 4; i++) {
        if (cv::norm(refined[i] - quad[i]) > 4 * kSideFitDistance) return;
    }
    quad = refined;
}

bool plausible_angles(const Polygon &quad) {
    for (int i = 0; i < 4; i++) {
        const cv::Point2d u = quad[(i + 3) % 4] - quad[i], v = quad[(i + 1) % 4] - quad[i];
        const double angle = std::acos(std::clamp(u.dot(v) / (cv::norm(u) * cv::norm(v)), -1.0, 1.0)) * 180 / CV_PI;
        if (angle < kMinimumAngle || angle > kMaximumAngle) return false;
    }
    return true;
}

/// Orders the corners clockwise on screen (y down), starting at the top-left: the first
/// corner of the side whose middle is highest in the image.
void order_corners(Polygon &quad) {
    double signed_area = 0;
    for (int i = 0; i < 4; i++) signed_area += quad[i].x * quad[(i + 1) % 4].y - quad[(i + 1) % 4].x * quad[i].y;
    if (signed_area < 0) std::reverse(quad.begin(), quad.end());
    int top = 0;
    for (int i = 1; i < 4; i++) {
        if (quad[i].y + quad[(i + 1) % 4].y < quad[top].y + quad[(top + 1) % 4].y) top = i;
    }
    std::rotate(quad.begin(), quad.begin() + top, quad.end());
}

}  // namespace

struct CVision_PageFinder {
    // Working buffers, kept between frames so a stream allocates once.
    cv::Mat small, grey, blurred, mask, background;
    std::vector<std::vector<cv::Point>> contours;
    std::vector<cv::Point> hull, approximation;
};

CVision_Status CVision_page_finder_create(CVision_PageFinder **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        *out = new CVision_PageFinder();
        return CVision_OK;
    });
}

void CVision_page_finder_destroy(CVision_PageFinder *finder) { delete finder; }

CVision_Status CVision_page_finder_find(CVision_PageFinder *finder, const CVision_Image *image, double minimum_fill,
                                        CVision_PageOutline *out, char *message, size_t capacity) {
    *out = CVision_PageOutline{};
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        const cv::Mat &source = image->bgr;
        if (source.empty()) return CVision_OK;
        const double scale = std::min(1.0, double(kWorkingLongSide) / std::max(source.cols, source.rows));
        cv::resize(source, finder->small, cv::Size(), scale, scale, cv::INTER_AREA);
        cv::cvtColor(finder->small, finder->grey, cv::COLOR_BGR2GRAY);
        cv::GaussianBlur(finder->grey, finder->blurred, cv::Size(5, 5), 0);

        // Paper is the bright class of a two-class (Otsu) split; without a clear difference
        // between the classes the split is only following shading.
        cv::threshold(finder->blurred, finder->mask, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
        const double bright = cv::mean(finder->blurred, finder->mask)[0];
        cv::bitwise_not(finder->mask, finder->background);
        const double dark = cv::mean(finder->blurred, finder->background)[0];
        if (bright - dark < kMinimumContrast) return CVision_OK;

        const cv::Size size = finder->small.size();
        const double image_area = double(size.width) * size.height;
        cv::findContours(finder->mask, finder->contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
        Polygon best;
        double best_area = 0;
        for (const auto &contour : finder->contours) {
            const double area = cv::contourArea(contour);
            if (area < minimum_fill * image_area || area <= best_area) continue;
            cv::convexHull(contour, finder->hull);
            if (area < kMinimumSolidity * cv::contourArea(finder->hull)) continue;
            cv::approxPolyDP(finder->hull, finder->approximation, kApproximationTolerance, true);
            if (finder->approximation.size() < 4) continue;
            Polygon quad(finder->approximation.begin(), finder->approximation.end());
            if (!reduce_to_quad(quad, size)) continue;
            // The whole image is bright: there is no page edge to see.
            int border_sides = 0;
            for (int i = 0; i < 4; i++) border_sides += on_border(quad[i], quad[(i + 1) % 4], size);
            if (border_sides == 4) continue;
            refine_sides(quad, contour, size);
            std::vector<cv::Point2f> quad_f(quad.begin(), quad.end()), inside;
            const std::vector<cv::Point2f> frame{{0, 0}, {float(size.width - 1), 0},
                                                 {float(size.width - 1), float(size.height - 1)},
                                                 {0, float(size.height - 1)}};
            if (!cv::isContourConvex(quad_f) || !plausible_angles(quad)) continue;
            if (area < kMinimumQuadCoverage * cv::intersectConvexConvex(quad_f, frame, inside)) continue;
            best = quad;
            best_area = area;
        }
        if (best.empty()) return CVision_OK;

        order_corners(best);
        // Working pixel centres back to the image's pixel centres (resize rounds the size,
        // so each axis has its own factor).
        const double x_scale = double(size.width) / source.cols, y_scale = double(size.height) / source.rows;
        for (int i = 0; i < 4; i++) {
            out->corners[2 * i] = float((best[i].x + 0.5) / x_scale - 0.5);
            out->corners[2 * i + 1] = float((best[i].y + 0.5) / y_scale - 0.5);
        }
        out->found = 1;
        return CVision_OK;
    });
}

CVision_Status CVision_flatten_page(const CVision_Image *image, const float corners[8], int width, int height,
                                    CVision_Image **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        if (width <= 0 || height <= 0) {
            write_message(message, capacity, "the flattened page must have a positive size");
            return CVision_ErrorInternal;
        }
        const cv::Point2f from[4] = {{corners[0], corners[1]}, {corners[2], corners[3]},
                                     {corners[4], corners[5]}, {corners[6], corners[7]}};
        const cv::Point2f to[4] = {{0, 0}, {float(width - 1), 0}, {float(width - 1), float(height - 1)},
                                   {0, float(height - 1)}};
        auto page = std::make_unique<CVision_Image>();
        // Cubic: the page is usually enlarged, and letters stay crisper than with linear.
        // Parts of a cut-off page outside the frame become blank paper, which OCR ignores.
        cv::warpPerspective(image->bgr, page->bgr, cv::getPerspectiveTransform(from, to), cv::Size(width, height),
                            cv::INTER_CUBIC, cv::BORDER_CONSTANT, cv::Scalar(255, 255, 255));
        *out = page.release();
        return CVision_OK;
    });
}

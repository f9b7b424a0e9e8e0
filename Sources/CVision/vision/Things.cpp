// SPDX-License-Identifier: GPL-3.0-or-later
// Things the user taught: SIFT features of a held-up photo, found again by Lowe's ratio test
// and a RANSAC homography whose outline must look like a real, flat thing seen in perspective.
#include "support/ShimSupport.hpp"

#include <opencv2/calib3d.hpp>
#include <opencv2/features2d.hpp>
#include <opencv2/flann.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

using cvision::guarded;
using cvision::write_message;

namespace {
/// Lowe's ratio: a match counts only when clearly closer than the second-best candidate.
constexpr float kRatio = 0.75f;
/// Fewer ratio-tested matches than this cannot make a homography worth checking.
constexpr int kMinimumMatches = 8;
/// RANSAC's reprojection limit, in pixels of the (scaled) frame.
constexpr double kReprojection = 4.0;
/// Frame features kept: enough for a thing a sixth of the frame wide, few enough to match quickly.
constexpr int kFrameFeatures = 1500;
/// The outline's checks: no side shorter than a tenth of the longest (not squashed flat), and
/// between a 20th and 8 times the taught size (a believable distance from the camera).
constexpr double kShortestSide = 0.1;
constexpr double kSmallestScale = 0.05;
constexpr double kLargestScale = 8.0;
/// An outline smaller than this (in square pixels) is too small to be seen at all.
constexpr double kSmallestArea = 400.0;

cv::Ptr<cv::SIFT> make_sift(int features) {
    // CV_8U descriptors: OpenCV's SIFT rounds them to bytes anyway, and they store in a quarter of the room.
    return cv::SIFT::create(features, 3, 0.04, 10, 1.6, CV_8U);
}

/// Polygon area with its sign: positive for corners clockwise on screen (y grows downwards).
double signed_area(const std::vector<cv::Point2f> &corners) {
    double twice = 0;
    for (size_t i = 0; i < corners.size(); ++i) {
        const cv::Point2f &a = corners[i], &b = corners[(i + 1) % corners.size()];
        twice += double(a.x) * b.y - double(b.x) * a.y;
    }
    return twice / 2;
}

/// Hue by saturation inside `mask`, summing to 1 (all zero when the mask is empty).
void colour_histogram(const cv::Mat &bgr, const cv::Mat &mask, float *out) {
    cv::Mat hsv, histogram;
    cv::cvtColor(bgr, hsv, cv::COLOR_BGR2HSV);
    const int channels[] = {0, 1};
    const int sizes[] = {16, 8};
    const float hue[] = {0, 180}, saturation[] = {0, 256};
    const float *ranges[] = {hue, saturation};
    cv::calcHist(&hsv, 1, channels, mask, histogram, 2, sizes, ranges);
    const double total = cv::sum(histogram)[0];
    for (int i = 0; i < CVision_THING_HISTOGRAM_BINS; ++i) {
        out[i] = total > 0 ? float(histogram.at<float>(i / 8, i % 8) / total) : 0.0f;
    }
}

cv::Mat polygon_mask(cv::Size size, const std::vector<cv::Point2f> &corners) {
    cv::Mat mask = cv::Mat::zeros(size, CV_8U);
    std::vector<cv::Point> points;
    for (const auto &corner : corners) points.emplace_back(cvRound(corner.x), cvRound(corner.y));
    cv::fillConvexPoly(mask, points, cv::Scalar(255));
    return mask;
}

/// Does the mapped outline look like the taught thing seen from somewhere else?
bool plausible(const std::vector<cv::Point2f> &taught, const std::vector<cv::Point2f> &seen, cv::Size frame) {
    if (!cv::isContourConvex(seen)) return false;
    const double before = signed_area(taught), after = signed_area(seen);
    if (before == 0 || after / before <= 0) return false;  // turned inside out: a mirror image
    const double area = std::abs(after);
    if (area < kSmallestArea || area > 4.0 * frame.area()) return false;
    const double scale = std::sqrt(area / std::abs(before));
    if (scale < kSmallestScale || scale > kLargestScale) return false;
    double shortest = 1e300, longest = 0;
    for (size_t i = 0; i < seen.size(); ++i) {
        const double side = cv::norm(seen[i] - seen[(i + 1) % seen.size()]);
        shortest = std::min(shortest, side);
        longest = std::max(longest, side);
    }
    return longest > 0 && shortest / longest >= kShortestSide;
}
}  // namespace

struct CVision_ThingView {
    std::vector<float> points;          // x, y per feature
    cv::Mat descriptors;                // CV_8U, one row per feature
    float outline[8] = {};
    float histogram[CVision_THING_HISTOGRAM_BINS] = {};
};

CVision_Status CVision_thing_view_create(const CVision_Image *image, double region_fraction, int max_features,
                                         int max_side, CVision_ThingView **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        if (image->bgr.empty()) {
            write_message(message, capacity, "the image has no pixels");
            return CVision_ErrorInternal;
        }
        // SIFT's time and memory grow with the pixels (a 48-megapixel photo took 43 s and 11 GB),
        // and frames are matched at this size anyway.
        const double scale = max_side > 0 ? std::min(1.0, double(max_side) / std::max(image->bgr.cols, image->bgr.rows)) : 1.0;
        cv::Mat small;
        if (scale < 1.0) cv::resize(image->bgr, small, cv::Size(), scale, scale, cv::INTER_AREA);
        const cv::Mat &bgr = scale < 1.0 ? small : image->bgr;
        const double fraction = std::clamp(region_fraction, 0.1, 1.0);
        const float margin_x = float(bgr.cols * (1 - fraction) / 2), margin_y = float(bgr.rows * (1 - fraction) / 2);
        const std::vector<cv::Point2f> outline = {
            {margin_x, margin_y}, {bgr.cols - margin_x, margin_y},
            {bgr.cols - margin_x, bgr.rows - margin_y}, {margin_x, bgr.rows - margin_y}};
        const cv::Mat mask = polygon_mask(bgr.size(), outline);
        cv::Mat grey;
        cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
        std::vector<cv::KeyPoint> keypoints;
        auto view = std::make_unique<CVision_ThingView>();
        make_sift(std::max(1, max_features))->detectAndCompute(grey, mask, keypoints, view->descriptors);
        for (const auto &keypoint : keypoints) {
            view->points.push_back(keypoint.pt.x);
            view->points.push_back(keypoint.pt.y);
        }
        for (int i = 0; i < 4; ++i) {
            view->outline[2 * i] = outline[i].x;
            view->outline[2 * i + 1] = outline[i].y;
        }
        colour_histogram(bgr, mask, view->histogram);
        *out = view.release();
        return CVision_OK;
    });
}

CVision_Status CVision_thing_view_create_stored(const float *points, const uint8_t *descriptors, int count,
                                                const float *outline, const float *histogram,
                                                CVision_ThingView **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        if (count < 0) {
            write_message(message, capacity, "a view cannot have fewer than no features");
            return CVision_ErrorInternal;
        }
        auto view = std::make_unique<CVision_ThingView>();
        view->points.assign(points, points + 2 * size_t(count));
        view->descriptors = cv::Mat(count, CVision_THING_DESCRIPTOR_BYTES, CV_8U);
        if (count > 0) std::copy(descriptors, descriptors + size_t(count) * CVision_THING_DESCRIPTOR_BYTES, view->descriptors.data);
        std::copy(outline, outline + 8, view->outline);
        std::copy(histogram, histogram + CVision_THING_HISTOGRAM_BINS, view->histogram);
        *out = view.release();
        return CVision_OK;
    });
}

void CVision_thing_view_destroy(CVision_ThingView *view) { delete view; }

int CVision_thing_view_feature_count(const CVision_ThingView *view) { return view->descriptors.rows; }
const float *CVision_thing_view_points(const CVision_ThingView *view) { return view->points.data(); }
const uint8_t *CVision_thing_view_descriptors(const CVision_ThingView *view) { return view->descriptors.data; }
const float *CVision_thing_view_outline(const CVision_ThingView *view) { return view->outline; }
const float *CVision_thing_view_histogram(const CVision_ThingView *view) { return view->histogram; }

struct CVision_ThingFinder {
    std::vector<CVision_ThingView> views;
    /// A k-d forest over each view's descriptors, built once: a frame's features are looked up
    /// in it about four times as fast as by comparing every pair (30 ms a view against 120 ms
    /// on the taught-thing set), and the second-nearest the ratio test needs comes with them.
    std::vector<cv::Ptr<cv::FlannBasedMatcher>> matchers;
    cv::Ptr<cv::SIFT> sift = make_sift(kFrameFeatures);
    cv::Mat small, grey, descriptors, frame_descriptors;
    std::vector<cv::KeyPoint> keypoints;
};

CVision_Status CVision_thing_finder_create(const CVision_ThingView *const *views, size_t count,
                                           CVision_ThingFinder **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        auto finder = std::make_unique<CVision_ThingFinder>();
        for (size_t i = 0; i < count; ++i) {
            CVision_ThingView copy = *views[i];
            copy.descriptors = views[i]->descriptors.clone();
            auto matcher = cv::makePtr<cv::FlannBasedMatcher>(cv::makePtr<cv::flann::KDTreeIndexParams>(4),
                                                             cv::makePtr<cv::flann::SearchParams>(32));
            if (copy.descriptors.rows >= kMinimumMatches) {
                cv::Mat floats;
                copy.descriptors.convertTo(floats, CV_32F);
                matcher->add(std::vector<cv::Mat>{floats});
                matcher->train();
            }
            finder->matchers.push_back(matcher);
            finder->views.push_back(std::move(copy));
        }
        *out = finder.release();
        return CVision_OK;
    });
}

void CVision_thing_finder_destroy(CVision_ThingFinder *finder) { delete finder; }

CVision_Status CVision_thing_finder_locate(CVision_ThingFinder *finder, const CVision_Image *image, int max_side,
                                           CVision_ThingMatch *out, char *message, size_t capacity) {
    *out = CVision_ThingMatch{};
    out->view = -1;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        const cv::Mat &bgr = image->bgr;
        if (bgr.empty()) {
            write_message(message, capacity, "the image has no pixels");
            return CVision_ErrorInternal;
        }
        // SIFT's time grows with the pixels; a thing big enough to guide to survives the shrink.
        const double scale = std::min(1.0, double(max_side) / std::max(bgr.cols, bgr.rows));
        if (scale < 1.0) {
            cv::resize(bgr, finder->small, cv::Size(), scale, scale, cv::INTER_AREA);
        } else {
            finder->small = bgr;
        }
        cv::cvtColor(finder->small, finder->grey, cv::COLOR_BGR2GRAY);
        finder->keypoints.clear();
        finder->sift->detectAndCompute(finder->grey, cv::noArray(), finder->keypoints, finder->descriptors);
        if (finder->keypoints.size() < 2) return CVision_OK;
        finder->descriptors.convertTo(finder->frame_descriptors, CV_32F);

        for (size_t index = 0; index < finder->views.size(); ++index) {
            const CVision_ThingView &view = finder->views[index];
            if (view.descriptors.rows < kMinimumMatches) continue;
            // Each frame feature's two nearest in the view: kept when the nearest is clearly nearer.
            std::vector<std::vector<cv::DMatch>> pairs;
            finder->matchers[index]->knnMatch(finder->frame_descriptors, pairs, 2);
            std::vector<cv::Point2f> taught, seen;
            for (const auto &pair : pairs) {
                if (pair.size() == 2 && pair[0].distance < kRatio * pair[1].distance) {
                    const int t = pair[0].trainIdx;
                    taught.emplace_back(view.points[2 * t], view.points[2 * t + 1]);
                    seen.push_back(finder->keypoints[pair[0].queryIdx].pt);
                }
            }
            if (int(taught.size()) < kMinimumMatches) continue;
            std::vector<unsigned char> kept;
            const cv::Mat homography = cv::findHomography(taught, seen, cv::RANSAC, kReprojection, kept);
            if (homography.empty()) continue;
            const int inliers = int(std::count(kept.begin(), kept.end(), 1));
            std::vector<cv::Point2f> outline(4), mapped;
            for (int i = 0; i < 4; ++i) outline[i] = {view.outline[2 * i], view.outline[2 * i + 1]};
            cv::perspectiveTransform(outline, mapped, homography);
            const int believable = plausible(outline, mapped, finder->small.size()) ? 1 : 0;
            // The best view: a believable outline first, then the most inliers.
            if (out->view >= 0 && std::make_pair(believable, inliers) <= std::make_pair(out->plausible, out->inliers)) continue;
            out->view = int(index);
            out->matches = int(taught.size());
            out->inliers = inliers;
            out->plausible = believable;
            out->colour = 0;
            if (out->plausible) {
                float histogram[CVision_THING_HISTOGRAM_BINS];
                colour_histogram(finder->small, polygon_mask(finder->small.size(), mapped), histogram);
                double shared = 0;
                for (int i = 0; i < CVision_THING_HISTOGRAM_BINS; ++i) shared += std::min(histogram[i], view.histogram[i]);
                out->colour = shared;
            }
            for (int i = 0; i < 4; ++i) {
                out->outline[2 * i] = float(mapped[i].x / scale);
                out->outline[2 * i + 1] = float(mapped[i].y / scale);
            }
        }
        return CVision_OK;
    });
}

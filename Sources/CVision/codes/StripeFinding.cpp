// SPDX-License-Identifier: GPL-3.0-or-later
// Where a barcode may be before it can be read: regions of many parallel edges close together.
//
// The structure tensor of the grey picture (gradient products averaged over a small window)
// says, at every point, how strong the edges are and how much they agree in direction
// (coherence). A barcode's bars give strong edges that all agree, at any angle; printed text,
// foliage and fabric give strong edges that do not. Regions where both are high are closed
// into blobs, and each blob's bars are counted across its middle on the full-size picture.
#include "CVision.h"
#include "support/ShimSupport.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

/// The picture is searched at this longer side (never enlarged): a code a sixth of the frame
/// wide, far enough away to need "Closer.", still has bars a pixel or more wide, and the test
/// costs a few milliseconds.
constexpr int search_side = 640;
/// The tensor's averaging window at that size: about two bars of a code a third of the frame wide.
constexpr int tensor_window = 9;
/// Closing bridges the barless insides of wide bars; opening drops thin strays (text strokes).
constexpr int closing_size = 15, opening_size = 7;
/// Edges must be at least this strong (mean squared Sobel response): a print contrast of about
/// 40 grey levels with bars two pixels apart; paper texture and sensor noise stay far below.
constexpr float minimum_energy = 40.0f * 40.0f * 4.0f;
/// Bars agree in direction almost perfectly (near 1); printed text stays around 0.3–0.6.
constexpr float minimum_coherence = 0.75f;
/// Bars alternate dark-light, so their gradients cancel over the window: the mean gradient's
/// length is a small part of the mean gradient length. A single straight edge (a box's side,
/// a shadow's border) is as coherent as bars but does not cancel (ratio near 1).
constexpr float most_uncancelled = 0.45f;
/// Blobs smaller than this share of the searched picture are noise (about 44x30 pixels at 640).
constexpr double minimum_area_share = 0.004;
/// An EAN-8, the shortest product code, has 22 bars and so 43 light-dark edges; the count
/// across a blurred middle loses some, and text never reaches it.
constexpr int minimum_transitions = 18;

/// Light-dark transitions along the segment from `a` to `b` in the full-size grey picture,
/// thresholded at the segment's own mean.
int count_transitions(const cv::Mat &grey, cv::Point2f a, cv::Point2f b) {
    const int samples = std::max(2, int(cv::norm(b - a)));
    std::vector<float> values;
    values.reserve(size_t(samples));
    for (int i = 0; i < samples; ++i) {
        cv::Point2f p = a + (b - a) * (float(i) / float(samples - 1));
        int x = std::clamp(int(p.x), 0, grey.cols - 1), y = std::clamp(int(p.y), 0, grey.rows - 1);
        values.push_back(grey.at<unsigned char>(y, x));
    }
    float mean = 0;
    for (float v : values) mean += v / float(values.size());
    int transitions = 0;
    bool dark = values[0] < mean;
    for (float v : values) {
        // A little hysteresis, so noise around the mean is not counted as a bar.
        if (dark && v > mean + 8) { dark = false; ++transitions; }
        else if (!dark && v < mean - 8) { dark = true; ++transitions; }
    }
    return transitions;
}

}  // namespace

extern "C" {

CVision_Status CVision_codes_find_stripes(const CVision_Image *image, CVision_StripeRegion *regions, int capacity,
                                          int *count, char *message, size_t message_capacity) {
    *count = 0;
    return cvision::guarded(CVision_ErrorInternal, message, message_capacity, [&] {
        cv::Mat grey;
        cv::cvtColor(image->bgr, grey, cv::COLOR_BGR2GRAY);
        const double scale = double(search_side) / std::max(grey.cols, grey.rows);
        cv::Mat small;
        if (scale < 1) cv::resize(grey, small, {}, scale, scale, cv::INTER_AREA);
        else small = grey;
        const double to_full = scale < 1 ? 1 / scale : 1;

        cv::Mat gx, gy;
        cv::Sobel(small, gx, CV_32F, 1, 0, 3);
        cv::Sobel(small, gy, CV_32F, 0, 1, 3);
        cv::Mat jxx, jyy, jxy, mx, my, mabs;
        const cv::Size window(tensor_window, tensor_window);
        cv::boxFilter(gx.mul(gx), jxx, -1, window);
        cv::boxFilter(gy.mul(gy), jyy, -1, window);
        cv::boxFilter(gx.mul(gy), jxy, -1, window);
        cv::boxFilter(gx, mx, -1, window);
        cv::boxFilter(gy, my, -1, window);
        cv::Mat magnitude;
        cv::magnitude(gx, gy, magnitude);
        cv::boxFilter(magnitude, mabs, -1, window);

        cv::Mat mask(small.size(), CV_8U, cv::Scalar(0));
        for (int y = 0; y < small.rows; ++y) {
            const float *xx = jxx.ptr<float>(y), *yy = jyy.ptr<float>(y), *xy = jxy.ptr<float>(y);
            const float *meanx = mx.ptr<float>(y), *meany = my.ptr<float>(y), *length = mabs.ptr<float>(y);
            unsigned char *m = mask.ptr<unsigned char>(y);
            for (int x = 0; x < small.cols; ++x) {
                const float energy = xx[x] + yy[x];
                if (energy < minimum_energy) continue;
                if (std::hypot(meanx[x], meany[x]) > most_uncancelled * length[x]) continue;
                const float spread = std::sqrt((xx[x] - yy[x]) * (xx[x] - yy[x]) + 4 * xy[x] * xy[x]);
                if (spread / energy >= minimum_coherence) m[x] = 255;
            }
        }
        // Close the gaps inside wide bars (no edge there), then drop thin strays.
        cv::morphologyEx(mask, mask, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, {closing_size, closing_size}));
        cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {opening_size, opening_size}));

        std::vector<std::vector<cv::Point>> contours;
        cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
        struct Found { CVision_StripeRegion region; double area; };
        std::vector<Found> found;
        const double minimum_area = minimum_area_share * small.cols * small.rows;
        for (const auto &contour : contours) {
            const double area = cv::contourArea(contour);
            if (area < minimum_area) continue;
            const cv::Rect bounds = cv::boundingRect(contour);
            // The blob's dominant gradient direction: the bars' normal.
            const double sxx = cv::mean(jxx(bounds), mask(bounds))[0];
            const double syy = cv::mean(jyy(bounds), mask(bounds))[0];
            const double sxy = cv::mean(jxy(bounds), mask(bounds))[0];
            const double angle = 0.5 * std::atan2(2 * sxy, sxx - syy);
            const double coherence = std::sqrt((sxx - syy) * (sxx - syy) + 4 * sxy * sxy) / std::max(1e-6, sxx + syy);
            const cv::RotatedRect box = cv::minAreaRect(contour);
            const cv::Point2f centre = box.center * float(to_full);
            const float reach = float(std::max(box.size.width, box.size.height) * to_full / 2);
            const cv::Point2f normal(float(std::cos(angle)), float(std::sin(angle)));
            const int transitions = count_transitions(grey, centre - normal * reach, centre + normal * reach);
            if (transitions < minimum_transitions) continue;
            Found entry{};
            cv::Point2f points[4];
            box.points(points);
            for (int i = 0; i < 4; ++i) {
                entry.region.corners[2 * i] = float(points[i].x * to_full);
                entry.region.corners[2 * i + 1] = float(points[i].y * to_full);
            }
            entry.region.coherence = float(coherence);
            entry.region.transitions = transitions;
            entry.area = area;
            found.push_back(entry);
        }
        std::sort(found.begin(), found.end(), [](const Found &a, const Found &b) { return a.area > b.area; });
        for (const auto &entry : found) {
            if (*count >= capacity) break;
            regions[(*count)++] = entry.region;
        }
        return CVision_OK;
    });
}

}  // extern "C"

// SPDX-License-Identifier: GPL-3.0-or-later
// Where the text is, when no page outline can be found.
#include "support/ShimSupport.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <vector>

using cvision::guarded;

namespace {
/// Work at this width: text lines of ordinary print are then a few pixels to a few tens of
/// pixels tall, and the search costs a few milliseconds.
constexpr int kWorkWidth = 640;
}  // namespace

CVision_Status CVision_find_text_region(const CVision_Image *image, int *found, float box[4],
                                        char *message, size_t capacity) {
    *found = 0;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        const cv::Mat &source = image->bgr;
        const double scale = std::min(1.0, double(kWorkWidth) / source.cols);
        cv::Mat small, grey, gradient, marks, lines;
        cv::resize(source, small, cv::Size(), scale, scale, cv::INTER_AREA);
        cv::cvtColor(small, grey, cv::COLOR_BGR2GRAY);
        // Letters are dense, small-scale contrast: the morphological gradient finds their
        // strokes, Otsu separates them from flat paper, and a wide closing joins the letters
        // of a line into one blob.
        cv::morphologyEx(grey, gradient, cv::MORPH_GRADIENT, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
        cv::threshold(gradient, marks, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
        cv::morphologyEx(marks, lines, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, {9, 1}));
        std::vector<std::vector<cv::Point>> contours;
        cv::findContours(lines, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
        cv::Rect region;
        int count = 0;
        for (const auto &contour : contours) {
            const cv::Rect r = cv::boundingRect(contour);
            const double filled = cv::countNonZero(marks(r)) / double(r.area());
            // A line of text: wider than tall, of text height, with strokes over a fair part
            // of it (a photo's edges and a table's rules fail one of these).
            if (r.width < 2 * r.height || r.height < 4 || r.height > 60 || filled < 0.25 || filled > 0.9) continue;
            region = count == 0 ? r : (region | r);
            ++count;
        }
        if (count < 2) return CVision_OK;
        *found = 1;
        box[0] = float(region.x / scale);
        box[1] = float(region.y / scale);
        box[2] = float(region.width / scale);
        box[3] = float(region.height / scale);
        return CVision_OK;
    });
}

// SPDX-License-Identifier: GPL-3.0-or-later
// One text line cut out of the picture with its perspective removed, the way the reference
// pipeline cuts it, so the recognizer sees what it was trained on.
#include "support/ShimSupport.hpp"

#include <opencv2/imgproc.hpp>

#include <cmath>
#include <memory>

using cvision::guarded;
using cvision::write_message;

CVision_Status CVision_text_line_cut(const CVision_Image *image, const float x[4], const float y[4],
                                     CVision_Image **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        const cv::Point2f corners[4] = {{x[0], y[0]}, {x[1], y[1]}, {x[2], y[2]}, {x[3], y[3]}};
        auto length = [](cv::Point2f a, cv::Point2f b) { return std::hypot(double(a.x - b.x), double(a.y - b.y)); };
        const int width = int(std::max(length(corners[0], corners[1]), length(corners[2], corners[3])));
        const int height = int(std::max(length(corners[0], corners[3]), length(corners[1], corners[2])));
        if (width < 1 || height < 1) {
            write_message(message, capacity, "the line's corners enclose no pixels");
            return CVision_ErrorInternal;
        }
        const cv::Point2f upright[4] = {{0, 0}, {float(width), 0}, {float(width), float(height)}, {0, float(height)}};
        const cv::Mat transform = cv::getPerspectiveTransform(corners, upright);
        auto line = std::make_unique<CVision_Image>();
        cv::warpPerspective(image->bgr, line->bgr, transform, cv::Size(width, height), cv::INTER_CUBIC, cv::BORDER_REPLICATE);
        // A region much taller than wide is a vertical line of text: turned so it reads across.
        if (double(height) / width >= 1.5) cv::rotate(line->bgr, line->bgr, cv::ROTATE_90_COUNTERCLOCKWISE);
        *out = line.release();
        return CVision_OK;
    });
}

CVision_Status CVision_image_rotate_half_turn(const CVision_Image *image, CVision_Image **out, char *message,
                                              size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        auto turned = std::make_unique<CVision_Image>();
        cv::rotate(image->bgr, turned->bgr, cv::ROTATE_180);
        *out = turned.release();
        return CVision_OK;
    });
}

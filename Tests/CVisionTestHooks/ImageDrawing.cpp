// SPDX-License-Identifier: GPL-3.0-or-later
// Pictures made from pictures, for tests: a still moved, scaled and turned into a simulated
// hand-held frame, or drawn twice onto one canvas.
#include "CVisionImageDrawing.h"
#include "support/ShimSupport.hpp"

#include <opencv2/imgproc.hpp>

#include <cmath>

using cvision::guarded;

CVision_Status CVision_test_image_blank(int width, int height, unsigned char blue, unsigned char green, unsigned char red,
                                        CVision_Image **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        auto image = new CVision_Image();
        image->bgr = cv::Mat(height, width, CV_8UC3, cv::Scalar(blue, green, red));
        *out = image;
        return CVision_OK;
    });
}

CVision_Status CVision_test_image_draw(CVision_Image *canvas, const CVision_Image *picture, const double *matrix,
                                       char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        cv::Mat map(2, 3, CV_64F, const_cast<double *>(matrix));
        cv::warpAffine(picture->bgr, canvas->bgr, map, canvas->bgr.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
        return CVision_OK;
    });
}

CVision_Status CVision_test_image_degrade(CVision_Image *canvas, double motion_x, double motion_y, double sigma,
                                          double noise, unsigned seed, char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        const double travel = std::hypot(motion_x, motion_y);
        if (travel >= 1) {
            // A line kernel as long as the travel, through the centre of an odd square.
            const int side = 2 * int(std::ceil(travel / 2)) + 1;
            cv::Mat kernel(side, side, CV_32F, cv::Scalar(0));
            const cv::Point2d centre(side / 2, side / 2), half(motion_x / 2, motion_y / 2);
            cv::line(kernel, centre - half, centre + half, cv::Scalar(1), 1, cv::LINE_AA);
            kernel /= cv::sum(kernel)[0];
            cv::filter2D(canvas->bgr, canvas->bgr, -1, kernel);
        }
        if (sigma > 0) cv::GaussianBlur(canvas->bgr, canvas->bgr, {0, 0}, sigma);
        if (noise > 0) {
            cv::Mat grain(canvas->bgr.size(), CV_16SC3);
            cv::RNG random(seed);
            random.fill(grain, cv::RNG::NORMAL, 0, noise);
            cv::Mat sum;
            canvas->bgr.convertTo(sum, CV_16SC3);
            sum += grain;
            sum.convertTo(canvas->bgr, CV_8UC3);
        }
        return CVision_OK;
    });
}

CVision_Status CVision_test_image_rotate(const CVision_Image *picture, int quarter_turns, CVision_Image **out,
                                         char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        auto image = new CVision_Image();
        image->pixels_per_inch = picture->pixels_per_inch;
        switch (((quarter_turns % 4) + 4) % 4) {
        case 1: cv::rotate(picture->bgr, image->bgr, cv::ROTATE_90_CLOCKWISE); break;
        case 2: cv::rotate(picture->bgr, image->bgr, cv::ROTATE_180); break;
        case 3: cv::rotate(picture->bgr, image->bgr, cv::ROTATE_90_COUNTERCLOCKWISE); break;
        default: picture->bgr.copyTo(image->bgr); break;
        }
        *out = image;
        return CVision_OK;
    });
}

CVision_Status CVision_test_image_dim(CVision_Image *canvas, double factor, char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        canvas->bgr.convertTo(canvas->bgr, CV_8UC3, factor);
        return CVision_OK;
    });
}

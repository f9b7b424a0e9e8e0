// SPDX-License-Identifier: GPL-3.0-or-later
// Frame quality measured on small grey copies, with buffers kept between frames.
#include "support/ShimSupport.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>

using cvision::guarded;
using cvision::write_message;

namespace {
/// Sharpness is measured at this width: wide enough to resolve body-text strokes of a page
/// filling the frame, and fixed so a 1080p and a 720p camera give comparable figures.
constexpr int kSharpnessWidth = 640;
/// Motion is measured at this width: each thumbnail pixel averages a block of the frame,
/// which smooths sensor noise away, and phase correlation still resolves a tenth of a
/// thumbnail pixel (on document-phototest.mp4 its shifts track the page corners' true
/// movement to about a pixel of the full frame).
constexpr int kMotionWidth = 160;
/// Still pictures are judged for blur at this width at most: a page photographed by a phone
/// keeps its body text several pixels tall, and a 5-megapixel picture costs a fraction as much.
constexpr int kBlurWidth = 1600;
/// The box blur the blur effect compares with: 9 pixels, as in the measure's paper.
constexpr int kBlurEffectKernel = 9;
/// Grey levels below / above these count as crushed black or blown white.
constexpr int kDarkBelow = 16;
constexpr int kBrightAbove = 240;

/// Scales `source` to `width` pixels wide keeping its aspect (never enlarging, which would
/// only invent blur) into `destination`, whose storage is reused when the size is unchanged.
void shrink_to_width(const cv::Mat &source, cv::Mat &destination, int width) {
    if (source.cols <= width) {
        source.copyTo(destination);
        return;
    }
    const int height = std::max(1, int(double(source.rows) * width / source.cols + 0.5));
    // INTER_AREA averages whole blocks: no aliasing that would fake sharpness or motion.
    cv::resize(source, destination, cv::Size(width, height), 0, 0, cv::INTER_AREA);
}
}  // namespace

struct CVision_QualityMeter {
    cv::Mat small_bgr;   // the frame at kSharpnessWidth
    cv::Mat grey;        // its grey copy
    cv::Mat laplacian;   // CV_16S: a 3x3 Laplacian of 8-bit grey stays within ±2040
    cv::Mat thumbnail;   // this frame at kMotionWidth, 8-bit
    cv::Mat current;     // the thumbnail as float, for phase correlation
    cv::Mat previous;    // the previous frame's float thumbnail; empty when there is none
    cv::Mat previous_8u; // and its 8-bit original, for the difference
    cv::Mat window;      // Hann window: keeps the thumbnail's borders from dominating the spectrum
    cv::Mat difference;
};

CVision_Status CVision_quality_meter_create(CVision_QualityMeter **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        *out = new CVision_QualityMeter();
        return CVision_OK;
    });
}

void CVision_quality_meter_destroy(CVision_QualityMeter *meter) { delete meter; }

void CVision_quality_meter_reset(CVision_QualityMeter *meter) {
    meter->previous.release();
    meter->previous_8u.release();
}

CVision_Status CVision_quality_meter_measure(CVision_QualityMeter *meter, const CVision_Image *image,
                                             CVision_FrameQuality *out, char *message, size_t capacity) {
    *out = CVision_FrameQuality{};
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        const cv::Mat &source = image->bgr;
        if (source.empty()) {
            write_message(message, capacity, "the image has no pixels");
            return CVision_ErrorInternal;
        }
        // Shrink before converting to grey: the colour conversion then touches a fraction of the pixels.
        shrink_to_width(source, meter->small_bgr, kSharpnessWidth);
        cv::cvtColor(meter->small_bgr, meter->grey, cv::COLOR_BGR2GRAY);

        cv::Laplacian(meter->grey, meter->laplacian, CV_16S, 3);
        cv::Scalar mean, deviation;
        cv::meanStdDev(meter->laplacian, mean, deviation);
        out->sharpness = deviation[0] * deviation[0];

        // One pass for brightness and both clipping fractions, without a mask image.
        size_t sum = 0, dark = 0, bright = 0;
        for (int row = 0; row < meter->grey.rows; ++row) {
            const uchar *pixel = meter->grey.ptr<uchar>(row);
            for (int column = 0; column < meter->grey.cols; ++column) {
                const int value = pixel[column];
                sum += size_t(value);
                dark += value < kDarkBelow;
                bright += value > kBrightAbove;
            }
        }
        const double count = double(meter->grey.total());
        out->brightness = double(sum) / count;
        out->dark_fraction = double(dark) / count;
        out->bright_fraction = double(bright) / count;

        shrink_to_width(meter->grey, meter->thumbnail, kMotionWidth);
        meter->thumbnail.convertTo(meter->current, CV_32F);
        if (!meter->previous.empty() && meter->previous.size() == meter->current.size()) {
            // Phase correlation measures the shift itself, in pixels, whatever the scene: a
            // mean difference also grows with the page's contrast and with blur.
            if (meter->window.size() != meter->current.size()) {
                cv::createHanningWindow(meter->window, meter->current.size(), CV_32F);
            }
            const cv::Point2d shift = cv::phaseCorrelate(meter->previous, meter->current, meter->window);
            out->shift = std::hypot(shift.x, shift.y) / meter->current.cols;
            cv::absdiff(meter->thumbnail, meter->previous_8u, meter->difference);
            out->difference = cv::mean(meter->difference)[0];
            out->has_previous = 1;
        }
        // This frame's thumbnails become the previous ones; swapping keeps both buffers alive
        // for reuse instead of reallocating them next frame.
        std::swap(meter->current, meter->previous);
        std::swap(meter->thumbnail, meter->previous_8u);
        return CVision_OK;
    });
}

namespace {
/// The blur effect along one direction (`dx`, `dy` one of them 1): the share of the picture's
/// neighbour-to-neighbour variation that a box blur along that direction does not take away.
double blur_effect(const cv::Mat &grey, const cv::Mat &blurred, int dx, int dy) {
    double variation = 0, lost = 0;
    for (int y = dy; y < grey.rows; ++y) {
        const uchar *row = grey.ptr<uchar>(y), *above = grey.ptr<uchar>(y - dy);
        const uchar *smooth = blurred.ptr<uchar>(y), *smooth_above = blurred.ptr<uchar>(y - dy);
        for (int x = dx; x < grey.cols; ++x) {
            const int sharp_step = std::abs(int(row[x]) - int(above[x - dx]));
            const int smooth_step = std::abs(int(smooth[x]) - int(smooth_above[x - dx]));
            variation += sharp_step;
            lost += std::max(0, sharp_step - smooth_step);
        }
    }
    // A picture of one level has no edges to judge: call it sharp rather than invent blur.
    return variation > 0 ? (variation - lost) / variation : 0;
}
}  // namespace

CVision_Status CVision_picture_quality_measure(const CVision_Image *image, CVision_PictureQuality *out,
                                               char *message, size_t capacity) {
    *out = CVision_PictureQuality{};
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        if (image->bgr.empty()) {
            write_message(message, capacity, "the image has no pixels");
            return CVision_ErrorInternal;
        }
        cv::Mat small, grey;
        shrink_to_width(image->bgr, small, kBlurWidth);
        cv::cvtColor(small, grey, cv::COLOR_BGR2GRAY);

        cv::Mat horizontal, vertical;
        cv::blur(grey, horizontal, cv::Size(kBlurEffectKernel, 1));
        cv::blur(grey, vertical, cv::Size(1, kBlurEffectKernel));
        out->blur = std::max(blur_effect(grey, horizontal, 1, 0), blur_effect(grey, vertical, 0, 1));

        int histogram[256] = {};
        for (int row = 0; row < grey.rows; ++row) {
            const uchar *pixel = grey.ptr<uchar>(row);
            for (int column = 0; column < grey.cols; ++column) ++histogram[pixel[column]];
        }
        const double count = double(grey.total());
        size_t below = 0;
        int level = 0;
        for (; level < 255; ++level) {
            below += size_t(histogram[level]);
            if (double(below) >= 0.99 * count) break;
        }
        out->bright_level = level;
        return CVision_OK;
    });
}

// SPDX-License-Identifier: GPL-3.0-or-later
// Images back into bytes, for tests: PNG files, and the JPEG and YUYV frames of the injected camera.
#include "CVisionImageEncoding.h"
#include "support/ShimSupport.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

using cvision::guarded;
using cvision::write_message;

CVision_Status CVision_image_encode_png(const CVision_Image *image, void **bytes, size_t *length,
                                        char *message, size_t capacity) {
    *bytes = nullptr;
    *length = 0;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        std::vector<uchar> encoded;
        if (!cv::imencode(".png", image->bgr, encoded)) {
            write_message(message, capacity, "PNG encoding failed");
            return CVision_ErrorInternal;
        }
        void *copy = std::malloc(encoded.size());
        if (copy == nullptr) {
            write_message(message, capacity, "out of memory");
            return CVision_ErrorInternal;
        }
        std::memcpy(copy, encoded.data(), encoded.size());
        *bytes = copy;
        *length = encoded.size();
        return CVision_OK;
    });
}

CVision_Status CVision_image_encode_jpeg(const CVision_Image *image, int quality, void **bytes, size_t *length,
                                         char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        std::vector<unsigned char> encoded;
        cv::imencode(".jpg", image->bgr, encoded, {cv::IMWRITE_JPEG_QUALITY, quality});
        *bytes = std::malloc(encoded.size());
        if (*bytes == nullptr) throw std::bad_alloc();
        std::memcpy(*bytes, encoded.data(), encoded.size());
        *length = encoded.size();
        return CVision_OK;
    });
}

CVision_Status CVision_image_encode_yuyv(const CVision_Image *image, void **bytes, size_t *length,
                                         char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        cv::Mat yuv;
        cv::cvtColor(image->bgr, yuv, cv::COLOR_BGR2YUV);
        const int width = yuv.cols & ~1, height = yuv.rows;
        *length = size_t(width) * size_t(height) * 2;
        auto *out = static_cast<unsigned char *>(std::malloc(*length));
        if (out == nullptr) throw std::bad_alloc();
        for (int y = 0; y < height; ++y) {
            const auto *row = yuv.ptr<cv::Vec3b>(y);
            unsigned char *packed = out + size_t(y) * size_t(width) * 2;
            for (int x = 0; x < width; x += 2) {
                // Y0 U Y1 V: chroma averaged over the pixel pair.
                packed[2 * x] = row[x][0];
                packed[2 * x + 1] = (unsigned char)((row[x][1] + row[x + 1][1] + 1) / 2);
                packed[2 * x + 2] = row[x + 1][0];
                packed[2 * x + 3] = (unsigned char)((row[x][2] + row[x + 1][2] + 1) / 2);
            }
        }
        *bytes = out;
        return CVision_OK;
    });
}

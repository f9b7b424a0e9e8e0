// SPDX-License-Identifier: GPL-3.0-or-later
// Camera buffers in, BGR images out: MJPEG through TurboJPEG, YUYV through OpenCV.
#include "support/ShimSupport.hpp"

#include <opencv2/imgproc.hpp>

#include <turbojpeg.h>

#include <memory>

extern "C" {

CVision_Status CVision_image_decode_mjpeg(const void *bytes, size_t length, CVision_Image **out,
                                          char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        *out = nullptr;
        const auto *data = static_cast<const unsigned char *>(bytes);
        tjhandle decoder = tjInitDecompress();
        if (decoder == nullptr) {
            cvision::write_message(message, capacity, "TurboJPEG could not start");
            return CVision_ErrorInternal;
        }
        int width = 0, height = 0, subsampling = 0, colorspace = 0;
        CVision_Status status = CVision_OK;
        auto image = std::make_unique<CVision_Image>();
        if (length < 4 || tjDecompressHeader3(decoder, data, (unsigned long)length, &width, &height,
                                              &subsampling, &colorspace) != 0) {
            cvision::write_message(message, capacity, "the frame is not a JPEG picture");
            status = CVision_ErrorCorrupt;
        } else {
            image->bgr.create(height, width, CV_8UC3);
            // Fast DCT: a camera frame is noisier than the difference it makes.
            if (tjDecompress2(decoder, data, (unsigned long)length, image->bgr.data, width, int(image->bgr.step),
                              height, TJPF_BGR, TJFLAG_FASTDCT) != 0) {
                const std::string problem = tjGetErrorStr2(decoder);
                status = cvision::jpeg_problem_status(problem, tjGetErrorCode(decoder) == TJERR_FATAL);
                if (status != CVision_OK) cvision::write_message(message, capacity, problem);
            }
        }
        tjDestroy(decoder);
        if (status == CVision_OK) *out = image.release();
        return status;
    });
}

CVision_Status CVision_image_create_yuyv(const void *pixels, int width, int height, size_t row_bytes,
                                         CVision_Image **out, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        *out = nullptr;
        if (width < 2 || height < 1 || row_bytes < size_t(width) * 2) {
            cvision::write_message(message, capacity, "the frame's size does not fit YUYV");
            return CVision_ErrorDecode;
        }
        const cv::Mat yuyv(height, width, CV_8UC2, const_cast<void *>(pixels), row_bytes);
        auto image = std::make_unique<CVision_Image>();
        cv::cvtColor(yuyv, image->bgr, cv::COLOR_YUV2BGR_YUYV);
        *out = image.release();
        return CVision_OK;
    });
}

}  // extern "C"

// SPDX-License-Identifier: GPL-3.0-or-later
// Images for the Swift side: decoding, wrapping caller pixels, resizing, sampling.
#include "io/JpegScans.hpp"
#include "io/PngChunks.hpp"
#include "support/ShimSupport.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <leptonica/allheaders.h>
#include <turbojpeg.h>

#include <memory>
#include <string>
#include <vector>

#include <cstdio>
#include <cstdlib>

namespace {
/// The resolution recorded in a PNG, JPEG or TIFF file, as Tesseract's own command-line tool
/// would see it through Leptonica. Tesseract lays out a page very differently when it has to
/// guess the resolution (on multi-column pages the error rate went from 9 % to 55 %).
int resolution_of(const void *bytes, size_t length) {
    const auto *data = static_cast<const l_uint8 *>(bytes);
    l_int32 format = IFF_UNKNOWN, xres = 0, yres = 0;
    if (length < 12 || findFileFormatBuffer(data, &format) != 0) return 0;
    if (format == IFF_JFIF_JPEG) {
        readResolutionMemJpeg(data, length, &xres, &yres);
    } else if (format == IFF_PNG || L_FORMAT_IS_TIFF(format)) {
        FILE *stream = fmemopen(const_cast<void *>(bytes), length, "rb");
        if (stream == nullptr) return 0;
        if (format == IFF_PNG) {
            fgetPngResolution(stream, &xres, &yres);
        } else {
            getTiffResolution(stream, &xres, &yres);
        }
        std::fclose(stream);
    }
    return yres > 0 ? yres : 0;
}
/// libjpeg decodes damaged files "successfully" with a warning on stderr, handing back a
/// picture that is partly grey or garbage, which would then be described with confidence.
/// TurboJPEG reports those warnings to us; decoding at 1/8 scale still reads every
/// compressed block, so the check costs a fraction of a full decode.
CVision_Status check_jpeg(const void *bytes, size_t length, char *message, size_t capacity) {
    const auto *data = static_cast<const unsigned char *>(bytes);
    if (length < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) return CVision_OK;
    tjhandle decoder = tjInitDecompress();
    if (decoder == nullptr) return CVision_OK;  // cannot check; the decoder still will
    int width = 0, height = 0, subsampling = 0, colorspace = 0;
    CVision_Status status = CVision_OK;
    if (tjDecompressHeader3(decoder, data, (unsigned long)length, &width, &height, &subsampling, &colorspace) != 0) {
        status = CVision_ErrorCorrupt;
    } else {
        const tjscalingfactor eighth{1, 8};
        const int w = TJSCALED(width, eighth), h = TJSCALED(height, eighth);
        // libjpeg makes grey only from grey or YCbCr; a CMYK or YCCK picture (print work, some
        // scanners) is checked in its own four channels.
        const bool inked = colorspace == TJCS_CMYK || colorspace == TJCS_YCCK;
        const int format = inked ? TJPF_CMYK : TJPF_GRAY;
        std::vector<unsigned char> pixels(size_t(std::max(w, 1)) * size_t(std::max(h, 1)) * size_t(tjPixelSize[format]));
        if (tjDecompress2(decoder, data, (unsigned long)length, pixels.data(), w, 0, h, format, 0) != 0) {
            const std::string problem = tjGetErrorStr2(decoder);
            status = cvision::jpeg_problem_status(problem, tjGetErrorCode(decoder) == TJERR_FATAL);
            if (status != CVision_OK) cvision::write_message(message, capacity, problem);
        }
    }
    tjDestroy(decoder);
    return status;
}

}  // namespace

using cvision::guarded;
using cvision::write_message;

CVision_Status CVision_image_decode(const void *bytes, size_t length, size_t max_pixels, CVision_Image **out,
                                    char *message, size_t capacity) {
    *out = nullptr;
    int width = 0, height = 0;
    if (CVision_Status header = CVision_image_dimensions(bytes, length, &width, &height, message, capacity);
        header != CVision_OK) return header;
    if (size_t(width) * size_t(height) > max_pixels) {
        write_message(message, capacity, std::to_string(width) + " by " + std::to_string(height) + " pixels, over the limit");
        return CVision_ErrorTooLarge;
    }
    cvision::QuietStderr quiet;
    return guarded(CVision_ErrorDecode, message, capacity, [&] {
        const auto *data = static_cast<const unsigned char *>(bytes);
        // A PNG reaches libpng (through OpenCV and Leptonica) only as the chunks it needs.
        std::vector<unsigned char> png;
        if (cvision::is_png(data, length)) {
            std::string problem;
            if (!cvision::png_decoder_copy(data, length, png, problem)) {
                write_message(message, capacity, problem);
                return CVision_ErrorDecode;
            }
            bytes = png.data();
            length = png.size();
        } else if (cvision::jpeg_scan_count(data, length, cvision::kMostJpegScans) > cvision::kMostJpegScans) {
            write_message(message, capacity, "more than " + std::to_string(cvision::kMostJpegScans) + " scans");
            return CVision_ErrorCorrupt;
        }
        if (CVision_Status jpeg = check_jpeg(bytes, length, message, capacity); jpeg != CVision_OK) return jpeg;
        cv::Mat encoded(1, static_cast<int>(length), CV_8UC1, const_cast<void *>(bytes));
        // OpenCV turns a picture upright by its EXIF orientation (JPEG APP1, PNG eXIf).
        cv::Mat decoded = cv::imdecode(encoded, cv::IMREAD_COLOR);
        if (decoded.empty()) {
            write_message(message, capacity, "not an image format that can be decoded, or damaged");
            return CVision_ErrorDecode;
        }
        *out = new CVision_Image{std::move(decoded), resolution_of(bytes, length)};
        return CVision_OK;
    });
}

CVision_Status CVision_image_create_bgr(const void *pixels, int width, int height, size_t row_bytes,
                                        CVision_Image **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        cv::Mat view(height, width, CV_8UC3, const_cast<void *>(pixels), row_bytes);
        *out = new CVision_Image{view.clone()};
        return CVision_OK;
    });
}

void CVision_image_destroy(CVision_Image *image) { delete image; }
int CVision_image_width(const CVision_Image *image) { return image->bgr.cols; }
int CVision_image_height(const CVision_Image *image) { return image->bgr.rows; }
int CVision_image_pixels_per_inch(const CVision_Image *image) { return image->pixels_per_inch; }

CVision_Status CVision_image_resize(const CVision_Image *image, int width, int height, CVision_Image **out,
                                    char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        auto resized = std::make_unique<CVision_Image>();
        const bool shrinking = width < image->bgr.cols;
        cv::resize(image->bgr, resized->bgr, cv::Size(width, height), 0, 0,
                   shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
        *out = resized.release();
        return CVision_OK;
    });
}

CVision_Status CVision_image_sample_bgr(const CVision_Image *image, int width, int height, unsigned char *out,
                                        size_t capacity, char *message, size_t message_capacity) {
    return guarded(CVision_ErrorInternal, message, message_capacity, [&] {
        if (width <= 0 || height <= 0 || capacity < size_t(width) * size_t(height) * 3) {
            write_message(message, message_capacity, "the sample buffer is smaller than the sample asked for");
            return CVision_ErrorInternal;
        }
        // Resized straight into the caller's bytes: no copy, and no allocation when the sizes match.
        cv::Mat sample(height, width, CV_8UC3, out);
        const bool shrinking = width < image->bgr.cols;
        cv::resize(image->bgr, sample, sample.size(), 0, 0, shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
        return CVision_OK;
    });
}

void CVision_buffer_destroy(void *bytes) { std::free(bytes); }

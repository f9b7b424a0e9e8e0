// SPDX-License-Identifier: GPL-3.0-or-later
// One OpenCV DNN network with its letterbox buffers, reused across frames.
#include "Detector.hpp"
#include "FastLayers.hpp"
#include "NetworkReader.hpp"
#include "support/ShimSupport.hpp"

#include <opencv2/core/utility.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <memory>

using cvision::guarded;
using cvision::write_message;

using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC, like Swift's MonotonicClock

static double seconds_between(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double>(end - start).count();
}

/// The model card's padding value for the letterbox.
static const cv::Scalar kLetterboxPad(114, 114, 114);

CVision_Status CVision_detector_create(const char *model_path, int input_size, CVision_DetectorLayers layers,
                                       CVision_Detector **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorModel, message, capacity, [&] {
        namespace fast = cvision::layers;
        fast::LayerChoice choice = cvision::layer_choice(layers == CVision_DetectorLayersStock);
        if (layers == CVision_DetectorLayersPortable) choice.isa = cvision::kernels::Isa::portable;
        cv::dnn::Net net = cvision::read_network(model_path, choice);
        if (!choice.stock) fast::fuse_silu(net);
        std::unique_ptr<CVision_Detector> detector(new CVision_Detector{std::move(net), input_size, {}, {}, {}, 0, 0});
        detector->letterboxed.create(input_size, input_size, CV_8UC3);
        // The warm-up: allocates every blob and finalises every layer now, not on the first frame.
        const int blob_shape[] = {1, 3, input_size, input_size};
        detector->blob.create(4, blob_shape, CV_32F);
        detector->blob.setTo(kLetterboxPad[0]);
        detector->net.setInput(detector->blob);
        detector->output = detector->net.forward();
        *out = detector.release();
        return CVision_OK;
    });
}

void CVision_detector_destroy(CVision_Detector *detector) { delete detector; }

double cvision::letterbox(CVision_Detector *detector, const cv::Mat &source) {
    const int size = detector->input_size;
    const double r = std::min(double(size) / source.rows, double(size) / source.cols);
    const int resized_w = std::max(1, int(source.cols * r));
    const int resized_h = std::max(1, int(source.rows * r));

    detector->letterboxed.setTo(kLetterboxPad);
    cv::Mat top_left = detector->letterboxed(cv::Rect(0, 0, resized_w, resized_h));
    cv::resize(source, top_left, top_left.size(), 0, 0, cv::INTER_LINEAR);

    // Raw 0–255 BGR, no mean or scale, NCHW: exactly what the model card asks for.
    cv::dnn::blobFromImage(detector->letterboxed, detector->blob, 1.0, cv::Size(), cv::Scalar(),
                           /*swapRB=*/false, /*crop=*/false, CV_32F);
    return r;
}

CVision_Status CVision_detector_run(CVision_Detector *detector, const CVision_Image *image,
                                    const float **output, int *rows, int *columns, double *scale,
                                    char *message, size_t capacity) {
    *output = nullptr;
    *rows = 0;
    *columns = 0;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        const auto started = Clock::now();
        const double r = cvision::letterbox(detector, image->bgr);
        const auto prepared = Clock::now();
        detector->net.setInput(detector->blob);
        {
            cvision::layers::SingleThreadScope scope(detector->single_threaded);
            detector->output = detector->net.forward();
        }
        detector->preprocess_seconds = seconds_between(started, prepared);
        detector->forward_seconds = seconds_between(prepared, Clock::now());

        const cv::Mat &result = detector->output;
        if (result.dims != 3 || result.size[0] != 1 || result.type() != CV_32F || !result.isContinuous()) {
            write_message(message, capacity, "the network's output is not 1 x N x C float values");
            return CVision_ErrorModel;
        }
        *output = result.ptr<float>();
        *rows = result.size[1];
        *columns = result.size[2];
        *scale = r;
        return CVision_OK;
    });
}

void CVision_detector_last_timings(const CVision_Detector *detector, double *preprocess_seconds,
                                   double *forward_seconds) {
    *preprocess_seconds = detector->preprocess_seconds;
    *forward_seconds = detector->forward_seconds;
}

void CVision_detector_fast_layers(CVision_Detector *detector, int *fast_layers, int *fused_silu) {
    const auto count = cvision::layers::count_fast_layers(detector->net);
    *fast_layers = count.total();
    *fused_silu = count.fused_silu;
}

void CVision_detector_set_single_threaded(CVision_Detector *detector, int single) {
    detector->single_threaded = single != 0;
}

void CVision_set_thread_count(int threads) { cv::setNumThreads(threads); }

int CVision_thread_count(void) { return cv::getNumThreads(); }

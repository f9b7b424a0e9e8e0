// SPDX-License-Identifier: GPL-3.0-or-later
// Fast stride-1 max pooling, as in YOLOX's SPP block (5x5, 9x9 and 13x13 windows "same"-padded):
// a k x k maximum is a 1 x k maximum of k x 1 maxima, so each output costs 2k comparisons
// instead of OpenCV 4.6's k². Exact: a maximum does not round. And global average pooling, the
// text networks' squeeze-and-excitation means: a vector sum per plane, where OpenCV 4.6 runs
// its windowed loop over one window the size of the plane (3x slower on the text detector).
#include "FastLayers.hpp"

#include <opencv2/core/utility.hpp>
#include <opencv2/dnn/all_layers.hpp>

#include <algorithm>
#include <limits>
#include <vector>

namespace cvision::layers {
namespace {

using cv::dnn::Layer;
using cv::dnn::LayerParams;
using cv::dnn::MatShape;

class FastMaxPool final : public DelegatingLayer {
public:
    FastMaxPool(const LayerParams &params, int kernel_h, int kernel_w, int pad_top, int pad_left)
        : DelegatingLayer(params, cv::dnn::PoolingLayer::create(params)), kernel_h_(kernel_h), kernel_w_(kernel_w),
          pad_top_(pad_top), pad_left_(pad_left) {}

    Kind kind() const override { return Kind::pooling; }

private:
    // One NCHW float output (no argmax mask) whose every window overlaps the input.
    bool plan(const std::vector<cv::Mat> &inputs, const std::vector<cv::Mat> &outputs) override {
        if (!one_plane_wise_pair(inputs, outputs)) return false;
        const cv::Mat &input = inputs[0], &output = outputs[0];
        if (output.size[2] < 1 || output.size[3] < 1) return false;
        return output.size[2] - 1 - pad_top_ < input.size[2] && output.size[3] - 1 - pad_left_ < input.size[3];
    }

    bool run(std::vector<cv::Mat> &inputs, std::vector<cv::Mat> &outputs) override {
        const cv::Mat &input = inputs[0];
        cv::Mat &output = outputs[0];
        const int planes = input.size[0] * input.size[1];
        const int height = input.size[2], width = input.size[3];
        const int out_h = output.size[2], out_w = output.size[3];
        const float *src = input.ptr<float>();
        float *dst = output.ptr<float>();
        auto pool_planes = [&](const cv::Range &range) {
            // Rows padded with -inf so every window is a plain run; loops run across x so they vectorise.
            const int padded_w = out_w + kernel_w_ - 1;
            std::vector<float> padded(size_t(padded_w), -std::numeric_limits<float>::infinity());
            std::vector<float> rows(size_t(height) * size_t(out_w));  // each input row's 1 x k maxima
            const int copy_w = std::min(width, padded_w - pad_left_);
            for (int p = range.start; p < range.end; p++) {
                const float *plane = src + size_t(p) * height * width;
                for (int y = 0; y < height; y++) {
                    std::copy_n(plane + size_t(y) * width, copy_w, padded.begin() + pad_left_);
                    float *maxima = rows.data() + size_t(y) * out_w;
                    std::copy_n(padded.begin(), out_w, maxima);
                    for (int i = 1; i < kernel_w_; i++) {
                        const float *shifted = padded.data() + i;
                        for (int x = 0; x < out_w; x++) maxima[x] = maxima[x] < shifted[x] ? shifted[x] : maxima[x];
                    }
                }
                float *out = dst + size_t(p) * out_h * out_w;
                for (int y = 0; y < out_h; y++) {
                    const int y0 = std::max(0, y - pad_top_), y1 = std::min(height, y - pad_top_ + kernel_h_);
                    float *line = out + size_t(y) * out_w;
                    std::copy_n(rows.data() + size_t(y0) * out_w, out_w, line);
                    for (int r = y0 + 1; r < y1; r++) {
                        const float *maxima = rows.data() + size_t(r) * out_w;
                        for (int x = 0; x < out_w; x++) line[x] = line[x] < maxima[x] ? maxima[x] : line[x];
                    }
                }
            }
        };
        const size_t work = size_t(planes) * height * width * size_t(kernel_h_ + kernel_w_);
        if (work < 200000) pool_planes(cv::Range(0, planes));
        else parallel_for(cv::Range(0, planes), pool_planes, double(std::min(planes, 4 * cv::getNumThreads())));
        return true;
    }

    int kernel_h_, kernel_w_, pad_top_, pad_left_;
};

/// The mean of each plane (N x C x H x W to N x C x 1 x 1), as float32 sums in another order
/// than OpenCV's: the two differ by rounding only, about n·2^-24 · mean |x| at most.
class FastGlobalAverage final : public DelegatingLayer {
public:
    FastGlobalAverage(const LayerParams &params, kernels::Isa isa)
        : DelegatingLayer(params, cv::dnn::PoolingLayer::create(params)), isa_(isa) {}

    Kind kind() const override { return Kind::pooling; }

private:
    bool plan(const std::vector<cv::Mat> &inputs, const std::vector<cv::Mat> &outputs) override {
        return one_plane_wise_pair(inputs, outputs) && outputs[0].size[2] == 1 && outputs[0].size[3] == 1 &&
               inputs[0].size[2] * inputs[0].size[3] > 0;
    }

    bool run(std::vector<cv::Mat> &inputs, std::vector<cv::Mat> &outputs) override {
        const cv::Mat &input = inputs[0];
        const int planes = input.size[0] * input.size[1];
        const size_t plane = size_t(input.size[2]) * input.size[3];
        const float *src = input.ptr<float>();
        float *dst = outputs[0].ptr<float>();
        const float inverse = float(1.0 / double(plane));
        auto average = [&](const cv::Range &range) {
            for (int p = range.start; p < range.end; p++)
                dst[p] = kernels::sum(isa_, src + size_t(p) * plane, plane) * inverse;
        };
        if (size_t(planes) * plane < 100000) average(cv::Range(0, planes));
        else parallel_for(cv::Range(0, planes), average, double(std::min(planes, 4 * cv::getNumThreads())));
        return true;
    }

    kernels::Isa isa_;
};

}  // namespace

cv::Ptr<Layer> make_pooling(LayerParams &params) {
    const LayerChoice choice = current_choice();
    auto stock = [&] { return cv::Ptr<Layer>(cv::dnn::PoolingLayer::create(params)); };
    const std::string pool = params.get<std::string>("pool", "max");
    // Global average pooling over both axes; other average pooling stays with OpenCV.
    if (!choice.stock && (pool == "AVE" || pool == "ave") && params.get<bool>("global_pooling", false) &&
        !params.has("global_pooling_h") && !params.has("global_pooling_w") && !params.has("pad_mode"))
        return cv::makePtr<FastGlobalAverage>(params, choice.isa);
    // Else only 2-D stride-1 max pooling with explicit padding smaller than the window; strides,
    // dilations and padding modes stay with OpenCV.
    if (choice.stock || (pool != "MAX" && pool != "max")) return stock();
    if (params.has("global_pooling") || params.has("pad_mode") || params.has("dilation") || !params.has("kernel_size") ||
        params.has("kernel_h") || params.has("pad_t") || params.has("pad_h") || params.get<bool>("compute_max_idx", false))
        return stock();
    const cv::dnn::DictValue kernel = params.get("kernel_size");
    if (kernel.size() != 2) return stock();
    if (params.has("stride")) {
        const cv::dnn::DictValue stride = params.get("stride");
        if (stride.size() != 2 || stride.get<int>(0) != 1 || stride.get<int>(1) != 1) return stock();
    }
    int pads[4] = {0, 0, 0, 0};  // top, left, bottom, right
    if (params.has("pad")) {
        const cv::dnn::DictValue pad = params.get("pad");
        if (pad.size() != 4) return stock();
        for (int i = 0; i < 4; i++) pads[i] = pad.get<int>(i);
    }
    const int kernel_h = kernel.get<int>(0), kernel_w = kernel.get<int>(1);
    if (kernel_h < 1 || kernel_w < 1 || std::any_of(pads, pads + 4, [](int p) { return p < 0; }) || pads[0] >= kernel_h ||
        pads[2] >= kernel_h || pads[1] >= kernel_w || pads[3] >= kernel_w)
        return stock();
    return cv::makePtr<FastMaxPool>(params, kernel_h, kernel_w, pads[0], pads[1]);
}

}  // namespace cvision::layers

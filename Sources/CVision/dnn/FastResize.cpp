// SPDX-License-Identifier: GPL-3.0-or-later
// Fast nearest-neighbour upsampling by whole factors, as YOLOX's PAN neck has it (ONNX Resize,
// nearest, asymmetric coordinates, floor: output (y, x) is input (y / fy, x / fx) rounded down).
// Each input row is widened once into its first output row, which is then copied fy - 1 times.
// Exact: a copy does not round.
#include "FastLayers.hpp"

#include <opencv2/core/utility.hpp>
#include <opencv2/dnn/all_layers.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace cvision::layers {
namespace {

using cv::dnn::Layer;
using cv::dnn::LayerParams;

class FastUpsample final : public DelegatingLayer {
public:
    explicit FastUpsample(const LayerParams &params) : DelegatingLayer(params, cv::dnn::ResizeLayer::create(params)) {}

    Kind kind() const override { return Kind::resize; }

private:
    // NCHW floats whose output height and width are whole multiples of the input's.
    bool plan(const std::vector<cv::Mat> &inputs, const std::vector<cv::Mat> &outputs) override {
        if (!one_plane_wise_pair(inputs, outputs)) return false;
        const cv::Mat &input = inputs[0], &output = outputs[0];
        if (input.size[2] < 1 || input.size[3] < 1) return false;
        factor_y_ = output.size[2] / input.size[2];
        factor_x_ = output.size[3] / input.size[3];
        return factor_y_ >= 1 && factor_x_ >= 1 && factor_y_ * input.size[2] == output.size[2] &&
               factor_x_ * input.size[3] == output.size[3];
    }

    bool run(std::vector<cv::Mat> &inputs, std::vector<cv::Mat> &outputs) override {
        const cv::Mat &input = inputs[0];
        cv::Mat &output = outputs[0];
        const int planes = input.size[0] * input.size[1], height = input.size[2], width = input.size[3];
        const int out_w = output.size[3];
        const int fy = factor_y_, fx = factor_x_;
        const float *src = input.ptr<float>();
        float *dst = output.ptr<float>();
        auto upsample = [&](const cv::Range &range) {
            for (int p = range.start; p < range.end; p++) {
                const float *plane = src + size_t(p) * height * width;
                float *out = dst + size_t(p) * height * fy * out_w;
                for (int y = 0; y < height; y++) {
                    const float *line = plane + size_t(y) * width;
                    float *first = out + size_t(y) * fy * out_w;
                    if (fx == 2) {
                        for (int x = 0; x < width; x++) first[2 * x] = first[2 * x + 1] = line[x];
                    } else {
                        for (int x = 0; x < width; x++) std::fill_n(first + size_t(x) * fx, fx, line[x]);
                    }
                    for (int k = 1; k < fy; k++) std::copy_n(first, out_w, first + size_t(k) * out_w);
                }
            }
        };
        if (output.total() < 100000) upsample(cv::Range(0, planes));
        else parallel_for(cv::Range(0, planes), upsample, double(std::min(planes, 4 * cv::getNumThreads())));
        return true;
    }

    int factor_y_ = 1, factor_x_ = 1;
};

}  // namespace

cv::Ptr<Layer> make_resize(LayerParams &params) {
    const LayerChoice choice = current_choice();
    // Only nearest-neighbour with asymmetric coordinates rounded down (what a PyTorch
    // nearest upsample exports); bilinear, aligned corners and half-pixel centres stay with OpenCV.
    const bool nearest = params.get<std::string>("interpolation", "") == "nearest" &&
                         !params.get<bool>("align_corners", false) && !params.get<bool>("half_pixel_centers", false) &&
                         params.get<std::string>("coordinate_transformation_mode", "asymmetric") == "asymmetric" &&
                         params.get<std::string>("nearest_mode", "floor") == "floor";
    if (choice.stock || !nearest) return cv::dnn::ResizeLayer::create(params);
    return cv::makePtr<FastUpsample>(params);
}

}  // namespace cvision::layers

// SPDX-License-Identifier: GPL-3.0-or-later
// GELU as one layer: the text networks spell it as five ONNX nodes (Div by √2, Erf, Add 1, Mul
// by x, Mul by 0.5), which OpenCV 4.6 runs as five passes, its Erf a scalar loop; a fifth of
// the text detector's time. Models/prepare_model.py turns the five nodes into one `Gelu` node,
// which OpenCV's importer, knowing no such operator, builds from the layer registered here.
// There is no stock layer to compare with, so both layer choices get this one.
#include "FastLayers.hpp"

#include <opencv2/core/utility.hpp>

namespace cvision::layers {
namespace {

class GeluLayer final : public cv::dnn::Layer {
public:
    GeluLayer(const cv::dnn::LayerParams &params, kernels::Isa isa) : isa_(isa) { setParamsFrom(params); }

    bool getMemoryShapes(const std::vector<cv::dnn::MatShape> &inputs, const int, std::vector<cv::dnn::MatShape> &outputs,
                         std::vector<cv::dnn::MatShape> &) const override {
        CV_Assert(inputs.size() == 1);
        outputs.assign(1, inputs[0]);
        return false;
    }

    void forward(cv::InputArrayOfArrays inputs_arr, cv::OutputArrayOfArrays outputs_arr, cv::OutputArrayOfArrays) override {
        std::vector<cv::Mat> inputs, outputs;
        inputs_arr.getMatVector(inputs);
        outputs_arr.getMatVector(outputs);
        const cv::Mat &x = inputs[0];
        cv::Mat &y = outputs[0];
        CV_Assert(x.type() == CV_32F && y.type() == CV_32F && x.isContinuous() && y.isContinuous() && x.total() == y.total());
        const size_t n = x.total();
        const float *src = x.ptr<float>();
        float *dst = y.ptr<float>();
        constexpr size_t kStripe = 16384;
        const int stripes = int(std::min<size_t>(size_t(std::max(1, cv::getNumThreads())) * 2, (n + kStripe - 1) / kStripe));
        if (stripes <= 1) {
            kernels::gelu(isa_, src, dst, n);
            return;
        }
        const size_t chunk = ((n + stripes - 1) / stripes + 63) / 64 * 64;
        parallel_for(cv::Range(0, stripes), [&](const cv::Range &range) {
            for (int s = range.start; s < range.end; s++) {
                const size_t begin = std::min(n, size_t(s) * chunk), end = std::min(n, begin + chunk);
                if (begin < end) kernels::gelu(isa_, src + begin, dst + begin, end - begin);
            }
        }, double(stripes));
    }

private:
    kernels::Isa isa_;
};

}  // namespace

cv::Ptr<cv::dnn::Layer> make_gelu(cv::dnn::LayerParams &params) {
    const LayerChoice choice = current_choice();
    return cv::makePtr<GeluLayer>(params, choice.stock ? kernels::best_isa() : choice.isa);
}

}  // namespace cvision::layers

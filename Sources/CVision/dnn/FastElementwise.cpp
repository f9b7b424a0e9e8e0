// SPDX-License-Identifier: GPL-3.0-or-later
// Fast Sigmoid and Eltwise layers, and the fusion of the exported SiLU (Sigmoid, then Mul of
// the Sigmoid's input and output): the Sigmoid computes x / (1 + e^-x) straight into the Mul's
// output and OpenCV skips the Mul, so one pass over the tensor and one layer call instead of two.
#include "FastLayers.hpp"

#include <opencv2/core/utility.hpp>
#include <opencv2/dnn/all_layers.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace cvision::layers {
namespace {

using cv::dnn::Layer;
using cv::dnn::LayerParams;
using cv::dnn::MatShape;

/// Runs `body(begin, end)` over [0, n) on OpenCV's threads when n is large enough to pay for
/// them; stripes are multiples of 64 elements so vector loops rarely need a scalar tail.
template <typename Body>
void for_each_stripe(size_t n, Body body) {
    constexpr size_t kMinStripe = 16384;
    const int threads = std::max(1, cv::getNumThreads());
    const size_t stripes = std::min<size_t>(size_t(threads) * 2, n / kMinStripe);
    if (stripes <= 1) {
        body(size_t(0), n);
        return;
    }
    const size_t chunk = ((n + stripes - 1) / stripes + 63) / 64 * 64;
    parallel_for(cv::Range(0, int(stripes)), [&](const cv::Range &range) {
        for (int s = range.start; s < range.end; s++) {
            const size_t begin = std::min(n, size_t(s) * chunk), end = std::min(n, begin + chunk);
            if (begin < end) body(begin, end);
        }
    }, double(stripes));
}

void require_dense_float(const cv::Mat &blob, const char *what) {
    if (blob.type() != CV_32F || !blob.isContinuous())
        CV_Error(cv::Error::StsNotImplemented, std::string("the fast layer needs a continuous float ") + what);
}

class FastSigmoid final : public cv::dnn::ActivationLayer, public FastLayer {
public:
    FastSigmoid(const LayerParams &params, kernels::Isa isa) : isa_(isa) { setParamsFrom(params); }

    Kind kind() const override { return Kind::sigmoid; }
    bool fused() const override { return silu_; }

    /// Names the Mul of this Sigmoid's input and output: the one layer `tryFuse` will take.
    void pair_with(const Layer *mul) { partner_ = mul; }
    bool paired() const { return partner_ != nullptr; }

    /// OpenCV's fusion pass offers each layer's only consumer. Taking the paired Mul makes
    /// OpenCV skip it and hand this layer the Mul's output, where the SiLU goes. Without the
    /// pass (fusion disabled) both layers simply run as they are, which is just as correct.
    bool tryFuse(cv::Ptr<Layer> &top) override {
        if (top.get() != partner_ || partner_ == nullptr) return false;
        silu_ = true;
        return true;
    }

    // OpenCV finalizes every layer before each fusion pass (at the first forward, and again
    // after anything that sets the network up anew): the SiLU holds only if that pass takes
    // the Mul again, not when fusion has been turned off since.
    void finalize(cv::InputArrayOfArrays, cv::OutputArrayOfArrays) override { silu_ = false; }

    bool getMemoryShapes(const std::vector<MatShape> &inputs, const int, std::vector<MatShape> &outputs,
                         std::vector<MatShape> &) const override {
        outputs = inputs;
        return true;  // element-wise: may overwrite its input when nobody else reads it
    }

    void forward(cv::InputArrayOfArrays inputs_arr, cv::OutputArrayOfArrays outputs_arr,
                 cv::OutputArrayOfArrays) override {
        std::vector<cv::Mat> inputs, outputs;
        inputs_arr.getMatVector(inputs);
        outputs_arr.getMatVector(outputs);
        CV_Assert(inputs.size() == outputs.size());
        for (size_t i = 0; i < inputs.size(); i++) {
            require_dense_float(inputs[i], "input");
            require_dense_float(outputs[i], "output");
            CV_Assert(inputs[i].total() == outputs[i].total());
            const float *x = inputs[i].ptr<float>();
            float *y = outputs[i].ptr<float>();
            for_each_stripe(inputs[i].total(), [&](size_t begin, size_t end) {
                if (silu_) kernels::silu(isa_, x + begin, y + begin, end - begin);
                else kernels::sigmoid(isa_, x + begin, y + begin, end - begin);
            });
        }
    }

    // Called by a convolution this Sigmoid was fused into: `cn1 - cn0` planes of `len` values,
    // `plane_size` apart.
    void forwardSlice(const float *src, float *dst, int len, size_t plane_size, int cn0, int cn1) const override {
        for (int c = cn0; c < cn1; c++, src += plane_size, dst += plane_size) kernels::sigmoid(isa_, src, dst, size_t(len));
    }

private:
    kernels::Isa isa_;
    const Layer *partner_ = nullptr;  // owned by the same network
    bool silu_ = false;
};

class FastEltwise final : public DelegatingLayer {
public:
    enum class Operation { sum, prod, max };

    FastEltwise(const LayerParams &params, Operation operation, kernels::Isa isa)
        : DelegatingLayer(params, cv::dnn::EltwiseLayer::create(params)), operation_(operation), isa_(isa) {}

    Kind kind() const override { return Kind::eltwise; }

    Operation operation() const { return operation_; }

private:
    // Decided per call in `run`, where the unusual cases (inputs of different shapes) go to OpenCV.
    bool plan(const std::vector<cv::Mat> &, const std::vector<cv::Mat> &) override { return true; }

    bool run(std::vector<cv::Mat> &inputs, std::vector<cv::Mat> &outputs) override {
        CV_Assert(inputs.size() >= 2 && outputs.size() == 1);
        cv::Mat &output = outputs[0];
        const size_t n = output.total();
        bool same_shapes = output.type() == CV_32F && output.isContinuous();
        for (const cv::Mat &input : inputs)
            same_shapes = same_shapes && input.type() == CV_32F && input.isContinuous() && input.size == output.size;
        if (!same_shapes) return run_per_plane(inputs, output);
        float *y = output.ptr<float>();
        for_each_stripe(n, [&](size_t begin, size_t end) {
            const size_t count = end - begin;
            for (size_t i = 1; i < inputs.size(); i++) {
                const float *a = i == 1 ? inputs[0].ptr<float>() + begin : y + begin;
                const float *b = inputs[i].ptr<float>() + begin;
                switch (operation_) {
                case Operation::sum: kernels::add(isa_, a, b, y + begin, count); break;
                case Operation::prod: kernels::multiply(isa_, a, b, y + begin, count); break;
                case Operation::max: kernels::maximum(isa_, a, b, y + begin, count); break;
                }
            }
        });
        return true;
    }

    /// A tensor times (or plus) one value per plane, an N x C x 1 x 1 one: the text networks'
    /// squeeze-and-excitation gates, which OpenCV 4.6 broadcasts element by element at a
    /// tenth of this speed (31 ms against 3 for the text detector's largest). Other mixed
    /// shapes go to OpenCV.
    bool run_per_plane(const std::vector<cv::Mat> &inputs, cv::Mat &output) const {
        if (inputs.size() != 2 || operation_ == Operation::max || output.type() != CV_32F || !output.isContinuous() ||
            output.dims != 4)
            return false;
        const int whole = inputs[0].size == output.size ? 0 : 1;
        const cv::Mat &tensor = inputs[size_t(whole)], &values = inputs[size_t(1 - whole)];
        if (tensor.size != output.size || tensor.type() != CV_32F || !tensor.isContinuous() || values.dims != 4 ||
            values.type() != CV_32F || !values.isContinuous() || values.size[0] != output.size[0] ||
            values.size[1] != output.size[1] || values.size[2] != 1 || values.size[3] != 1)
            return false;
        const size_t planes = size_t(output.size[0]) * output.size[1], plane = size_t(output.size[2]) * output.size[3];
        const float *a = tensor.ptr<float>(), *v = values.ptr<float>();
        float *y = output.ptr<float>();
        const bool product = operation_ == Operation::prod;
        for_each_stripe(planes * plane, [&](size_t begin, size_t end) {
            while (begin < end) {
                const size_t p = begin / plane, stop = std::min(end, (p + 1) * plane);
                kernels::scale_shift(isa_, a + begin, product ? v[p] : 1.0f, product ? 0.0f : v[p], y + begin, stop - begin);
                begin = stop;
            }
        });
        return true;
    }

    Operation operation_;
    kernels::Isa isa_;
};

}  // namespace

cv::Ptr<Layer> make_sigmoid(LayerParams &params) {
    const LayerChoice choice = current_choice();
    if (choice.stock) return cv::dnn::SigmoidLayer::create(params);
    return cv::makePtr<FastSigmoid>(params, choice.isa);
}

cv::Ptr<Layer> make_eltwise(LayerParams &params) {
    const LayerChoice choice = current_choice();
    // Coefficients, channel-mismatch modes and division stay with OpenCV.
    const std::string operation = params.get<std::string>("operation", "sum");
    const std::string channels = params.get<std::string>("output_channels_mode", "same");
    if (choice.stock || params.has("coeff") || channels != "same") return cv::dnn::EltwiseLayer::create(params);
    if (operation == "sum") return cv::makePtr<FastEltwise>(params, FastEltwise::Operation::sum, choice.isa);
    if (operation == "prod") return cv::makePtr<FastEltwise>(params, FastEltwise::Operation::prod, choice.isa);
    if (operation == "max") return cv::makePtr<FastEltwise>(params, FastEltwise::Operation::max, choice.isa);
    return cv::dnn::EltwiseLayer::create(params);
}

int fuse_silu(cv::dnn::Net &net) {
    // Who consumes whom, from the imported graph (every instance exists after readNet).
    std::map<const Layer *, int> consumers, ids;
    std::vector<int> layer_ids;
    for (const auto &name : net.getLayerNames()) {
        const int id = net.getLayerId(name);
        layer_ids.push_back(id);
        ids[net.getLayer(id).get()] = id;
        for (const auto &input : net.getLayerInputs(id)) consumers[input.get()]++;
    }
    std::set<const Layer *> outputs;
    for (int id : net.getUnconnectedOutLayers()) outputs.insert(net.getLayer(id).get());

    int fused = 0;
    for (int id : layer_ids) {
        auto *mul = dynamic_cast<FastEltwise *>(net.getLayer(id).get());
        if (mul == nullptr || mul->operation() != FastEltwise::Operation::prod) continue;
        const auto inputs = net.getLayerInputs(id);
        if (inputs.size() != 2) continue;
        for (int s = 0; s < 2; s++) {
            auto *sigmoid = dynamic_cast<FastSigmoid *>(inputs[s].get());
            if (sigmoid == nullptr || sigmoid->paired() || consumers[sigmoid] != 1 || outputs.count(sigmoid)) continue;
            const auto sigmoid_inputs = net.getLayerInputs(ids[sigmoid]);
            if (sigmoid_inputs.size() != 1 || sigmoid_inputs[0].get() != inputs[1 - s].get()) continue;
            sigmoid->pair_with(mul);
            fused++;
            break;
        }
    }
    return fused;
}

}  // namespace cvision::layers

// SPDX-License-Identifier: GPL-3.0-or-later
// Faster replacements for the OpenCV 4.6 DNN layers that dominate YOLOX-Nano's forward pass
// (Sigmoid, the SiLU's Mul, the Focus stem's strided Slices, SPP's max pooling, the head's
// Transpose, the dense and stride-1 depthwise convolutions, the neck's nearest upsampling), and
// those the text networks add (GELU, per-channel gates, global average pooling, the DB head's
// 2x2 deconvolutions). They are registered under the stock type names, so OpenCV's importer
// builds them; each network chooses fast or stock layers when it is read (see LayerChoice).
#pragma once

#include "FastKernels.hpp"

#include <opencv2/dnn.hpp>

#include <string>
#include <utility>
#include <vector>

namespace cvision::layers {

/// Which layers the networks read on this thread get. LayerFactory is process-wide, so the
/// registered factories consult this thread-local choice; OpenCV 4.6's ONNX importer creates
/// every layer instance inside readNetFromONNX (it asks each layer for its output shapes), so
/// the choice must hold while the network is read. Threads that never set one get OpenCV's
/// own layers.
struct LayerChoice {
    bool stock = true;
    kernels::Isa isa = kernels::Isa::portable;
    /// Whether group-1 convolutions at strides above 1 are fast GEMM ones too (they copy their
    /// columns first). The text networks keep OpenCV's there: its stride-2 3x3 in the text
    /// detector took 30 ms, the fast one 51 ms (one thread, AMD EPYC AVX2); at stride 1 the fast
    /// ones took the detector's forward pass from 472 ms to 430.
    bool strided_dense_convolutions = true;
};

/// Sets this thread's choice for its lifetime and puts the previous one back after.
class LayerChoiceScope {
public:
    explicit LayerChoiceScope(LayerChoice choice);
    ~LayerChoiceScope();
    LayerChoiceScope(const LayerChoiceScope &) = delete;
    LayerChoiceScope &operator=(const LayerChoiceScope &) = delete;

private:
    LayerChoice previous_;
};

/// While open on a thread, the fast layers run their loops on that thread alone. A detector
/// that works beside others, one per core, needs this: OpenCV's own switch,
/// cv::setNumThreads, is process-wide, and changing it while another thread is inside a
/// parallel loop tears down the thread pool under that loop.
class SingleThreadScope {
public:
    explicit SingleThreadScope(bool single);
    ~SingleThreadScope();
    SingleThreadScope(const SingleThreadScope &) = delete;
    SingleThreadScope &operator=(const SingleThreadScope &) = delete;

private:
    bool previous_;
};

/// Whether a SingleThreadScope is open on this thread.
bool single_threaded();

/// cv::parallel_for_, or the whole range on this thread inside a SingleThreadScope.
template <typename Body>
void parallel_for(const cv::Range &range, const Body &body, double stripes) {
    if (single_threaded()) body(range);
    else cv::parallel_for_(range, body, stripes);
}

/// What every fast layer tells about itself, for counting and tests.
class FastLayer {
public:
    enum class Kind { sigmoid, eltwise, slice, permute, pooling, convolution, deconvolution, resize };
    virtual ~FastLayer() = default;
    virtual Kind kind() const = 0;
    /// True when the layer also computes the one after it, which OpenCV then skips: a Sigmoid
    /// computing a whole SiLU in place of its Mul, a deconvolution its ReLU.
    virtual bool fused() const { return false; }
    /// True when the last forward handed its case to OpenCV's layer (shapes it does not handle).
    virtual bool delegated() const { return false; }
};

/// A fast layer with OpenCV's own beside it: OpenCV's layer decides the output shapes (so both
/// agree by construction), and whatever `plan` turns down at finalize, or `run` turns down
/// for one call, goes through OpenCV's forward instead.
class DelegatingLayer : public cv::dnn::Layer, public FastLayer {
public:
    bool delegated() const final { return use_stock_ || declined_; }

    bool getMemoryShapes(const std::vector<cv::dnn::MatShape> &inputs, const int required_outputs,
                         std::vector<cv::dnn::MatShape> &outputs,
                         std::vector<cv::dnn::MatShape> &internals) const final {
        return stock_->getMemoryShapes(inputs, required_outputs, outputs, internals);
    }

    // A network read with dynamic shapes tells each layer its input shapes before asking for its
    // outputs; OpenCV's global pooling sizes its window there.
    bool updateMemoryShapes(const std::vector<cv::dnn::MatShape> &inputs) final {
        return stock_->updateMemoryShapes(inputs);
    }

    // OpenCV's layer is finalized even when this one will run: it may be handed a call later.
    void finalize(cv::InputArrayOfArrays inputs_arr, cv::OutputArrayOfArrays outputs_arr) final {
        stock_->finalize(inputs_arr, outputs_arr);
        std::vector<cv::Mat> inputs, outputs;
        inputs_arr.getMatVector(inputs);
        outputs_arr.getMatVector(outputs);
        use_stock_ = !plan(inputs, outputs);
    }

    void forward(cv::InputArrayOfArrays inputs_arr, cv::OutputArrayOfArrays outputs_arr,
                 cv::OutputArrayOfArrays internals_arr) final {
        if (use_stock_) {
            stock_->forward(inputs_arr, outputs_arr, internals_arr);
            return;
        }
        std::vector<cv::Mat> inputs, outputs;
        inputs_arr.getMatVector(inputs);
        outputs_arr.getMatVector(outputs);
        declined_ = !run(inputs, outputs);
        if (declined_) stock_->forward(inputs_arr, outputs_arr, internals_arr);
    }

protected:
    DelegatingLayer(const cv::dnn::LayerParams &params, cv::Ptr<cv::dnn::Layer> stock) : stock_(std::move(stock)) {
        setParamsFrom(params);
    }

    /// Prepares for these blobs; false leaves every forward to OpenCV's layer.
    virtual bool plan(const std::vector<cv::Mat> &inputs, const std::vector<cv::Mat> &outputs) = 0;
    /// The fast forward; false (before writing anything) hands this call to OpenCV's layer.
    virtual bool run(std::vector<cv::Mat> &inputs, std::vector<cv::Mat> &outputs) = 0;

    cv::Ptr<cv::dnn::Layer> stock_;

private:
    bool use_stock_ = true, declined_ = false;
};

/// Whether a layer has one input and one output, both continuous 4-D float (NCHW) blobs with
/// the same batch size and channels: what the per-plane layers (pooling, upsampling) handle.
inline bool one_plane_wise_pair(const std::vector<cv::Mat> &inputs, const std::vector<cv::Mat> &outputs) {
    if (inputs.size() != 1 || outputs.size() != 1) return false;
    const cv::Mat &input = inputs[0], &output = outputs[0];
    return input.dims == 4 && output.dims == 4 && input.type() == CV_32F && output.type() == CV_32F &&
           input.isContinuous() && output.isContinuous() && output.size[0] == input.size[0] &&
           output.size[1] == input.size[1];
}

/// This thread's current choice.
LayerChoice current_choice();

/// Registers the fast factories under the stock names, once per process.
void register_fast_layers();

/// Pairs each Sigmoid whose only consumer is a Mul of the Sigmoid's own input (the exported
/// form of SiLU) with that Mul. When OpenCV sets the network up (its first forward), its fusion
/// pass lets each such Sigmoid take over its Mul: the Sigmoid computes x / (1 + e^-x) into the
/// Mul's output and the Mul is skipped. Needs the network's layers to be fast ones; returns the
/// number of pairs.
int fuse_silu(cv::dnn::Net &net);

/// How many layers of the network are fast ones, and how many Sigmoid+Mul pairs are fused.
struct FastLayerCount {
    int sigmoid = 0, eltwise = 0, slice = 0, permute = 0, pooling = 0, convolution = 0, deconvolution = 0, resize = 0,
        fused_silu = 0;
    int total() const { return sigmoid + eltwise + slice + permute + pooling + convolution + deconvolution + resize; }
};
FastLayerCount count_fast_layers(cv::dnn::Net &net);

// The factories, each building its fast layer or, under a stock choice (or parameters it
// does not handle), OpenCV's own.
cv::Ptr<cv::dnn::Layer> make_sigmoid(cv::dnn::LayerParams &params);
cv::Ptr<cv::dnn::Layer> make_eltwise(cv::dnn::LayerParams &params);
cv::Ptr<cv::dnn::Layer> make_slice(cv::dnn::LayerParams &params);
cv::Ptr<cv::dnn::Layer> make_permute(cv::dnn::LayerParams &params);
cv::Ptr<cv::dnn::Layer> make_pooling(cv::dnn::LayerParams &params);
cv::Ptr<cv::dnn::Layer> make_convolution(cv::dnn::LayerParams &params);
cv::Ptr<cv::dnn::Layer> make_deconvolution(cv::dnn::LayerParams &params);
cv::Ptr<cv::dnn::Layer> make_resize(cv::dnn::LayerParams &params);
cv::Ptr<cv::dnn::Layer> make_gelu(cv::dnn::LayerParams &params);

/// Copies a strided view: element `i` (a multi-index over `dims` dimensions of `size`) goes
/// from src + Σ i_d·src_step_d to dst + Σ i_d·dst_step_d (steps in elements). Slice and
/// Permute are both this copy with different steps; runs on OpenCV's threads when large.
void strided_copy(const float *src, const size_t *src_step, float *dst, const size_t *dst_step,
                  const int *size, int dims);

}  // namespace cvision::layers

// SPDX-License-Identifier: GPL-3.0-or-later
// Fast transposed convolution whose kernel equals its stride, unpadded (the text detector's DB
// head upsamples twice so, 2x2 at stride 2). Its windows do not overlap: input pixel (y, x)
// alone makes the output block (y·kh + i, x·kw + j), i < kh, j < kw, so the layer is one GEMM
// of the weights [Cout·kh·kw x Cin] with the input's pixels, scattered into place. OpenCV 4.6
// runs every deconvolution as a GEMM into columns and an overlapping col2im, 5x slower here.
//
// A following ReLU is fused (the detector's head has one), which OpenCV's own layer does not do;
// other activations and fusions are refused and stay layers of their own.
// Exactness: each output is bias + Σ_c w·x, as OpenCV's, summed in another order.
#include "FastLayers.hpp"

#include <opencv2/core/utility.hpp>
#include <opencv2/dnn/all_layers.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cvision::layers {
namespace {

using cv::dnn::Layer;
using cv::dnn::LayerParams;

class FastDeconvolution final : public DelegatingLayer {
public:
    FastDeconvolution(const LayerParams &params, cv::Ptr<cv::dnn::BaseConvolutionLayer> stock, kernels::Isa isa)
        : DelegatingLayer(params, stock), isa_(isa) {
        // Weights are Cin x Cout x kh x kw; GEMM row (o, i, j) holds W[c][o][i][j] over c.
        const cv::Mat w = params.blobs[0].isContinuous() ? params.blobs[0] : params.blobs[0].clone();
        in_channels_ = w.size[0];
        out_channels_ = w.size[1];
        kernel_h_ = w.size[2];
        kernel_w_ = w.size[3];
        const int taps = kernel_h_ * kernel_w_, rows = out_channels_ * taps;
        std::vector<float> matrix(size_t(rows) * in_channels_);
        const float *weights = w.ptr<float>();
        for (int c = 0; c < in_channels_; c++)
            for (int r = 0; r < rows; r++) matrix[size_t(r) * in_channels_ + c] = weights[size_t(c) * rows + r];
        packed_.resize(kernels::packed_gemm_size(isa_, rows, in_channels_));
        kernels::pack_gemm_weights(isa_, matrix.data(), rows, in_channels_, packed_.data());
        bias_.assign(size_t(rows), 0.0f);
        if (params.blobs.size() > 1) {
            const cv::Mat b = params.blobs[1].reshape(1, 1);
            for (int r = 0; r < rows; r++) bias_[size_t(r)] = b.ptr<float>()[r / taps];
        }
    }

    Kind kind() const override { return Kind::deconvolution; }
    bool fused() const override { return relu_; }

    /// Takes a plain ReLU, which OpenCV offers when it follows (after `plan`), if this layer
    /// will run the forward itself: OpenCV 4.6's own deconvolution refuses it. Should OpenCV set
    /// the network up again and offer nothing, the ReLU runs as its own layer after this one
    /// still applying it, which is the same: a ReLU twice is the same ReLU.
    bool setActivation(const cv::Ptr<cv::dnn::ActivationLayer> &layer) override {
        const cv::Ptr<cv::dnn::ReLULayer> relu = layer.dynamicCast<cv::dnn::ReLULayer>();
        relu_ = !relu.empty() && relu->negativeSlope == 0.0f && !delegated();
        return relu_;
    }

private:
    bool plan(const std::vector<cv::Mat> &inputs, const std::vector<cv::Mat> &outputs) override {
        if (inputs.size() != 1 || outputs.size() != 1) return false;
        const cv::Mat &input = inputs[0], &output = outputs[0];
        return input.dims == 4 && output.dims == 4 && input.type() == CV_32F && output.type() == CV_32F &&
               input.isContinuous() && output.isContinuous() && input.size[1] == in_channels_ &&
               output.size[0] == input.size[0] && output.size[1] == out_channels_ &&
               output.size[2] == input.size[2] * kernel_h_ && output.size[3] == input.size[3] * kernel_w_;
    }

    bool run(std::vector<cv::Mat> &inputs, std::vector<cv::Mat> &outputs) override {
        const cv::Mat &input = inputs[0];
        cv::Mat &output = outputs[0];
        const int batch = input.size[0], height = input.size[2], width = input.size[3];
        const int out_h = output.size[2], out_w = output.size[3];
        const int taps = kernel_h_ * kernel_w_, rows = out_channels_ * taps;
        const size_t in_plane = size_t(height) * width, out_plane = size_t(out_h) * out_w;
        const int block = kernels::gemm_tile(isa_).pixels;
        const int row_blocks = (width + block - 1) / block;
        const int tasks = batch * height * row_blocks;
        const float *src = input.ptr<float>();
        float *dst = output.ptr<float>();
        auto run = [&](const cv::Range &range) {
            thread_local std::vector<float> products;
            thread_local std::vector<const float *> x;
            products.resize(size_t(rows) * block);
            x.resize(size_t(in_channels_));
            for (int task = range.start; task < range.end; task++) {
                const int n = task / (height * row_blocks), y = task / row_blocks % height;
                const int x0 = task % row_blocks * block, pixels = std::min(block, width - x0);
                const float *image = src + size_t(n) * in_channels_ * in_plane + size_t(y) * width + x0;
                for (int c = 0; c < in_channels_; c++) x[size_t(c)] = image + size_t(c) * in_plane;
                kernels::gemm_tile_column(isa_, packed_.data(), bias_.data(), rows, in_channels_, x.data(), pixels,
                                          products.data(), size_t(block));
                // Row (o, i, j) of the products, pixel p, goes to output (o, y·kh + i, (x0 + p)·kw + j).
                for (int o = 0; o < out_channels_; o++)
                    for (int i = 0; i < kernel_h_; i++) {
                        float *line = dst + (size_t(n) * out_channels_ + o) * out_plane +
                                      size_t(y * kernel_h_ + i) * out_w + size_t(x0) * kernel_w_;
                        const float *row = products.data() + size_t((o * kernel_h_ + i) * kernel_w_) * block;
                        const float floor = relu_ ? 0.0f : -INFINITY;
                        if (kernel_w_ == 2) {
                            // The head's case, as one loop of paired stores the compiler vectorises.
                            const float *left = row, *right = row + block;
                            for (int p = 0; p < pixels; p++) {
                                line[2 * p] = std::max(left[p], floor);
                                line[2 * p + 1] = std::max(right[p], floor);
                            }
                            continue;
                        }
                        for (int j = 0; j < kernel_w_; j++, row += block)
                            for (int p = 0; p < pixels; p++) line[p * kernel_w_ + j] = std::max(row[p], floor);
                    }
            }
        };
        const int threads = single_threaded() ? 1 : std::max(1, cv::getNumThreads());
        const double work = double(batch) * in_plane * in_channels_ * rows;
        if (work < 2e5) run(cv::Range(0, tasks));
        else parallel_for(cv::Range(0, tasks), run, double(std::min(tasks, 8 * threads)));
        return true;
    }

    kernels::Isa isa_;
    int in_channels_ = 0, out_channels_ = 0, kernel_h_ = 0, kernel_w_ = 0;
    std::vector<float> packed_, bias_;
    bool relu_ = false;
};

}  // namespace

cv::Ptr<Layer> make_deconvolution(LayerParams &params) {
    const LayerChoice choice = current_choice();
    cv::Ptr<cv::dnn::BaseConvolutionLayer> stock = cv::dnn::DeconvolutionLayer::create(params);
    if (choice.stock || stock.empty()) return stock;
    // Constant 4-D float weights, group 1, 2-D kernel equal to the stride, no padding, output
    // padding or dilation; everything else stays with OpenCV.
    if (params.blobs.empty() || params.blobs.size() > 2 || params.get<int>("group", 1) != 1 || !stock->padMode.empty())
        return stock;
    const cv::Mat &w = params.blobs[0];
    if (w.dims != 4 || w.type() != CV_32F || stock->kernel_size.size() != 2 || stock->strides.size() != 2 ||
        size_t(w.size[2]) != stock->kernel_size[0] || size_t(w.size[3]) != stock->kernel_size[1] ||
        stock->strides[0] != stock->kernel_size[0] || stock->strides[1] != stock->kernel_size[1] ||
        w.size[1] != stock->numOutput)
        return stock;
    if (params.blobs.size() == 2 && (params.blobs[1].type() != CV_32F || int(params.blobs[1].total()) != w.size[1]))
        return stock;
    for (size_t p : stock->pads_begin)
        if (p != 0) return stock;
    for (size_t p : stock->pads_end)
        if (p != 0) return stock;
    for (size_t a : stock->adjust_pads)
        if (a != 0) return stock;
    for (size_t d : stock->dilations)
        if (d != 1) return stock;
    return cv::makePtr<FastDeconvolution>(params, stock, choice.isa);
}

}  // namespace cvision::layers

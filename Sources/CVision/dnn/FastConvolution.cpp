// SPDX-License-Identifier: GPL-3.0-or-later
// Fast 2-D convolution. Dense ones (group 1: YOLOX-Nano's 1x1 pointwise convolutions and its
// 3x3 stem) are a GEMM of the weights [Cout x Cin·kh·kw] with the input's columns, one block
// of output pixels at a time, register-tiled in FastKernels. The GEMM reads its rows through
// pointers: into the input itself for a 1x1 convolution and, at stride 1, into input rows
// padded once per forward (the stem's im2col copy was an eighth of the forward's time); other
// strides copy each block's columns (im2col). Depthwise 3x3, 5x5 and 7x7 ones at stride 1 are a direct
// loop per plane and output row. Depthwise ones at stride 2, other grouped convolutions,
// dilations, padding modes and non-constant weights stay with OpenCV's layer.
//
// The layer refuses OpenCV's fusions (setActivation / tryFuse keep Layer's `false`), so a
// following activation or BatchNorm stays a layer of its own; a case handed to the stock layer
// at finalize therefore also runs unfused, which is still correct.
//
// Exactness: each output is the same float32 sum as OpenCV's, bias + Σ w·x, in another order
// (and with fused multiply-adds), so the two differ by at most about 2·(n+1)·2^-24 · (|b| +
// Σ|w·x|) for n = Cin·kh·kw terms, in practice far less (see the DetectorLayers tests).
#include "FastLayers.hpp"

#include <opencv2/core/utility.hpp>
#include <opencv2/dnn/all_layers.hpp>

#include <algorithm>
#include <vector>

namespace cvision::layers {
namespace {

using cv::dnn::Layer;
using cv::dnn::LayerParams;
using cv::dnn::MatShape;

class FastConvolution final : public DelegatingLayer {
public:
    FastConvolution(const LayerParams &params, cv::Ptr<cv::dnn::BaseConvolutionLayer> stock, kernels::Isa isa)
        : DelegatingLayer(params, stock), isa_(isa) {
        const cv::Mat &w = params.blobs[0];
        out_channels_ = w.size[0];
        in_channels_ = w.size[1];
        kernel_h_ = w.size[2];
        kernel_w_ = w.size[3];
        stride_h_ = int(stock->strides[0]);
        stride_w_ = int(stock->strides[1]);
        pad_top_ = int(stock->pads_begin[0]);
        pad_left_ = int(stock->pads_begin[1]);
        depth_ = in_channels_ * kernel_h_ * kernel_w_;
        const cv::Mat weights = w.isContinuous() ? w : w.clone();
        depthwise_ = params.get<int>("group", 1) != 1;  // the factory lets only depthwise k x k through
        if (depthwise_) {
            in_channels_ = out_channels_;
            raw_.assign(weights.ptr<float>(), weights.ptr<float>() + size_t(out_channels_) * kernel_h_ * kernel_w_);
        } else {
            packed_.resize(kernels::packed_gemm_size(isa_, out_channels_, depth_));
            kernels::pack_gemm_weights(isa_, weights.ptr<float>(), out_channels_, depth_, packed_.data());
        }
        if (params.blobs.size() > 1) {
            const cv::Mat b = params.blobs[1].reshape(1, 1);
            bias_.assign(b.ptr<float>(), b.ptr<float>() + out_channels_);
        }
    }

    Kind kind() const override { return Kind::convolution; }

private:
    bool plan(const std::vector<cv::Mat> &inputs, const std::vector<cv::Mat> &outputs) override {
        if (inputs.size() != 1 || outputs.size() != 1) return false;
        const cv::Mat &input = inputs[0], &output = outputs[0];
        if (input.dims != 4 || output.dims != 4 || input.type() != CV_32F || output.type() != CV_32F ||
            input.size[1] != in_channels_ || output.size[1] != out_channels_ || output.size[0] != input.size[0])
            return false;
        // The output size this layer computes must be the one OpenCV allocated.
        const int out_h = (input.size[2] + 2 * pad_top_ - kernel_h_) / stride_h_ + 1;
        const int out_w = (input.size[3] + 2 * pad_left_ - kernel_w_) / stride_w_ + 1;
        return out_h == output.size[2] && out_w == output.size[3] && out_h >= 1 && out_w >= 1;
    }

    bool run(std::vector<cv::Mat> &inputs, std::vector<cv::Mat> &outputs) override {
        const cv::Mat input = inputs[0].isContinuous() ? inputs[0] : inputs[0].clone();
        cv::Mat &output = outputs[0];
        CV_Assert(output.isContinuous());
        if (depthwise_) {
            forward_depthwise(input, output);
            return true;
        }
        const int batch = input.size[0], height = input.size[2], width = input.size[3];
        const int out_h = output.size[2], out_w = output.size[3];
        const size_t in_plane = size_t(height) * width, out_plane = size_t(out_h) * out_w;
        const bool direct = kernel_h_ == 1 && kernel_w_ == 1 && stride_h_ == 1 && stride_w_ == 1 && pad_top_ == 0 &&
                            pad_left_ == 0;
        // At stride 1 along rows, each column row of a block is a run of one input row, so the
        // GEMM reads the input in place: rows padded left and right once, a zero row above and
        // below. Other strides copy the block's columns (im2col) first.
        const bool in_place = !direct && stride_w_ == 1;
        const int padded_w = width + 2 * pad_left_;
        if (in_place) pad_rows(input, padded_w);
        const int block = kernels::gemm_tile(isa_).pixels;
        // Blocks of `block` pixels, one column of register tiles each; except for a 1x1
        // convolution they do not cross output rows.
        const int row_blocks = (out_w + block - 1) / block;
        const int blocks_per_image = direct ? int((out_plane + block - 1) / block) : out_h * row_blocks;
        const int blocks = batch * blocks_per_image;
        // Few blocks (a 13x13 plane has 6) would leave a core idle part of the time, so then
        // each block's output channels are split between tasks too, in whole register tiles.
        const int tile = kernels::gemm_tile(isa_).rows, tiles = (out_channels_ + tile - 1) / tile;
        const int threads = single_threaded() ? 1 : std::max(1, cv::getNumThreads());
        const int splits = std::clamp((8 * threads + blocks - 1) / blocks, 1, tiles);
        const int tasks = blocks * splits;
        const float *src = input.ptr<float>();
        float *dst = output.ptr<float>();
        const float *bias = bias_.empty() ? nullptr : bias_.data();
        auto run = [&](const cv::Range &range) {
            // Per-thread scratch, kept between layers and frames: no allocation per forward.
            thread_local std::vector<float> columns;
            thread_local std::vector<const float *> x;
            if (!direct && !in_place) columns.resize(size_t(depth_) * block);
            x.resize(size_t(depth_));
            for (int task = range.start; task < range.end; task++) {
                const int b = task / splits, split = task % splits;
                const int r0 = split * tiles / splits * tile, r1 = std::min(out_channels_, (split + 1) * tiles / splits * tile);
                const int n = b / blocks_per_image, index = b % blocks_per_image;
                const float *weights = packed_.data() + size_t(r0) * depth_;
                const float *bias_part = bias == nullptr ? nullptr : bias + r0;
                float *out = dst + (size_t(n) * out_channels_ + r0) * out_plane;
                if (direct) {
                    const float *image = src + size_t(n) * in_channels_ * in_plane;
                    const size_t p0 = size_t(index) * block;
                    const int pixels = int(std::min<size_t>(block, out_plane - p0));
                    for (int c = 0; c < in_channels_; c++) x[size_t(c)] = image + size_t(c) * in_plane + p0;
                    kernels::gemm_tile_column(isa_, weights, bias_part, r1 - r0, depth_, x.data(), pixels, out + p0,
                                              out_plane);
                    continue;
                }
                // Row (c, ky, kx) of the block's columns: output pixels (oy, x0 + p), p < pixels.
                const int oy = index / row_blocks, x0 = (index % row_blocks) * block;
                const int pixels = std::min(block, out_w - x0);
                if (in_place) {
                    const float *image = padded_.data() + size_t(n) * in_channels_ * height * padded_w;
                    size_t i = 0;
                    for (int c = 0; c < in_channels_; c++)
                        for (int ky = 0; ky < kernel_h_; ky++) {
                            const int iy = oy * stride_h_ - pad_top_ + ky;
                            const float *line = iy < 0 || iy >= height ? zeros_.data()
                                                : image + (size_t(c) * height + iy) * padded_w;
                            for (int kx = 0; kx < kernel_w_; kx++) x[i++] = line + x0 + kx;
                        }
                } else {
                    const float *image = src + size_t(n) * in_channels_ * in_plane;
                    fill_columns(image, height, width, oy, x0, pixels, block, columns.data());
                    for (int i = 0; i < depth_; i++) x[size_t(i)] = columns.data() + size_t(i) * block;
                }
                kernels::gemm_tile_column(isa_, weights, bias_part, r1 - r0, depth_, x.data(), pixels,
                                          out + size_t(oy) * out_w + x0, out_plane);
            }
        };
        const double work = double(blocks) * block * depth_ * out_channels_;
        if (work < 2e5) run(cv::Range(0, tasks));
        else parallel_for(cv::Range(0, tasks), run, double(std::min(tasks, 8 * threads)));
        return true;
    }

    /// Copies every input row into `padded_` between `pad_left_` zeros on each side, and sizes
    /// `zeros_` to stand for the rows above and below the image.
    void pad_rows(const cv::Mat &input, int padded_w) {
        const int rows = input.size[0] * input.size[1] * input.size[2], width = input.size[3];
        padded_.resize(size_t(rows) * padded_w);
        zeros_.assign(size_t(padded_w), 0.0f);
        const float *src = input.ptr<float>();
        auto copy = [&](const cv::Range &range) {
            for (int r = range.start; r < range.end; r++) {
                float *line = padded_.data() + size_t(r) * padded_w;
                std::fill_n(line, pad_left_, 0.0f);
                std::copy_n(src + size_t(r) * width, width, line + pad_left_);
                std::fill_n(line + pad_left_ + width, pad_left_, 0.0f);
            }
        };
        if (size_t(rows) * width < 100000) copy(cv::Range(0, rows));
        else parallel_for(cv::Range(0, rows), copy, double(std::min(rows, 4 * cv::getNumThreads())));
    }

    /// im2col of one block (strided convolutions): row (c, ky, kx), column p = output pixel
    /// (oy, x0 + p), zero outside the image.
    void fill_columns(const float *image, int height, int width, int oy, int x0, int pixels, int block,
                      float *row) const {
        const size_t in_plane = size_t(height) * width;
        for (int c = 0; c < in_channels_; c++) {
            const float *plane = image + size_t(c) * in_plane;
            for (int ky = 0; ky < kernel_h_; ky++) {
                const int iy = oy * stride_h_ - pad_top_ + ky;
                for (int kx = 0; kx < kernel_w_; kx++, row += block) {
                    if (iy < 0 || iy >= height) {
                        std::fill_n(row, pixels, 0.0f);
                        continue;
                    }
                    const float *line = plane + size_t(iy) * width;
                    const int ix0 = x0 * stride_w_ - pad_left_ + kx;
                    for (int p = 0; p < pixels; p++) {
                        const int ix = ix0 + p * stride_w_;
                        row[p] = unsigned(ix) < unsigned(width) ? line[ix] : 0.0f;
                    }
                }
            }
        }
    }

    /// Depthwise k x k (stride 1): each plane copied once between zero borders, convolved in one
    /// flat pass over the padded rows, and its output rows picked out; planes spread over threads.
    void forward_depthwise(const cv::Mat &input, cv::Mat &output) {
        const int channels = out_channels_, height = input.size[2], width = input.size[3];
        const int out_h = output.size[2], out_w = output.size[3];
        const int planes = input.size[0] * channels;
        const int k = kernel_h_, taps = k * k;
        const int padded_w = out_w + k - 1, padded_h = out_h + k - 1;  // = input size + 2 · padding at stride 1
        const int count = (out_h - 1) * padded_w + out_w;
        const float *src = input.ptr<float>();
        float *dst = output.ptr<float>();
        auto run = [&](const cv::Range &range) {
            // Per-thread scratch, kept between layers and frames. The borders stay zero within
            // this call: every plane writes the same interior.
            thread_local std::vector<float> padded, flat;
            padded.assign(size_t(padded_w) * padded_h, 0.0f);
            flat.resize(size_t(count));
            const int x_begin = std::max(0, pad_left_), x_end = std::min(padded_w, width + pad_left_);
            for (int p = range.start; p < range.end; p++) {
                const int c = p % channels;
                const float *plane = src + size_t(p) * height * width;
                for (int r = 0; r < padded_h; r++) {
                    const int iy = r - pad_top_;
                    if (iy < 0 || iy >= height || x_begin >= x_end) continue;
                    const float *line = plane + size_t(iy) * width - pad_left_;  // line[j]: padded column j
                    std::copy(line + x_begin, line + x_end, padded.data() + size_t(r) * padded_w + x_begin);
                }
                const float b = bias_.empty() ? 0.0f : bias_[c];
                const float *w = raw_.data() + size_t(c) * taps;
                if (k == 3) kernels::depthwise3x3(isa_, padded.data(), padded_w, w, b, flat.data(), count);
                else kernels::depthwise(isa_, padded.data(), padded_w, w, k, b, flat.data(), count);
                float *out = dst + size_t(p) * out_h * out_w;
                for (int oy = 0; oy < out_h; oy++)
                    std::copy_n(flat.data() + size_t(oy) * padded_w, out_w, out + size_t(oy) * out_w);
            }
        };
        const double work = double(planes) * out_h * out_w * taps;
        if (work < 2e5) run(cv::Range(0, planes));
        else parallel_for(cv::Range(0, planes), run, double(std::min(planes, 4 * cv::getNumThreads())));
    }

    kernels::Isa isa_;
    int out_channels_ = 0, in_channels_ = 0, kernel_h_ = 0, kernel_w_ = 0;
    int stride_h_ = 1, stride_w_ = 1, pad_top_ = 0, pad_left_ = 0, depth_ = 0;
    std::vector<float> packed_, raw_, bias_;
    std::vector<float> padded_, zeros_;  // in-place stride-1 input, reused across forwards
    bool depthwise_ = false;
};

}  // namespace

cv::Ptr<Layer> make_convolution(LayerParams &params) {
    const LayerChoice choice = current_choice();
    cv::Ptr<cv::dnn::BaseConvolutionLayer> stock = cv::dnn::ConvolutionLayer::create(params);
    if (choice.stock || stock.empty()) return stock;
    // Constant 4-D float weights (OIHW), group 1 or depthwise 3x3, 5x5 or 7x7 at stride 1 (group =
    // channels, one filter each; at stride 2 OpenCV's is as fast), 2-D kernel, no dilation,
    // explicit symmetric padding within the kernel; everything else (other grouped
    // convolutions) stays with OpenCV.
    if (params.blobs.empty() || params.blobs.size() > 2 || !stock->padMode.empty()) return stock;
    // Strided dense ones copy their columns first (im2col), where OpenCV 4.6's do not.
    if (!choice.strided_dense_convolutions && params.get<int>("group", 1) == 1 &&
        (stock->strides.size() != 2 || stock->strides[0] != 1 || stock->strides[1] != 1))
        return stock;
    const cv::Mat &w = params.blobs[0];
    const int group = params.get<int>("group", 1);
    if (group != 1 && (w.dims != 4 || group != w.size[0] || w.size[1] != 1 || w.size[2] != w.size[3] ||
                       (w.size[2] != 3 && w.size[2] != 5 && w.size[2] != 7) ||
                       stock->pads_begin.size() != 2 || stock->pads_begin[0] > w.size[2] / 2 + 1 ||
                       stock->pads_begin[1] > w.size[2] / 2 + 1 ||
                       stock->strides.size() != 2 || stock->strides[0] != 1 || stock->strides[1] != 1))
        return stock;
    if (w.dims != 4 || w.type() != CV_32F || stock->kernel_size.size() != 2 || stock->strides.size() != 2 ||
        stock->pads_begin.size() != 2 || stock->pads_end.size() != 2 || size_t(w.size[2]) != stock->kernel_size[0] ||
        size_t(w.size[3]) != stock->kernel_size[1] || w.size[0] != stock->numOutput)
        return stock;
    if (params.blobs.size() == 2 && (params.blobs[1].type() != CV_32F || int(params.blobs[1].total()) != w.size[0]))
        return stock;
    for (size_t d : stock->dilations)
        if (d != 1) return stock;
    if (stock->pads_begin != stock->pads_end || stock->strides[0] < 1 || stock->strides[1] < 1) return stock;
    return cv::makePtr<FastConvolution>(params, stock, choice.isa);
}

}  // namespace cvision::layers

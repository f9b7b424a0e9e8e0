// SPDX-License-Identifier: GPL-3.0-or-later
// Test hooks: the fast layers against OpenCV's own, each in a one-layer network built through
// the layer factory (the path a real network's importer takes).
#include "CVisionLayerCheck.h"
#include "dnn/FastLayers.hpp"
#include "support/ShimSupport.hpp"

#include <opencv2/dnn.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

using cvision::guarded;
using cvision::write_message;
namespace fast = cvision::layers;

namespace {

cv::Mat tensor(const float *values, const int *shape, int dims) {
    if (dims < 1 || dims > CVision_TensorMaxDims) CV_Error(cv::Error::StsBadArg, "a tensor needs 1 to 8 dimensions");
    return cv::Mat(dims, shape, CV_32F, const_cast<float *>(values)).clone();
}

cv::dnn::DictValue int_array(const int *values, int count) {
    return cv::dnn::DictValue::arrayInt(values, count);
}

/// A pass-through layer a check may put after the layer under test, so that OpenCV asks it for
/// only the outputs a real network uses (a last layer's max pooling also computes its argmax).
const char *const kConsumer = "consumer";

struct Outcome {
    cv::Mat output;
    cv::Mat unfused;  // with `fuse`: the output again after fusion was turned off
    bool ran_fast = false;
    bool fused = false;  // some fast layer computes a following layer OpenCV skipped
};

/// Builds a network with `build` under the fast or the stock choice, feeds it `inputs` (named
/// "a", "b", … when there are several) and returns its output.
template <typename Build>
Outcome run(bool stock, CVision_LayerKernels kernels, const std::vector<cv::Mat> &inputs, Build build,
            bool fuse = false) {
    fast::register_fast_layers();
    fast::LayerChoice choice;
    choice.stock = stock;
    choice.isa = kernels == CVision_LayerKernelsPortable ? cvision::kernels::Isa::portable
                 : kernels == CVision_LayerKernelsAVX2   ? cvision::kernels::Isa::avx2
                                                         : cvision::kernels::best_isa();
    fast::LayerChoiceScope scope(choice);  // layers added by hand are created at the first forward
    cv::dnn::Net net;
    build(net);
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    std::vector<std::string> names;
    for (size_t i = 0; i < inputs.size(); i++) names.push_back(std::string(1, char('a' + i)));
    net.setInputsNames(names);
    for (size_t i = 0; i < inputs.size(); i++) net.setInput(inputs[i], names[i]);
    const int fused = fuse ? fast::fuse_silu(net) : 0;
    Outcome outcome;
    outcome.output = net.forward().clone();
    bool all_fast = true;
    for (const auto &name : net.getLayerNames()) {
        if (name == kConsumer) continue;
        const auto *layer = dynamic_cast<const fast::FastLayer *>(net.getLayer(name).get());
        all_fast = all_fast && layer != nullptr && !layer->delegated();
        outcome.fused = outcome.fused || (layer != nullptr && layer->fused());
    }
    // A SiLU check also needs OpenCV's fusion pass to have let the Sigmoid take over its Mul.
    outcome.ran_fast = all_fast && (!fuse || (fused == 1 && fast::count_fast_layers(net).fused_silu == 1));
    if (fuse) {
        // Turning fusion off sets the network up again without the fusion pass.
        net.enableFusion(false);
        outcome.unfused = net.forward().clone();
    }
    return outcome;
}

/// Runs the network `build` makes with OpenCV's layers and with the fast ones; false, with the
/// message written, when their outputs have different shapes.
template <typename Build>
bool run_both(CVision_LayerKernels kernels, const std::vector<cv::Mat> &inputs, Build build, Outcome &stock,
              Outcome &fast, char *message, size_t capacity) {
    stock = run(true, kernels, inputs, build);
    fast = run(false, kernels, inputs, build);
    if (stock.output.size == fast.output.size) return true;
    write_message(message, capacity, "the fast and the stock layer give outputs of different shapes");
    return false;
}

/// Compares the fast and the stock outputs, which must have the same shape.
template <typename Build>
CVision_Status compare(const std::vector<cv::Mat> &inputs, CVision_LayerKernels kernels, Build build,
                       CVision_LayerCheckResult *result, char *message, size_t capacity, int *output_shape = nullptr) {
    Outcome stock, fast;
    if (!run_both(kernels, inputs, build, stock, fast, message, capacity)) return CVision_ErrorInternal;
    result->max_difference = stock.output.total() == 0 ? 0 : cv::norm(stock.output, fast.output, cv::NORM_INF);
    result->ran_fast = fast.ran_fast ? 1 : 0;
    if (output_shape != nullptr)
        for (int i = 0; i < stock.output.dims; i++) output_shape[i] = stock.output.size[i];
    return CVision_OK;
}

/// The largest |stock - fast| over an N x C x H x W output, each divided by `scale(n, o, oy,
/// ox)`, the size of that output's terms (0 means the output must be exact); or undivided when
/// `scale` is null.
double worst_difference(const cv::Mat &stock, const cv::Mat &fast,
                        const std::function<double(int, int, int, int)> &scale) {
    CV_Assert(stock.dims == 4 && stock.size == fast.size);
    const float *a = stock.ptr<float>(), *f = fast.ptr<float>();
    double worst = 0;
    size_t index = 0;
    for (int n = 0; n < stock.size[0]; n++)
        for (int o = 0; o < stock.size[1]; o++)
            for (int oy = 0; oy < stock.size[2]; oy++)
                for (int ox = 0; ox < stock.size[3]; ox++, index++) {
                    const double difference = std::fabs(double(a[index]) - double(f[index]));
                    if (!scale) {
                        worst = std::max(worst, difference);
                        continue;
                    }
                    const double size = scale(n, o, oy, ox);
                    worst = std::max(worst, size > 0 ? difference / size : difference == 0 ? 0.0 : INFINITY);
                }
    return worst;
}

}  // namespace

CVision_Status CVision_layer_check_sigmoid(const float *values, const int *shape, int dims,
                                           CVision_LayerKernels kernels, CVision_LayerCheckResult *result,
                                           char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        return compare({tensor(values, shape, dims)}, kernels, [](cv::dnn::Net &net) {
            cv::dnn::LayerParams params;
            net.addLayerToPrev("sigmoid", "Sigmoid", params);
        }, result, message, capacity);
    });
}

CVision_Status CVision_layer_check_silu(const float *values, const int *shape, int dims, CVision_LayerKernels kernels,
                                        CVision_LayerCheckResult *result, char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        const cv::Mat x = tensor(values, shape, dims);
        const auto build = [](cv::dnn::Net &net) {
            cv::dnn::LayerParams sigmoid_params, mul_params;
            mul_params.set("operation", "prod");
            const int sigmoid = net.addLayerToPrev("sigmoid", "Sigmoid", sigmoid_params);
            const int mul = net.addLayer("mul", "Eltwise", mul_params);
            net.connect(0, 0, mul, 0);
            net.connect(sigmoid, 0, mul, 1);
        };
        const Outcome stock = run(true, kernels, {x}, build);
        const Outcome fused = run(false, kernels, {x}, build, /*fuse=*/true);
        if (stock.output.size != fused.output.size) {
            write_message(message, capacity, "the fast and the stock layers give outputs of different shapes");
            return CVision_ErrorInternal;
        }
        // Both the fused network and the same one set up again without fusion must compute the SiLU.
        double worst = 0;
        const float *a = stock.output.ptr<float>(), *in = x.ptr<float>();
        for (const cv::Mat *result_blob : {&fused.output, &fused.unfused}) {
            CV_Assert(result_blob->total() == x.total());
            const float *b = result_blob->ptr<float>();
            for (size_t i = 0; i < x.total(); i++)
                worst = std::max(worst, std::fabs(double(a[i]) - double(b[i])) / std::max(1.0, std::fabs(double(in[i]))));
        }
        result->max_difference = worst;
        result->ran_fast = fused.ran_fast ? 1 : 0;
        return CVision_OK;
    });
}

CVision_Status CVision_layer_check_eltwise(CVision_EltwiseOperation operation, const float *a, const float *b,
                                           const int *shape, int dims, CVision_LayerKernels kernels,
                                           CVision_LayerCheckResult *result, char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        const char *name = operation == CVision_EltwiseProduct ? "prod" : operation == CVision_EltwiseMax ? "max" : "sum";
        return compare({tensor(a, shape, dims), tensor(b, shape, dims)}, kernels, [&](cv::dnn::Net &net) {
            cv::dnn::LayerParams params;
            params.set("operation", name);
            const int id = net.addLayer("eltwise", "Eltwise", params);
            net.connect(0, 0, id, 0);
            net.connect(0, 1, id, 1);
        }, result, message, capacity);
    });
}

CVision_Status CVision_layer_check_eltwise_per_plane(CVision_EltwiseOperation operation, const float *a,
                                                     const int *shape, const float *values,
                                                     CVision_LayerKernels kernels, CVision_LayerCheckResult *result,
                                                     char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        const char *name = operation == CVision_EltwiseProduct ? "prod" : operation == CVision_EltwiseMax ? "max" : "sum";
        const int plane_shape[] = {shape[0], shape[1], 1, 1};
        return compare({tensor(a, shape, 4), tensor(values, plane_shape, 4)}, kernels, [&](cv::dnn::Net &net) {
            cv::dnn::LayerParams params;
            params.set("operation", name);
            const int id = net.addLayer("eltwise", "Eltwise", params);
            net.connect(0, 0, id, 0);
            net.connect(0, 1, id, 1);
        }, result, message, capacity);
    });
}

CVision_Status CVision_layer_check_global_average_pool(const float *values, const int *shape,
                                                       CVision_LayerKernels kernels, CVision_LayerCheckResult *result,
                                                       char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&]() -> CVision_Status {
        const cv::Mat x = tensor(values, shape, 4);
        // The parameters OpenCV 4.6's ONNX importer gives a GlobalAveragePool node.
        const auto build = [](cv::dnn::Net &net) {
            cv::dnn::LayerParams params;
            params.set("pool", "AVE");
            params.set("global_pooling", true);
            params.set("has_dynamic_shapes", true);
            net.addLayerToPrev("pool", "Pooling", params);
        };
        Outcome stock, fast;
        if (!run_both(kernels, {x}, build, stock, fast, message, capacity)) return CVision_ErrorInternal;
        const int planes = shape[0] * shape[1];
        const size_t plane = size_t(shape[2]) * shape[3];
        if (stock.output.total() != size_t(planes)) {
            write_message(message, capacity, "global average pooling did not give one value per plane");
            return CVision_ErrorInternal;
        }
        double worst = 0;
        for (int p = 0; p < planes; p++) {
            double magnitude = 0;
            for (size_t i = 0; i < plane; i++) magnitude += std::fabs(double(values[size_t(p) * plane + i]));
            magnitude /= double(plane);
            const double difference = std::fabs(double(stock.output.ptr<float>()[p]) - double(fast.output.ptr<float>()[p]));
            worst = std::max(worst, magnitude > 0 ? difference / magnitude : difference == 0 ? 0.0 : INFINITY);
        }
        result->max_difference = worst;
        result->ran_fast = fast.ran_fast ? 1 : 0;
        return CVision_OK;
    });
}

CVision_Status CVision_layer_check_deconvolution(const float *values, const int *shape, const float *weights,
                                                 int out_channels, int kernel, int stride, const float *bias,
                                                 int then_relu, CVision_LayerKernels kernels,
                                                 CVision_LayerCheckResult *result, int *output_shape, char *message,
                                                 size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&]() -> CVision_Status {
        const cv::Mat x = tensor(values, shape, 4);
        const int channels = shape[1], height = shape[2], width = shape[3];
        if (out_channels < 1 || kernel < 1 || stride < 1) {
            write_message(message, capacity, "inconsistent deconvolution parameters");
            return CVision_ErrorInternal;
        }
        const int weight_shape[] = {channels, out_channels, kernel, kernel};
        const cv::Mat w = tensor(weights, weight_shape, 4);
        // The parameters OpenCV 4.6's ONNX importer gives a ConvTranspose node.
        const auto build = [&](cv::dnn::Net &net) {
            const int kernels_[] = {kernel, kernel}, strides[] = {stride, stride}, pads[] = {0, 0, 0, 0},
                      dilations[] = {1, 1};
            cv::dnn::LayerParams params;
            params.set("kernel_size", int_array(kernels_, 2));
            params.set("stride", int_array(strides, 2));
            params.set("pad", int_array(pads, 4));
            params.set("dilation", int_array(dilations, 2));
            params.set("num_output", out_channels);
            params.set("bias_term", bias != nullptr);
            params.blobs.push_back(w.clone());
            if (bias != nullptr) params.blobs.push_back(cv::Mat(1, out_channels, CV_32F, const_cast<float *>(bias)).clone());
            net.addLayerToPrev("deconv", "Deconvolution", params);
            if (then_relu) {
                cv::dnn::LayerParams relu;
                net.addLayerToPrev(kConsumer, "ReLU", relu);
            }
        };
        Outcome stock, fast;
        if (!run_both(kernels, {x}, build, stock, fast, message, capacity)) return CVision_ErrorInternal;
        for (int i = 0; i < 4; i++) output_shape[i] = stock.output.size[i];
        const float *in = x.ptr<float>(), *wp = w.ptr<float>();
        // Σ|w·x| over the input pixels whose windows cover an output, plus |b|.
        result->max_difference = worst_difference(stock.output, fast.output, [&](int n, int o, int oy, int ox) {
            double scale = bias != nullptr ? std::fabs(double(bias[o])) : 0.0;
            // Input row iy covers output rows iy·stride ... iy·stride + kernel - 1.
            const int y_first = std::max(0, (oy - kernel + stride) / stride), y_last = std::min(height - 1, oy / stride);
            const int x_first = std::max(0, (ox - kernel + stride) / stride), x_last = std::min(width - 1, ox / stride);
            for (int iy = y_first; iy <= y_last; iy++) {
                const int ky = oy - iy * stride;
                if (ky < 0 || ky >= kernel) continue;
                for (int ix = x_first; ix <= x_last; ix++) {
                    const int kx = ox - ix * stride;
                    if (kx < 0 || kx >= kernel) continue;
                    for (int c = 0; c < channels; c++)
                        scale += std::fabs(double(in[((size_t(n) * channels + c) * height + iy) * width + ix]) *
                                           double(wp[((size_t(c) * out_channels + o) * kernel + ky) * kernel + kx]));
                }
            }
            return scale;
        });
        result->ran_fast = fast.ran_fast && (!then_relu || fast.fused) ? 1 : 0;
        return CVision_OK;
    });
}

CVision_Status CVision_layer_check_slice(const float *values, const int *shape, int dims, const int *begin,
                                         const int *end, const int *steps, int axis_count,
                                         CVision_LayerCheckResult *result, int *output_shape, char *message,
                                         size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        // The parameters OpenCV 4.6's ONNX importer gives a Slice node.
        return compare({tensor(values, shape, dims)}, CVision_LayerKernelsBest, [&](cv::dnn::Net &net) {
            cv::dnn::LayerParams params;
            params.set("begin", int_array(begin, axis_count));
            params.set("end", int_array(end, axis_count));
            params.set("steps", int_array(steps, axis_count));
            params.set("axis", axis_count - 1);
            net.addLayerToPrev("slice", "Slice", params);
        }, result, message, capacity, output_shape);
    });
}

CVision_Status CVision_layer_check_permute(const float *values, const int *shape, int dims, const int *order,
                                           CVision_LayerCheckResult *result, char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        return compare({tensor(values, shape, dims)}, CVision_LayerKernelsBest, [&](cv::dnn::Net &net) {
            cv::dnn::LayerParams params;
            params.set("order", int_array(order, dims));
            net.addLayerToPrev("permute", "Permute", params);
        }, result, message, capacity);
    });
}

CVision_Status CVision_layer_check_max_pool(const float *values, const int *shape, int dims, int kernel, int pad,
                                            CVision_LayerCheckResult *result, int *output_shape, char *message,
                                            size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        // The parameters OpenCV 4.6's ONNX importer gives a MaxPool node.
        return compare({tensor(values, shape, dims)}, CVision_LayerKernelsBest, [&](cv::dnn::Net &net) {
            const int kernels[] = {kernel, kernel}, strides[] = {1, 1}, pads[] = {pad, pad, pad, pad};
            cv::dnn::LayerParams params;
            params.set("pool", "MAX");
            params.set("kernel_size", int_array(kernels, 2));
            params.set("stride", int_array(strides, 2));
            params.set("pad", int_array(pads, 4));
            params.set("ceil_mode", false);
            net.addLayerToPrev("pool", "Pooling", params);
            cv::dnn::LayerParams pass_through;
            net.addLayerToPrev(kConsumer, "Identity", pass_through);
        }, result, message, capacity, output_shape);
    });
}

CVision_Status CVision_layer_check_upsample(const float *values, const int *shape, int factor_y, int factor_x,
                                            CVision_LayerCheckResult *result, int *output_shape, char *message,
                                            size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        // The parameters OpenCV 4.6's ONNX importer gives YOLOX's Resize nodes.
        return compare({tensor(values, shape, 4)}, CVision_LayerKernelsBest, [&](cv::dnn::Net &net) {
            cv::dnn::LayerParams params;
            params.set("interpolation", "nearest");
            params.set("align_corners", false);
            params.set("coordinate_transformation_mode", "asymmetric");
            params.set("nearest_mode", "floor");
            params.set("zoom_factor_y", factor_y);
            params.set("zoom_factor_x", factor_x);
            net.addLayerToPrev("upsample", "Resize", params);
        }, result, message, capacity, output_shape);
    });
}

CVision_Status CVision_layer_check_convolution(const float *values, const int *shape, const float *weights,
                                               int out_channels, int kernel, int stride, int pad, int group,
                                               const float *bias, int then_sigmoid, CVision_LayerKernels kernels,
                                               CVision_LayerCheckResult *result, int *output_shape, char *message,
                                               size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&]() -> CVision_Status {
        const cv::Mat x = tensor(values, shape, 4);
        const int channels = shape[1], height = shape[2], width = shape[3];
        if (group < 1 || channels % group != 0 || out_channels % group != 0 || kernel < 1 || stride < 1 || pad < 0) {
            write_message(message, capacity, "inconsistent convolution parameters");
            return CVision_ErrorInternal;
        }
        const int per_group = channels / group;
        const int weight_shape[] = {out_channels, per_group, kernel, kernel};
        const cv::Mat w = tensor(weights, weight_shape, 4);
        const cv::Mat b = bias != nullptr ? cv::Mat(1, out_channels, CV_32F, const_cast<float *>(bias)).clone() : cv::Mat();
        // The parameters OpenCV 4.6's ONNX importer gives a Conv node.
        const auto build = [&](cv::dnn::Net &net) {
            const int kernels_[] = {kernel, kernel}, strides[] = {stride, stride}, pads[] = {pad, pad, pad, pad},
                      dilations[] = {1, 1};
            cv::dnn::LayerParams params;
            params.set("kernel_size", int_array(kernels_, 2));
            params.set("stride", int_array(strides, 2));
            params.set("pad", int_array(pads, 4));
            params.set("dilation", int_array(dilations, 2));
            params.set("group", group);
            params.set("num_output", out_channels);
            params.set("bias_term", bias != nullptr);
            params.blobs.push_back(w.clone());
            if (bias != nullptr) params.blobs.push_back(b.clone());
            net.addLayerToPrev("conv", "Convolution", params);
            if (then_sigmoid) {
                cv::dnn::LayerParams sigmoid;
                net.addLayerToPrev("sigmoid", "Sigmoid", sigmoid);
            }
        };
        Outcome stock, fast;
        if (!run_both(kernels, {x}, build, stock, fast, message, capacity)) return CVision_ErrorInternal;
        for (int i = 0; i < 4; i++) output_shape[i] = stock.output.size[i];
        const float *in = x.ptr<float>(), *wp = w.ptr<float>();
        // Σ|w·x| over the terms of an output, plus |b|; the probabilities after a Sigmoid undivided.
        const auto scale = [&](int n, int o, int oy, int ox) {
            double size = bias != nullptr ? std::fabs(double(bias[o])) : 0.0;
            const int g = o / (out_channels / group);
            for (int c = 0; c < per_group; c++)
                for (int ky = 0; ky < kernel; ky++)
                    for (int kx = 0; kx < kernel; kx++) {
                        const int iy = oy * stride - pad + ky, ix = ox * stride - pad + kx;
                        if (iy < 0 || iy >= height || ix < 0 || ix >= width) continue;
                        const double xv = in[((size_t(n) * channels + g * per_group + c) * height + iy) * width + ix];
                        const double wv = wp[((size_t(o) * per_group + c) * kernel + ky) * kernel + kx];
                        size += std::fabs(xv * wv);
                    }
            return size;
        };
        result->max_difference = then_sigmoid ? worst_difference(stock.output, fast.output, nullptr)
                                              : worst_difference(stock.output, fast.output, scale);
        result->ran_fast = fast.ran_fast ? 1 : 0;
        return CVision_OK;
    });
}

// SPDX-License-Identifier: GPL-3.0-or-later
// Test hooks for the fast DNN layers (the detector's and the text networks'): each runs the shim's layer and OpenCV 4.6's own
// on the same input, in one-layer networks built through OpenCV's layer factory (so exactly the
// code a real network runs), and reports how far apart their outputs are; and a copy of any
// tensor of a real network, to feed them real values.
#ifndef CVISION_LAYER_CHECK_H
#define CVISION_LAYER_CHECK_H

#include "CVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The most dimensions a checked or fetched tensor may have.
enum { CVision_TensorMaxDims = 8 };

/// Which build of the fast kernels a check runs.
typedef enum CVision_LayerKernels {
    /// The widest instruction set this CPU has (AVX-512 or AVX2+FMA on x86-64 when present).
    CVision_LayerKernelsBest = 0,
    /// The baseline build every CPU runs (SSE2 on x86-64, NEON on ARM64).
    CVision_LayerKernelsPortable = 1,
    /// The AVX2+FMA build (the portable one on CPUs without AVX2), so a machine with AVX-512
    /// can check it too.
    CVision_LayerKernelsAVX2 = 2,
} CVision_LayerKernels;

/// What a check found: the largest output difference, and whether the fast layer computed the
/// result itself (0 means it handed the case to OpenCV's layer, so nothing fast was compared).
typedef struct CVision_LayerCheckResult {
    double max_difference;
    int ran_fast;
} CVision_LayerCheckResult;

/// Sigmoid on `values` (a float tensor of `dims` sizes in `shape`, row-major).
CVision_Status CVision_layer_check_sigmoid(const float *values, const int *shape, int dims,
                                           CVision_LayerKernels kernels, CVision_LayerCheckResult *result,
                                           char *message, size_t message_capacity);

/// The exported SiLU, Mul(x, Sigmoid(x)): the fused fast pair against OpenCV's two layers, and
/// the same network again after fusion is turned off (set up anew, the pair runs unfused).
/// `max_difference` here is scaled per element: max |fast - stock| / max(1, |x|), over both.
/// `ran_fast` is 1 only when the pair was fused in the first run.
CVision_Status CVision_layer_check_silu(const float *values, const int *shape, int dims, CVision_LayerKernels kernels,
                                        CVision_LayerCheckResult *result, char *message, size_t message_capacity);

/// Element-wise operations of the Eltwise layer.
typedef enum CVision_EltwiseOperation {
    CVision_EltwiseSum = 0,
    CVision_EltwiseProduct = 1,
    CVision_EltwiseMax = 2,
} CVision_EltwiseOperation;

/// Eltwise of two tensors `a` and `b` of the same shape.
CVision_Status CVision_layer_check_eltwise(CVision_EltwiseOperation operation, const float *a, const float *b,
                                           const int *shape, int dims, CVision_LayerKernels kernels,
                                           CVision_LayerCheckResult *result, char *message,
                                           size_t message_capacity);

/// Eltwise of an NCHW tensor `a` (`shape`, 4 sizes) and one value per plane, `values`
/// (N x C x 1 x 1): the text networks' squeeze-and-excitation gates (product) or a per-channel
/// bias (sum). The fast layer takes product and sum; `ran_fast` is 0 for max, which stays OpenCV's.
CVision_Status CVision_layer_check_eltwise_per_plane(CVision_EltwiseOperation operation, const float *a,
                                                     const int *shape, const float *values,
                                                     CVision_LayerKernels kernels, CVision_LayerCheckResult *result,
                                                     char *message, size_t message_capacity);

/// Global average pooling (ONNX GlobalAveragePool, as the importer gives it, a network read
/// with dynamic shapes) of an NCHW tensor (`shape`, 4 sizes). `max_difference` is scaled per
/// plane: max |fast - stock| / mean |x| over the plane (0 when both are 0).
CVision_Status CVision_layer_check_global_average_pool(const float *values, const int *shape,
                                                       CVision_LayerKernels kernels, CVision_LayerCheckResult *result,
                                                       char *message, size_t message_capacity);

/// A transposed convolution (ONNX ConvTranspose, as the importer gives it) of the NCHW tensor
/// `values` (`shape`, 4 sizes) with `weights` (C x out_channels x kernel x kernel, row-major),
/// square `stride`, no padding and `bias` (out_channels values, or NULL); with `then_relu` a
/// ReLU follows, which OpenCV fuses into its own layer. `max_difference` is scaled per output
/// as for a convolution: max |fast - stock| / (|b| + Σ|w·x|). The fast layer takes kernel =
/// stride; `ran_fast` is 1 only when it ran and, with `then_relu`, took the ReLU in.
/// `output_shape` (room for 4) receives the output's shape.
CVision_Status CVision_layer_check_deconvolution(const float *values, const int *shape, const float *weights,
                                                 int out_channels, int kernel, int stride, const float *bias,
                                                 int then_relu, CVision_LayerKernels kernels,
                                                 CVision_LayerCheckResult *result, int *output_shape, char *message,
                                                 size_t message_capacity);

/// Slice along the first `axis_count` axes: from `begin[i]` to `end[i]` (exclusive; negative
/// counts from the end, values past the end are clamped) every `steps[i]` elements.
/// `output_shape` (room for CVision_TensorMaxDims) receives the sliced shape.
CVision_Status CVision_layer_check_slice(const float *values, const int *shape, int dims, const int *begin,
                                         const int *end, const int *steps, int axis_count,
                                         CVision_LayerCheckResult *result, int *output_shape, char *message,
                                         size_t message_capacity);

/// Permute (ONNX Transpose): output axis i is input axis `order[i]` (`dims` entries).
CVision_Status CVision_layer_check_permute(const float *values, const int *shape, int dims, const int *order,
                                           CVision_LayerCheckResult *result, char *message,
                                           size_t message_capacity);

/// Max pooling with a `kernel` x `kernel` window, stride 1 and `pad` on every side (pad < kernel).
CVision_Status CVision_layer_check_max_pool(const float *values, const int *shape, int dims, int kernel, int pad,
                                            CVision_LayerCheckResult *result, int *output_shape, char *message,
                                            size_t message_capacity);

/// Nearest-neighbour upsampling of an NCHW tensor by whole `factor`s (ONNX Resize with
/// asymmetric coordinates rounded down, as the importer gives it). `output_shape` (4 sizes)
/// receives the upsampled shape.
CVision_Status CVision_layer_check_upsample(const float *values, const int *shape, int factor_y, int factor_x,
                                            CVision_LayerCheckResult *result, int *output_shape, char *message,
                                            size_t message_capacity);

/// A 2-D convolution of the NCHW tensor `values` (`shape`, 4 sizes) with `weights`
/// (out_channels x (C / group) x kernel x kernel, row-major), square `stride`, `pad` on every
/// side and `bias` (out_channels values, or NULL for none), built with the parameters OpenCV
/// 4.6's ONNX importer gives a Conv node; with `then_sigmoid` a Sigmoid follows it (which OpenCV
/// fuses into its own convolution, the fast one refuses). `max_difference` is scaled per
/// output: max |fast - stock| / (|b| + Σ|w·x|) over the output's terms, or with `then_sigmoid`
/// the absolute difference of the probabilities. The fast layer handles group 1 and depthwise
/// 3x3 at stride 1 (group = channels): `ran_fast` is 0 for other grouped convolutions
/// (depthwise at stride 2 included), which stay OpenCV's.
/// `output_shape` (room for 4) receives the output's shape.
CVision_Status CVision_layer_check_convolution(const float *values, const int *shape, const float *weights,
                                               int out_channels, int kernel, int stride, int pad, int group,
                                               const float *bias, int then_sigmoid, CVision_LayerKernels kernels,
                                               CVision_LayerCheckResult *result, int *output_shape, char *message,
                                               size_t message_capacity);

/// Letterboxes `image` as `CVision_detector_run` does and gives a copy of one tensor of the
/// network: the input blob when `layer_name` is empty, else that layer's output. Meant for a
/// detector with stock layers (a fast one never computes the Sigmoid half of a fused SiLU).
/// `shape` needs room for CVision_TensorMaxDims sizes; free `*values` with CVision_buffer_destroy.
/// For tests that feed real tensors to a layer check.
CVision_Status CVision_detector_tensor(CVision_Detector *detector, const CVision_Image *image, const char *layer_name,
                                       float **values, int *shape, int *dims, char *message,
                                       size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

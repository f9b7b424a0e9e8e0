// SPDX-License-Identifier: GPL-3.0-or-later
// Float kernels for the fast DNN layers (element-wise, the convolution GEMM, depthwise
// convolution), each built once per instruction set and chosen at run time, so the shim itself
// keeps the baseline flags of Package.swift.
//
// The kernels are named as XNNPACK names its micro-kernels, `<operation>[_<tile>]__<isa>`:
// - operation: vsigmoid, vsilu, vgelu (a function of each element); vmul, vadd, vmax (of two
//   arrays, element by element); vmulcaddc (each element times one constant plus another);
//   rsum (the sum of all elements); dwconv3x3, dwconvkxk (depthwise convolution, 3 x 3 or any
//   k x k window); gemm (the convolution GEMM over one column of register tiles);
// - tile: the GEMM's register tile, output channels x pixels (6x16); only the GEMM has one;
// - isa: portable (the baseline: SSE2 on x86-64, NEON on ARM64), avx2 (AVX2 and FMA), avx512
//   (AVX-512F).
// So gemm_6x8__portable, gemm_6x16__avx2, gemm_8x32__avx512, vsigmoid__avx2, dwconv3x3__avx512:
// the names a profile shows. They live in FastKernels.cpp, in one table per instruction set
// (C++ reserves names with a double underscore for itself; these keep XNNPACK's reading, inside
// an anonymous namespace). The entry points below take an Isa and run that set's kernel (or
// the widest set below it the CPU has), each saying which kernel it runs.
#pragma once

#include <cstddef>

namespace cvision::kernels {

/// The instruction sets a kernel is compiled for. `portable` is the baseline the whole target
/// is built with (SSE2 on x86-64, NEON on ARM64); the others exist only on x86-64.
enum class Isa : int { portable = 0, avx2 = 1, avx512 = 2 };

/// The widest instruction set this CPU runs (`portable` on ARM64 or without AVX2 and FMA).
Isa best_isa();

/// y = 1 / (1 + e^-x). Absolute error at most 2e-7 against the exact value for every float x
/// (a degree-6 exp polynomial, then one division). `x` and `y` may be the same array. Runs
/// vsigmoid__<isa>.
void sigmoid(Isa isa, const float *x, float *y, size_t n);

/// y = x / (1 + e^-x) (SiLU, the model's Sigmoid followed by Mul in one pass), with the same
/// exp as `sigmoid`: absolute error at most 2e-7 · max(1, |x|). Runs vsilu__<isa>.
void silu(Isa isa, const float *x, float *y, size_t n);

/// y = 0.5·x·(1 + erf(x/√2)) (GELU, as the text networks compute it in five ONNX nodes), with
/// erf from a rational-exponential approximation: absolute error at most 2e-7 · max(1, |x|).
/// Runs vgelu__<isa>.
void gelu(Isa isa, const float *x, float *y, size_t n);

/// Depthwise k x k convolution at stride 1 of one zero-padded plane, laid out as
/// `depthwise3x3` lays it out but for any k (padded_w = output width + k - 1): y[i] = bias +
/// Σ_ky Σ_kx w[k·ky + kx] · padded[i + ky·padded_w + kx] for i < `count`. Runs dwconvkxk__<isa>.
void depthwise(Isa isa, const float *padded, int padded_w, const float *w, int k, float bias, float *y, int count);

/// y = a · b, y = a + b and y = max(a, b), element by element (exact: one rounding, as OpenCV).
/// Run vmul__<isa>, vadd__<isa> and vmax__<isa>.
void multiply(Isa isa, const float *a, const float *b, float *y, size_t n);
void add(Isa isa, const float *a, const float *b, float *y, size_t n);
void maximum(Isa isa, const float *a, const float *b, float *y, size_t n);

/// y = a · s + t for one scale and offset: a plane times its channel's factor (t = 0) or plus
/// its channel's bias (s = 1), each exact as `multiply` and `add` are (one rounding). Runs
/// vmulcaddc__<isa>.
void scale_shift(Isa isa, const float *a, float s, float t, float *y, size_t n);

/// Σ x, in float32 over 16 interleaved partial sums (the order a vector loop adds in). Runs
/// rsum__<isa>.
float sum(Isa isa, const float *x, size_t n);

/// The convolution GEMM's register tile on `isa`: output channels x pixels whose sums stay in
/// registers over the whole depth (6 x 8 portable, 6 x 16 AVX2+FMA, 8 x 32 AVX-512): 12 or 16
/// accumulators beside the pixel vectors and one broadcast weight. With 4 x 24 on AVX2 one
/// accumulator spilled to the stack in the inner loop and the GEMM ran at half the speed
/// (43 against 83 GFLOP/s for 384 x 192 weights, AMD EPYC).
struct GemmTile {
    int rows;    // output channels per tile
    int pixels;  // pixels per tile, and so the most one gemm_tile_column call takes
};
GemmTile gemm_tile(Isa isa);
/// Packs w (rows x depth, row-major) into tiles of `gemm_tile(isa).rows` rows, each stored
/// depth-major ([i][r]) and zero-padded; `packed` needs room for `packed_gemm_size`.
size_t packed_gemm_size(Isa isa, int rows, int depth);
void pack_gemm_weights(Isa isa, const float *w, int rows, int depth, float *packed);
/// Convolution as a GEMM over one column of register tiles: `rows` output channels, a tile of
/// `gemm_tile(isa).rows` after another, by `pixels` <= `gemm_tile(isa).pixels` pixels. For every
/// output channel `o` < `rows` and pixel `p` < `pixels`, y[o·ldy + p] = bias[o] + Σ_i w(o, i) ·
/// x[i][p] (i < `depth`), float32 sums in their own order (fused multiply-adds where the
/// instruction set has them). `packed` is the weight matrix as `pack_gemm_weights` lays it out
/// for the same `isa`. Reads x only at p < `pixels`. The rows come as pointers so a stride-1
/// convolution can hand over runs of its input in place. Runs gemm_<tile>__<isa>.
void gemm_tile_column(Isa isa, const float *packed, const float *bias, int rows, int depth, const float *const *x,
                      int pixels, float *y, size_t ldy);

/// Depthwise 3x3 convolution at stride 1 of one plane, zero-padded to `padded_w` = output width
/// + 2 columns and output height + 2 rows: y[i] = bias + Σ_ky Σ_kx w[3·ky + kx] ·
/// padded[i + ky·padded_w + kx] for i < `count`; output row r, column x is y[r·padded_w + x]
/// (the two positions after each row are not outputs). Reads padded up to count + 2·padded_w + 1.
/// Runs dwconv3x3__<isa>.
void depthwise3x3(Isa isa, const float *padded, int padded_w, const float *w, float bias, float *y, int count);

}  // namespace cvision::kernels

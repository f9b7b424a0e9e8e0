// SPDX-License-Identifier: GPL-3.0-or-later
// The object detector: one OpenCV DNN network (YOLOX-Nano from ONNX) with its letterbox
// buffers, run on the shim's fast layers or OpenCV 4.6's own.
#ifndef CVISION_DETECTOR_H
#define CVISION_DETECTOR_H

#include "CVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One network and its reusable input buffers. Never used from two threads at once.
typedef struct CVision_Detector CVision_Detector;

/// Which implementation of the network's layers a detector runs.
typedef enum CVision_DetectorLayers {
    /// The shim's layers (vectorised Sigmoid, SiLU fused into one pass, strided Slice and
    /// Permute as plain copies, separable max pooling, packed-GEMM convolutions, nearest
    /// upsampling) on the widest instruction set the CPU has: about 2.5x faster forward passes.
    CVision_DetectorLayersFast = 0,
    /// OpenCV 4.6's own layers, to compare against.
    CVision_DetectorLayersStock = 1,
    /// The shim's layers built for the baseline instruction set only (no AVX), so tests can
    /// check the path a CPU without AVX2 takes.
    CVision_DetectorLayersPortable = 2,
} CVision_DetectorLayers;

/// Reads an ONNX detector whose input is a square `input_size` BGR image, with the given layer
/// implementation, and runs one forward pass on a blank image so the first real frame pays no
/// set-up cost.
CVision_Status CVision_detector_create(const char *model_path, int input_size, CVision_DetectorLayers layers,
                                       CVision_Detector **out, char *message, size_t message_capacity);
/// Frees the network and its buffers (NULL is ignored).
void CVision_detector_destroy(CVision_Detector *detector);

/// Letterboxes the image (scale r keeping aspect, pasted top-left, padded with 114), runs one
/// forward pass and exposes the raw head output (`rows` x `columns` floats, valid until the
/// next call). Decoding stays in Swift, where it is tested.
CVision_Status CVision_detector_run(CVision_Detector *detector, const CVision_Image *image,
                                    const float **output, int *rows, int *columns, double *scale,
                                    char *message, size_t message_capacity);

/// With `single` non-zero, the detector's forward passes keep the fast layers' loops on the
/// calling thread: for one network per core side by side. Only this detector is affected
/// (OpenCV's own thread count is process-wide and unsafe to change while others run).
void CVision_detector_set_single_threaded(CVision_Detector *detector, int single);

/// The last run's seconds in the letterbox and blob, and in the forward pass: both happen in
/// one call, so only the shim can time them apart (for benchmarks; two clock reads a run).
void CVision_detector_last_timings(const CVision_Detector *detector, double *preprocess_seconds,
                                   double *forward_seconds);

/// How many of the detector's layers are the shim's fast ones, and how many Sigmoid+Mul pairs
/// run fused (both 0 for a stock detector): what runs, for benchmark reports and tests.
void CVision_detector_fast_layers(CVision_Detector *detector, int *fast_layers, int *fused_silu);

/// Sets how many threads OpenCV may use (process-wide): forward passes, decoding, conversion.
void CVision_set_thread_count(int threads);
/// The thread count now, so a caller that narrows it for a while can put it back.
int CVision_thread_count(void);

#ifdef __cplusplus
}
#endif

#endif

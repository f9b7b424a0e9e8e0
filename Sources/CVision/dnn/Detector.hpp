// SPDX-License-Identifier: GPL-3.0-or-later
// The detector handle's insides, private to the shim: Detector.cpp runs it, and the test hooks
// (Tests/CVisionTestHooks) read its tensors through the same letterbox.
#pragma once

#include "CVision.h"

#include <opencv2/dnn.hpp>

struct CVision_Detector {
    cv::dnn::Net net;
    int input_size;
    cv::Mat letterboxed;  // input_size x input_size BGR, padded with 114
    cv::Mat blob;         // 1x3xSxS float32
    cv::Mat output;       // last forward's output
    double preprocess_seconds = 0;  // last run's letterbox + blob
    double forward_seconds = 0;     // last run's forward pass
    bool single_threaded = false;   // fast layers' loops stay on the calling thread
};

namespace cvision {

/// Letterboxes `source` into the detector's input blob (scale r keeping aspect, pasted
/// top-left, padded with 114); returns r.
double letterbox(CVision_Detector *detector, const cv::Mat &source);

}  // namespace cvision

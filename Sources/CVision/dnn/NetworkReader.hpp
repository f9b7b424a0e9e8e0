// SPDX-License-Identifier: GPL-3.0-or-later
// Reading an ONNX network with the fast layers or OpenCV's own, for every network the shim runs.
#pragma once

#include "FastLayers.hpp"

#include <opencv2/dnn.hpp>

namespace cvision {

/// Reads `model_path` with `choice` in force (OpenCV 4.6 creates every layer inside
/// readNetFromONNX, so the choice only has to hold while the network is read), on OpenCV's
/// own CPU backend. Throws cv::Exception when the file is missing or not a network it can read.
cv::dnn::Net read_network(const char *model_path, const layers::LayerChoice &choice);

/// The fast layers on the widest instruction set this CPU has, or OpenCV's own.
layers::LayerChoice layer_choice(bool stock);

/// The text networks' choice: the fast layers but OpenCV's strided dense convolutions (see LayerChoice).
layers::LayerChoice text_layer_choice(bool stock);

}  // namespace cvision

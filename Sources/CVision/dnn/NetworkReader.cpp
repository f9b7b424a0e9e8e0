// SPDX-License-Identifier: GPL-3.0-or-later
#include "NetworkReader.hpp"

namespace cvision {

cv::dnn::Net read_network(const char *model_path, const layers::LayerChoice &choice) {
    layers::register_fast_layers();
    cv::dnn::Net net;
    {
        layers::LayerChoiceScope scope(choice);
        net = cv::dnn::readNetFromONNX(model_path);
    }
    if (net.empty()) CV_Error(cv::Error::StsError, "the network is empty");
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    return net;
}

layers::LayerChoice layer_choice(bool stock) {
    layers::LayerChoice choice;
    choice.stock = stock;
    choice.isa = kernels::best_isa();
    return choice;
}

layers::LayerChoice text_layer_choice(bool stock) {
    layers::LayerChoice choice = layer_choice(stock);
    choice.strided_dense_convolutions = false;
    return choice;
}

}  // namespace cvision

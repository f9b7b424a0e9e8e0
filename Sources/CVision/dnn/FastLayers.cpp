// SPDX-License-Identifier: GPL-3.0-or-later
// The fast layers' registration and the thread-local choice between them and OpenCV's own.
#include "FastLayers.hpp"

#include <opencv2/dnn/layer.hpp>

#include <mutex>

namespace cvision::layers {

namespace {
thread_local LayerChoice this_thread_choice;
}

LayerChoiceScope::LayerChoiceScope(LayerChoice choice) : previous_(this_thread_choice) {
    this_thread_choice = choice;
}

LayerChoiceScope::~LayerChoiceScope() { this_thread_choice = previous_; }

namespace {
thread_local bool this_thread_single = false;
}

SingleThreadScope::SingleThreadScope(bool single) : previous_(this_thread_single) { this_thread_single = single; }
SingleThreadScope::~SingleThreadScope() { this_thread_single = previous_; }
bool single_threaded() { return this_thread_single; }

LayerChoice current_choice() { return this_thread_choice; }

void register_fast_layers() {
    static std::once_flag once;
    std::call_once(once, [] {
        // Registered on top of OpenCV's constructors (the factory keeps a stack per name); our
        // factories call the stock classes' create() themselves when asked for stock layers.
        cv::dnn::LayerFactory::registerLayer("Sigmoid", make_sigmoid);
        cv::dnn::LayerFactory::registerLayer("Eltwise", make_eltwise);
        cv::dnn::LayerFactory::registerLayer("Slice", make_slice);
        cv::dnn::LayerFactory::registerLayer("Permute", make_permute);
        cv::dnn::LayerFactory::registerLayer("Pooling", make_pooling);
        cv::dnn::LayerFactory::registerLayer("Convolution", make_convolution);
        cv::dnn::LayerFactory::registerLayer("Deconvolution", make_deconvolution);
        cv::dnn::LayerFactory::registerLayer("Resize", make_resize);
        // No stock counterpart: the prepared text networks' one-node GELU (see FastGelu.cpp).
        cv::dnn::LayerFactory::registerLayer("Gelu", make_gelu);
    });
}

FastLayerCount count_fast_layers(cv::dnn::Net &net) {
    FastLayerCount count;
    for (const auto &name : net.getLayerNames()) {
        const cv::Ptr<cv::dnn::Layer> layer = net.getLayer(name);
        const auto *fast = dynamic_cast<const FastLayer *>(layer.get());
        if (fast == nullptr) continue;
        switch (fast->kind()) {
        case FastLayer::Kind::sigmoid:
            count.sigmoid++;
            if (fast->fused()) count.fused_silu++;
            break;
        case FastLayer::Kind::eltwise: count.eltwise++; break;
        case FastLayer::Kind::slice: count.slice++; break;
        case FastLayer::Kind::permute: count.permute++; break;
        case FastLayer::Kind::pooling: count.pooling++; break;
        case FastLayer::Kind::convolution: count.convolution++; break;
        case FastLayer::Kind::deconvolution: count.deconvolution++; break;
        case FastLayer::Kind::resize: count.resize++; break;
        }
    }
    return count;
}

}  // namespace cvision::layers

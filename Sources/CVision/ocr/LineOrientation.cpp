// SPDX-License-Identifier: GPL-3.0-or-later
// The text-line orientation classifier: is this cut line upside down?
#include "LineInput.hpp"
#include "dnn/NetworkReader.hpp"
#include "support/ShimSupport.hpp"

#include <cmath>
#include <memory>

using cvision::guarded;
using cvision::write_message;

struct CVision_TextOrientation {
    cv::dnn::Net net;
    cv::Mat blob;
};

namespace {
constexpr int kWidth = 192;  // the classifier's fixed input: 48 x 192
}

CVision_Status CVision_text_orientation_create(const char *model_path, CVision_TextLayers layers,
                                               CVision_TextOrientation **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorModel, message, capacity, [&] {
        auto classifier = std::make_unique<CVision_TextOrientation>();
        classifier->net = cvision::read_network(model_path, cvision::text_layer_choice(layers == CVision_TextLayersStock));
        cvision::line_input(cv::Mat(48, kWidth, CV_8UC3, cv::Scalar::all(255)), kWidth, kWidth, classifier->blob);
        classifier->net.setInput(classifier->blob);
        if (classifier->net.forward().total() != 2) {
            write_message(message, capacity, "its output is not two orientations");
            return CVision_ErrorModel;
        }
        *out = classifier.release();
        return CVision_OK;
    });
}

void CVision_text_orientation_destroy(CVision_TextOrientation *classifier) { delete classifier; }

CVision_Status CVision_text_orientation_run(CVision_TextOrientation *classifier, const CVision_Image *line,
                                            float *upside_down, char *message, size_t capacity) {
    *upside_down = 0;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        cvision::line_input(line->bgr, kWidth, kWidth, classifier->blob);
        classifier->net.setInput(classifier->blob);
        const cv::Mat output = classifier->net.forward();
        *upside_down = output.ptr<float>()[1];  // softmax over (0 degrees, 180 degrees)
        return CVision_OK;
    });
}

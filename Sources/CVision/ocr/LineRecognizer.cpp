// SPDX-License-Identifier: GPL-3.0-or-later
// The CTC line recognizer: one forward pass per line, then per time step the most likely class
// and its softmax probability (the prepared graph ends at the logits; see Models/prepare_model.py).
#include "LineInput.hpp"
#include "dnn/NetworkReader.hpp"
#include "support/ShimSupport.hpp"

#include <chrono>
#include <cmath>
#include <memory>
#include <vector>

using cvision::guarded;
using cvision::write_message;
using Clock = std::chrono::steady_clock;

struct CVision_TextRecognizer {
    cv::dnn::Net net;
    int classes = 0;
    cv::Mat blob;
    std::vector<int> best;
    std::vector<float> probability;
    double forward_seconds = 0;
};

namespace {

/// The warm-up line's width: the reference's smallest input.
constexpr int kMinimumWidth = 320;

/// Per step (a column of the [1, classes, 1, steps] logits): the argmax and its softmax
/// probability, 1 / sum(exp(l - max)).
void decode_steps(const cv::Mat &logits, int classes, std::vector<int> &best, std::vector<float> &probability) {
    const int steps = logits.size[3];
    const float *data = logits.ptr<float>();
    best.assign(size_t(steps), 0);
    probability.assign(size_t(steps), 0);
    std::vector<float> maxima(size_t(steps), -INFINITY);
    for (int c = 0; c < classes; ++c) {
        const float *row = data + size_t(c) * steps;
        for (int t = 0; t < steps; ++t)
            if (row[t] > maxima[t]) { maxima[t] = row[t]; best[t] = c; }
    }
    std::vector<double> sums(size_t(steps), 0);
    for (int c = 0; c < classes; ++c) {
        const float *row = data + size_t(c) * steps;
        for (int t = 0; t < steps; ++t) sums[t] += std::exp(double(row[t] - maxima[t]));
    }
    for (int t = 0; t < steps; ++t) probability[t] = float(1.0 / sums[t]);
}

}  // namespace

CVision_Status CVision_text_recognizer_create(const char *model_path, int classes, CVision_TextLayers layers,
                                              CVision_TextRecognizer **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorModel, message, capacity, [&] {
        auto recognizer = std::make_unique<CVision_TextRecognizer>();
        recognizer->net = cvision::read_network(model_path, cvision::text_layer_choice(layers == CVision_TextLayersStock));
        recognizer->classes = classes;
        cvision::line_input(cv::Mat(48, 96, CV_8UC3, cv::Scalar::all(255)), kMinimumWidth, kMinimumWidth, recognizer->blob);
        recognizer->net.setInput(recognizer->blob);
        const cv::Mat logits = recognizer->net.forward();
        if (logits.dims != 4 || logits.size[0] != 1 || logits.size[2] != 1) {
            write_message(message, capacity, "its output is not logits of 1 x classes x 1 x steps; prepare it with Models/prepare_model.py");
            return CVision_ErrorModel;
        }
        if (logits.size[1] != classes) {
            write_message(message, capacity, "it has " + std::to_string(logits.size[1]) + " classes but its dictionary gives " +
                                                 std::to_string(classes));
            return CVision_ErrorModel;
        }
        *out = recognizer.release();
        return CVision_OK;
    });
}

void CVision_text_recognizer_destroy(CVision_TextRecognizer *recognizer) { delete recognizer; }

CVision_Status CVision_text_recognizer_run(CVision_TextRecognizer *recognizer, const CVision_Image *line,
                                           int min_width, int max_width, const int **classes,
                                           const float **probabilities, int *steps, char *message, size_t capacity) {
    *classes = nullptr;
    *probabilities = nullptr;
    *steps = 0;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        cvision::line_input(line->bgr, std::max(8, min_width), std::max(8, max_width), recognizer->blob);
        const auto started = Clock::now();
        recognizer->net.setInput(recognizer->blob);
        const cv::Mat logits = recognizer->net.forward();
        recognizer->forward_seconds = std::chrono::duration<double>(Clock::now() - started).count();
        if (logits.dims != 4 || logits.size[1] != recognizer->classes || !logits.isContinuous()) {
            write_message(message, capacity, "the recognizer's output changed shape");
            return CVision_ErrorModel;
        }
        decode_steps(logits, recognizer->classes, recognizer->best, recognizer->probability);
        *classes = recognizer->best.data();
        *probabilities = recognizer->probability.data();
        *steps = int(recognizer->best.size());
        return CVision_OK;
    });
}

double CVision_text_recognizer_last_forward_seconds(const CVision_TextRecognizer *recognizer) {
    return recognizer->forward_seconds;
}

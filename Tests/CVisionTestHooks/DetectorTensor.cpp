// SPDX-License-Identifier: GPL-3.0-or-later
// A copy of one tensor of a detector's network, so the layer checks can run on real values.
#include "CVisionLayerCheck.h"
#include "dnn/Detector.hpp"
#include "support/ShimSupport.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

using cvision::guarded;
using cvision::write_message;

CVision_Status CVision_detector_tensor(CVision_Detector *detector, const CVision_Image *image, const char *layer_name,
                                       float **values, int *shape, int *dims, char *message, size_t capacity) {
    *values = nullptr;
    *dims = 0;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        cvision::letterbox(detector, image->bgr);  // as CVision_detector_run does
        cv::Mat tensor = detector->blob;
        if (layer_name != nullptr && layer_name[0] != '\0') {
            detector->net.setInput(detector->blob);
            tensor = detector->net.forward(layer_name);
        }
        if (tensor.type() != CV_32F || tensor.dims > CVision_TensorMaxDims) {
            write_message(message, capacity, "the tensor is not float values of at most eight dimensions");
            return CVision_ErrorInternal;
        }
        const cv::Mat dense = tensor.isContinuous() ? tensor : tensor.clone();
        auto *copy = static_cast<float *>(std::malloc(dense.total() * sizeof(float)));
        if (copy == nullptr) throw std::bad_alloc();
        std::memcpy(copy, dense.ptr<float>(), dense.total() * sizeof(float));
        for (int i = 0; i < dense.dims; i++) shape[i] = dense.size[i];
        *dims = dense.dims;
        *values = copy;
        return CVision_OK;
    });
}

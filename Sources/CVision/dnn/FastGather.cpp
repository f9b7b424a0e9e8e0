// SPDX-License-Identifier: GPL-3.0-or-later
// Fast Slice and Permute layers: both are one strided copy. OpenCV 4.6 walks a strided Slice
// element by element through generic index arithmetic (the Focus stem's four slices cost 20 %
// of a forward) and transposes the head's 85 x N output with a cache-hostile loop.
#include "FastLayers.hpp"

#include <opencv2/core/utility.hpp>
#include <opencv2/dnn/all_layers.hpp>

#include <algorithm>
#include <climits>
#include <cstring>

namespace cvision::layers {
namespace {

using cv::dnn::Layer;
using cv::dnn::LayerParams;
using cv::dnn::MatShape;

constexpr int kMaxDims = 8;

/// One 2-D block of the copy: `rows` x `cols` elements.
void copy_block(const float *src, size_t src_row, size_t src_col, float *dst, size_t dst_row, size_t dst_col,
                int rows, int cols) {
    if (src_col == 1 && dst_col == 1) {
        for (int r = 0; r < rows; r++) std::memcpy(dst + r * dst_row, src + r * src_row, size_t(cols) * sizeof(float));
    } else if (src_col == 2 && dst_col == 1) {
        // Every other element (a stride-2 Slice): a constant stride the compiler vectorises.
        for (int r = 0; r < rows; r++) {
            const float *s = src + r * src_row;
            float *d = dst + r * dst_row;
            for (int c = 0; c < cols; c++) d[c] = s[2 * c];
        }
    } else if (src_row == 1 && dst_col == 1) {
        // A transpose: go tile by tile so both sides stay in cache.
        constexpr int kTile = 16;
        for (int r0 = 0; r0 < rows; r0 += kTile) {
            const int r1 = std::min(rows, r0 + kTile);
            for (int c0 = 0; c0 < cols; c0 += kTile) {
                const int c1 = std::min(cols, c0 + kTile);
                for (int r = r0; r < r1; r++)
                    for (int c = c0; c < c1; c++) dst[r * dst_row + c] = src[r + c * src_col];
            }
        }
    } else {
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) dst[r * dst_row + c * dst_col] = src[r * src_row + c * src_col];
    }
}

}  // namespace

void strided_copy(const float *src, const size_t *src_step, float *dst, const size_t *dst_step, const int *size,
                  int dims) {
    // Drop unit dimensions and merge neighbours that are contiguous on both sides, then pad to
    // at least two dimensions: the last two are the block, the rest are outer loops.
    size_t ss[kMaxDims], ds[kMaxDims];
    int n[kMaxDims];
    int d = 0;
    for (int i = 0; i < dims; i++) {
        if (size[i] == 0) return;
        if (size[i] == 1) continue;
        if (d > 0 && ss[d - 1] == src_step[i] * size[i] && ds[d - 1] == dst_step[i] * size[i]) {
            n[d - 1] *= size[i];
            ss[d - 1] = src_step[i];
            ds[d - 1] = dst_step[i];
            continue;
        }
        CV_Assert(d < kMaxDims);
        ss[d] = src_step[i];
        ds[d] = dst_step[i];
        n[d] = size[i];
        d++;
    }
    while (d < 2) {
        std::move_backward(n, n + d, n + d + 1);
        std::move_backward(ss, ss + d, ss + d + 1);
        std::move_backward(ds, ds + d, ds + d + 1);
        n[0] = 1;
        ss[0] = ds[0] = 0;
        d++;
    }
    const int rows = n[d - 2], cols = n[d - 1];
    size_t outer = 1;
    for (int i = 0; i < d - 2; i++) outer *= size_t(n[i]);

    // Tasks are (outer index, band of rows); big copies spread over OpenCV's threads.
    const size_t total = outer * size_t(rows) * size_t(cols);
    const int bands = total < 65536 ? 1 : std::max(1, std::min(rows, 4 * std::max(1, cv::getNumThreads())));
    const int band_rows = (rows + bands - 1) / bands;
    auto run = [&](const cv::Range &range) {
        for (int task = range.start; task < range.end; task++) {
            size_t o = size_t(task) / size_t(bands);
            const int r0 = int(size_t(task) % size_t(bands)) * band_rows;
            const int r1 = std::min(rows, r0 + band_rows);
            if (r0 >= r1) continue;
            const float *s = src + r0 * ss[d - 2];
            float *t = dst + r0 * ds[d - 2];
            for (int i = d - 3; i >= 0; i--) {
                const size_t index = o % size_t(n[i]);
                o /= size_t(n[i]);
                s += index * ss[i];
                t += index * ds[i];
            }
            copy_block(s, ss[d - 2], ss[d - 1], t, ds[d - 2], ds[d - 1], r1 - r0, cols);
        }
    };
    const int tasks = int(outer) * bands;
    if (total < 65536 || tasks == 1) run(cv::Range(0, tasks));
    else parallel_for(cv::Range(0, tasks), run, double(tasks));
}

namespace {

/// Element steps of a float blob, which may be a view into a larger one (a Concat's output).
void element_steps(const cv::Mat &blob, size_t *steps) {
    for (int i = 0; i < blob.dims; i++) steps[i] = blob.step[i] / sizeof(float);
}

class FastSlice final : public DelegatingLayer {
public:
    FastSlice(const LayerParams &params, std::vector<int> begin, std::vector<int> end, std::vector<int> steps)
        : DelegatingLayer(params, cv::dnn::SliceLayer::create(params)), begin_(std::move(begin)), end_(std::move(end)),
          steps_(std::move(steps)) {}

    Kind kind() const override { return Kind::slice; }

private:
    bool run(std::vector<cv::Mat> &inputs, std::vector<cv::Mat> &outputs) override {
        const cv::Mat &input = inputs[0];
        cv::Mat &output = outputs[0];
        size_t in_steps[kMaxDims], src_steps[kMaxDims], dst_steps[kMaxDims];
        element_steps(input, in_steps);
        element_steps(output, dst_steps);
        const float *src = input.ptr<float>();
        for (int i = 0; i < input.dims; i++) {
            src += size_t(start_[i]) * in_steps[i];
            src_steps[i] = in_steps[i] * size_t(step_[i]);
        }
        strided_copy(src, src_steps, output.ptr<float>(), dst_steps, output.size.p, output.dims);
        return true;
    }

    /// Works out each dimension's first index and step for these shapes (clamping begin and
    /// end into the dimension as ONNX does). False when anything is outside what this layer
    /// handles or disagrees with OpenCV's output shape: OpenCV's layer then runs instead.
    bool plan(const std::vector<cv::Mat> &inputs, const std::vector<cv::Mat> &outputs) override {
        if (inputs.size() != 1 || outputs.size() != 1) return false;
        const cv::Mat &input = inputs[0], &output = outputs[0];
        if (input.type() != CV_32F || output.type() != CV_32F || input.dims != output.dims || input.dims > kMaxDims ||
            int(begin_.size()) > input.dims)
            return false;
        start_.assign(input.dims, 0);
        step_.assign(input.dims, 1);
        for (int i = 0; i < input.dims; i++) {
            const int n = input.size[i];
            int first = 0, last = n, step = 1;
            if (i < int(begin_.size())) {
                first = begin_[i];
                last = end_[i];
                step = i < int(steps_.size()) ? steps_[i] : 1;
                if (first < 0) first += n;
                if (last < 0) last += n;
                first = std::clamp(first, 0, n);
                last = std::clamp(last, 0, n);
            }
            const int count = last > first ? (last - first + step - 1) / step : 0;
            if (count != output.size[i] || (count > 0 && first >= n)) return false;
            start_[i] = first;
            step_[i] = step;
        }
        return true;
    }

    std::vector<int> begin_, end_, steps_;
    std::vector<int> start_, step_;
};

class FastPermute final : public DelegatingLayer {
public:
    FastPermute(const LayerParams &params, std::vector<int> order)
        : DelegatingLayer(params, cv::dnn::PermuteLayer::create(params)), order_(std::move(order)) {}

    Kind kind() const override { return Kind::permute; }

private:
    bool plan(const std::vector<cv::Mat> &inputs, const std::vector<cv::Mat> &outputs) override {
        if (inputs.size() != outputs.size() || inputs.empty()) return false;
        for (size_t k = 0; k < inputs.size(); k++) {
            const cv::Mat &input = inputs[k], &output = outputs[k];
            if (input.type() != CV_32F || output.type() != CV_32F || input.dims != int(order_.size()) ||
                output.dims != input.dims || input.dims > kMaxDims)
                return false;
            for (int i = 0; i < input.dims; i++)
                if (output.size[i] != input.size[order_[i]]) return false;
        }
        return true;
    }

    bool run(std::vector<cv::Mat> &inputs, std::vector<cv::Mat> &outputs) override {
        for (size_t k = 0; k < inputs.size(); k++) {
            size_t in_steps[kMaxDims], src_steps[kMaxDims], dst_steps[kMaxDims];
            element_steps(inputs[k], in_steps);
            element_steps(outputs[k], dst_steps);
            for (int i = 0; i < inputs[k].dims; i++) src_steps[i] = in_steps[order_[i]];
            strided_copy(inputs[k].ptr<float>(), src_steps, outputs[k].ptr<float>(), dst_steps, outputs[k].size.p,
                         outputs[k].dims);
        }
        return true;
    }

    std::vector<int> order_;
};

std::vector<int> int_list(const cv::dnn::DictValue &value) {
    std::vector<int> list(value.size());
    for (int i = 0; i < value.size(); i++) list[i] = value.get<int>(i);
    return list;
}

}  // namespace

cv::Ptr<Layer> make_slice(LayerParams &params) {
    const LayerChoice choice = current_choice();
    // One output cut by begin/end with positive steps along leading axes; Caffe's
    // slice points, splits, sizes and reversed slices stay with OpenCV.
    if (choice.stock || !params.has("begin") || !params.has("end") || params.has("size") ||
        params.has("slice_point") || params.has("num_split") || params.get<int>("axis", 1) < 0)
        return cv::dnn::SliceLayer::create(params);
    std::vector<int> begin = int_list(params.get("begin")), end = int_list(params.get("end"));
    std::vector<int> steps = params.has("steps") ? int_list(params.get("steps")) : std::vector<int>(begin.size(), 1);
    if (begin.size() != end.size() || steps.size() > begin.size() ||
        std::any_of(steps.begin(), steps.end(), [](int step) { return step < 1; }))
        return cv::dnn::SliceLayer::create(params);
    return cv::makePtr<FastSlice>(params, std::move(begin), std::move(end), std::move(steps));
}

cv::Ptr<Layer> make_permute(LayerParams &params) {
    const LayerChoice choice = current_choice();
    if (choice.stock || !params.has("order")) return cv::dnn::PermuteLayer::create(params);
    std::vector<int> order = int_list(params.get("order"));
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < sorted.size(); i++)
        if (sorted[i] != int(i)) return cv::dnn::PermuteLayer::create(params);
    return cv::makePtr<FastPermute>(params, std::move(order));
}

}  // namespace cvision::layers

// SPDX-License-Identifier: GPL-3.0-or-later
#include "LineInput.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cvision {

void line_input(const cv::Mat &line, int minimum_width, int maximum_width, cv::Mat &blob) {
    constexpr int height = 48;
    const double aspect = double(line.cols) / line.rows;
    const int scaled = std::clamp(int(std::ceil(height * aspect)), 1, maximum_width);
    const int width = std::max(minimum_width, scaled);
    const int shape[] = {1, 3, height, width};
    blob.create(4, shape, CV_32F);
    blob.setTo(0);
    cv::Mat resized;
    cv::resize(line, resized, cv::Size(scaled, height), 0, 0, cv::INTER_LINEAR);
    std::vector<cv::Mat> channels;
    cv::split(resized, channels);
    for (int c = 0; c < 3; ++c) {
        cv::Mat plane(height, width, CV_32F, blob.ptr<float>(0, c));
        channels[c].convertTo(plane(cv::Rect(0, 0, scaled, height)), CV_32F, 2.0 / 255.0, -1.0);
    }
}

}  // namespace cvision

// SPDX-License-Identifier: GPL-3.0-or-later
// The line networks' common input: the line scaled to height 48 keeping its aspect, normalised
// to [-1, 1] and placed at the left of a zero tensor.
#pragma once

#include <opencv2/core.hpp>

namespace cvision {

/// Fills `blob` (1 x 3 x 48 x W, W = max(minimum_width, scaled width)) from the BGR line; the
/// scaled width is ceil(48 x aspect), at most `maximum_width`.
void line_input(const cv::Mat &line, int minimum_width, int maximum_width, cv::Mat &blob);

}  // namespace cvision

// SPDX-License-Identifier: GPL-3.0-or-later
// The DB text detector: the picture scaled so its shorter side reaches the working size,
// normalised, one forward pass to a text-probability map, then the map binarised, each region's
// rotated rectangle scored against the map and grown (DB's "unclip"), in picture pixels.
#include "dnn/NetworkReader.hpp"
#include "support/ShimSupport.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <memory>
#include <vector>

using cvision::guarded;
using cvision::write_message;
using Clock = std::chrono::steady_clock;

struct CVision_TextDetector {
    cv::dnn::Net net;
    cv::Mat resized, normalised, blob, map;
    std::vector<CVision_TextBox> boxes;
    double preprocess_seconds = 0, forward_seconds = 0, postprocess_seconds = 0;
};

namespace {

double seconds_between(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double>(end - start).count();
}

/// The detector's input area. The forward pass holds about 290 bytes an input pixel: `read` of
/// a 12-megapixel photo detected at 2048x1536 peaked at 1,073 MiB, at 1280x960 at 551 MiB, where
/// issue 41 asks under 600 MiB for every command. A million keeps the street photos of ICDAR 2015
/// (1280x720) whole and a phone photo near 1150x860. (OpenCV 4.6 also crashes inside the forward
/// pass on inputs of 2272x1760, 2560x1200 or 2048x2304; callers keep the longer side to 2048.)
constexpr double kMaxInputPixels = 1.0e6;

/// The network's input size for a picture: shorter side up to `shorter_side`, longer side
/// down to `longer_limit`, area within kMaxInputPixels, each side rounded to a multiple of 32
/// (the reference's rounding).
cv::Size input_size(int width, int height, const CVision_TextDetectorSettings &settings) {
    double ratio = 1;
    const int shorter = std::min(width, height), longer = std::max(width, height);
    if (shorter < settings.shorter_side) ratio = double(settings.shorter_side) / shorter;
    if (settings.longer_side_limit > 0 && longer * ratio > settings.longer_side_limit)
        ratio = double(settings.longer_side_limit) / longer;
    const double area = double(width) * height * ratio * ratio;
    if (area > kMaxInputPixels) ratio *= std::sqrt(kMaxInputPixels / area);
    auto round32 = [](double side) { return std::max(32, int(std::lround(int(side) / 32.0)) * 32); };
    return {round32(width * ratio), round32(height * ratio)};
}

/// Corners of a rotated rectangle, ordered as the reference orders them: of the two leftmost,
/// the higher is the top-left; of the two rightmost, the higher is the top-right.
std::array<cv::Point2f, 4> ordered_corners(const cv::RotatedRect &rect) {
    std::array<cv::Point2f, 4> points;
    rect.points(points.data());
    std::sort(points.begin(), points.end(), [](const cv::Point2f &a, const cv::Point2f &b) { return a.x < b.x; });
    const cv::Point2f top_left = points[1].y > points[0].y ? points[0] : points[1];
    const cv::Point2f bottom_left = points[1].y > points[0].y ? points[1] : points[0];
    const cv::Point2f top_right = points[3].y > points[2].y ? points[2] : points[3];
    const cv::Point2f bottom_right = points[3].y > points[2].y ? points[3] : points[2];
    return {top_left, top_right, bottom_right, bottom_left};
}

/// The map's mean inside the quadrilateral (the reference's "fast" score: the polygon filled
/// over its bounding box).
double box_score(const cv::Mat &map, const std::array<cv::Point2f, 4> &corners) {
    float min_x = corners[0].x, max_x = corners[0].x, min_y = corners[0].y, max_y = corners[0].y;
    for (const auto &p : corners) {
        min_x = std::min(min_x, p.x); max_x = std::max(max_x, p.x);
        min_y = std::min(min_y, p.y); max_y = std::max(max_y, p.y);
    }
    const int x0 = std::clamp(int(std::floor(min_x)), 0, map.cols - 1), x1 = std::clamp(int(std::ceil(max_x)), 0, map.cols - 1);
    const int y0 = std::clamp(int(std::floor(min_y)), 0, map.rows - 1), y1 = std::clamp(int(std::ceil(max_y)), 0, map.rows - 1);
    cv::Mat mask = cv::Mat::zeros(y1 - y0 + 1, x1 - x0 + 1, CV_8U);
    std::vector<cv::Point> polygon;
    for (const auto &p : corners) polygon.emplace_back(int(p.x - x0), int(p.y - y0));
    cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{polygon}, cv::Scalar(1));
    return cv::mean(map(cv::Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1)), mask)[0];
}

void find_boxes(CVision_TextDetector &detector, int width, int height, const CVision_TextDetectorSettings &settings) {
    const cv::Mat &map = detector.map;
    cv::Mat bitmap = map > settings.binarize_at;  // 255 where text
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(bitmap, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
    const size_t candidates = std::min(contours.size(), size_t(std::max(0, settings.max_candidates)));
    const double scale_x = double(width) / map.cols, scale_y = double(height) / map.rows;
    const float min_side = 3;
    for (size_t i = 0; i < candidates; ++i) {
        const cv::RotatedRect rect = cv::minAreaRect(contours[i]);
        if (std::min(rect.size.width, rect.size.height) < min_side) continue;
        const double score = box_score(map, ordered_corners(rect));
        if (score < settings.minimum_box_score) continue;
        // Growing a rectangle's outline by d with round joins and taking the smallest rectangle
        // around the result is the rectangle d larger on every side.
        const double area = double(rect.size.width) * rect.size.height;
        const double perimeter = 2.0 * (rect.size.width + rect.size.height);
        const float grow = float(area * settings.unclip_ratio / perimeter);
        const cv::RotatedRect grown(rect.center, cv::Size2f(rect.size.width + 2 * grow, rect.size.height + 2 * grow), rect.angle);
        if (std::min(grown.size.width, grown.size.height) < min_side + 2) continue;
        CVision_TextBox box{};
        const auto corners = ordered_corners(grown);
        for (int k = 0; k < 4; ++k) {
            // As the reference: rounded to whole pixels of the picture, kept inside it.
            box.x[k] = std::clamp(float(std::lround(corners[k].x * scale_x)), 0.f, float(width - 1));
            box.y[k] = std::clamp(float(std::lround(corners[k].y * scale_y)), 0.f, float(height - 1));
        }
        const double top = std::hypot(box.x[1] - box.x[0], box.y[1] - box.y[0]);
        const double side = std::hypot(box.x[3] - box.x[0], box.y[3] - box.y[0]);
        if (int(top) <= 3 || int(side) <= 3) continue;
        box.score = float(score);
        detector.boxes.push_back(box);
    }
}

}  // namespace

CVision_Status CVision_text_detector_create(const char *model_path, CVision_TextLayers layers,
                                            CVision_TextDetector **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorModel, message, capacity, [&] {
        auto detector = std::make_unique<CVision_TextDetector>();
        detector->net = cvision::read_network(model_path, cvision::text_layer_choice(layers == CVision_TextLayersStock));
        const int shape[] = {1, 3, 64, 64};
        detector->blob.create(4, shape, CV_32F);
        detector->blob.setTo(0);
        detector->net.setInput(detector->blob);
        const cv::Mat probe = detector->net.forward();
        if (probe.dims != 4 || probe.size[1] != 1 || probe.size[2] != 64 || probe.size[3] != 64) {
            write_message(message, capacity, "its output is not a 1 x 1 x H x W probability map");
            return CVision_ErrorModel;
        }
        *out = detector.release();
        return CVision_OK;
    });
}

void CVision_text_detector_destroy(CVision_TextDetector *detector) { delete detector; }

CVision_Status CVision_text_detector_run(CVision_TextDetector *detector, const CVision_Image *image,
                                         const CVision_TextDetectorSettings *settings, int *count,
                                         char *message, size_t capacity) {
    *count = 0;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        detector->boxes.clear();
        const cv::Mat &source = image->bgr;
        const auto started = Clock::now();
        const cv::Size size = input_size(source.cols, source.rows, *settings);
        cv::resize(source, detector->resized, size, 0, 0, cv::INTER_LINEAR);
        // (v / 255 - mean) / std per channel, in the picture's own BGR order, as the model card says.
        const double mean[3] = {0.485, 0.456, 0.406}, deviation[3] = {0.229, 0.224, 0.225};
        const int shape[] = {1, 3, size.height, size.width};
        detector->blob.create(4, shape, CV_32F);
        std::vector<cv::Mat> planes(3);
        for (int c = 0; c < 3; ++c) planes[c] = cv::Mat(size.height, size.width, CV_32F, detector->blob.ptr<float>(0, c));
        std::vector<cv::Mat> channels;
        cv::split(detector->resized, channels);
        for (int c = 0; c < 3; ++c)
            channels[c].convertTo(planes[c], CV_32F, 1.0 / (255.0 * deviation[c]), -mean[c] / deviation[c]);
        const auto prepared = Clock::now();
        detector->net.setInput(detector->blob);
        const cv::Mat output = detector->net.forward();
        const auto forwarded = Clock::now();
        if (output.dims != 4 || output.size[2] != size.height || output.size[3] != size.width) {
            write_message(message, capacity, "the text detector's map does not match its input");
            return CVision_ErrorModel;
        }
        // The network's own output seen as H x W, sharing (and holding) its buffer: no copy.
        detector->map = output.reshape(1, std::vector<int>{size.height, size.width});
        find_boxes(*detector, source.cols, source.rows, *settings);
        detector->preprocess_seconds = seconds_between(started, prepared);
        detector->forward_seconds = seconds_between(prepared, forwarded);
        detector->postprocess_seconds = seconds_between(forwarded, Clock::now());
        *count = int(detector->boxes.size());
        return CVision_OK;
    });
}

void CVision_text_detector_box(const CVision_TextDetector *detector, int index, CVision_TextBox *box) {
    *box = detector->boxes.at(size_t(index));
}

void CVision_text_detector_last_timings(const CVision_TextDetector *detector, double *preprocess_seconds,
                                        double *forward_seconds, double *postprocess_seconds) {
    *preprocess_seconds = detector->preprocess_seconds;
    *forward_seconds = detector->forward_seconds;
    *postprocess_seconds = detector->postprocess_seconds;
}

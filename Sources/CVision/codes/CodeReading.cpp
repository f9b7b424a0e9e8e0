// SPDX-License-Identifier: GPL-3.0-or-later
// Decoding codes with ZXing-C++ 1.4 (Debian's libzxing), over OpenCV's grey pictures.
//
// ZXing 1.4 merges the linear codes it finds with a comparison that asserts the first was read
// on one scan line only (Result::operator==, "lineCount() == 1"); Debian's build keeps asserts
// on, so two equal barcodes in view, a code read in two of ZXing's own pyramid layers, or one
// read both upright and turned would abort the whole program. So linear codes are asked for one
// at a time, and the pyramid and the turned pass are made here, each read on its own, and
// merged by format and text.
#define ZX_USE_UTF8 1
#include "CVision.h"
#include "support/ShimSupport.hpp"

#include <ReadBarcode.h>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <string>
#include <vector>

struct CVision_CodeList {
    std::vector<CVision_CodeSymbol> symbols;
    std::vector<std::string> texts;
};

namespace {

using ZXing::BarcodeFormat;

struct FormatPair {
    BarcodeFormat zxing;
    CVision_CodeFormat ours;
};

constexpr FormatPair formats[] = {
    {BarcodeFormat::EAN8, CVision_CodeEAN8},         {BarcodeFormat::EAN13, CVision_CodeEAN13},
    {BarcodeFormat::UPCA, CVision_CodeUPCA},         {BarcodeFormat::UPCE, CVision_CodeUPCE},
    {BarcodeFormat::Code128, CVision_CodeCode128},   {BarcodeFormat::Code39, CVision_CodeCode39},
    {BarcodeFormat::ITF, CVision_CodeITF},           {BarcodeFormat::QRCode, CVision_CodeQR},
    {BarcodeFormat::DataMatrix, CVision_CodeDataMatrix}, {BarcodeFormat::PDF417, CVision_CodePDF417},
    {BarcodeFormat::Aztec, CVision_CodeAztec},
};

CVision_CodeFormat our_format(BarcodeFormat format) {
    for (const auto &pair : formats)
        if (pair.zxing == format) return pair.ours;
    return CVision_CodeFormat(0);
}

/// A layer is worth reading at half size only while its shorter side stays this long: smaller,
/// and a code that fills it has too few pixels per bar left.
constexpr int smallest_layer_side = 360;
/// A still is enlarged for its second pass only up to this longer side (time and memory).
constexpr int largest_enlarged_side = 2000;

bool centre_inside(const CVision_CodeSymbol &symbol, const CVision_CodeSymbol &other) {
    float cx = 0, cy = 0;
    for (int i = 0; i < 4; ++i) { cx += symbol.corners[2 * i] / 4; cy += symbol.corners[2 * i + 1] / 4; }
    std::vector<cv::Point2f> polygon;
    for (int i = 0; i < 4; ++i) polygon.emplace_back(other.corners[2 * i], other.corners[2 * i + 1]);
    return cv::pointPolygonTest(polygon, {cx, cy}, false) >= 0;
}

/// Adds `symbol` (corners already in picture pixels) unless it is one the list holds: the same
/// format and text, or for a located symbol the same place. A read replaces a location.
void add_symbol(CVision_CodeList &list, const CVision_CodeSymbol &symbol, const std::string &text) {
    for (size_t i = 0; i < list.symbols.size(); ++i) {
        auto &other = list.symbols[i];
        if (other.format != symbol.format) continue;
        if (symbol.decoded && other.decoded) {
            if (list.texts[i] == text) return;
        } else if (centre_inside(symbol, other) || centre_inside(other, symbol)) {
            if (symbol.decoded) { other = symbol; list.texts[i] = text; }
            return;
        }
    }
    list.symbols.push_back(symbol);
    list.texts.push_back(text);
}

/// The symbol for a ZXing result, its corners taken through `to_picture`.
template <typename Map>
CVision_CodeSymbol symbol_for(const ZXing::Result &result, Map to_picture) {
    CVision_CodeSymbol symbol{};
    symbol.format = our_format(result.format());
    symbol.decoded = result.isValid() ? 1 : 0;
    const auto &position = result.position();
    for (int i = 0; i < 4; ++i) {
        cv::Point2f p = to_picture(cv::Point2f(float(position[i].x), float(position[i].y)));
        symbol.corners[2 * i] = p.x;
        symbol.corners[2 * i + 1] = p.y;
    }
    return symbol;
}

/// How far a linear code's bars reach either side of the lines that read it: ZXing gives only
/// the ends of its scan lines, often one line, so its corners make a box one pixel high. Rows
/// are stepped outwards while their light-dark pattern along the code matches the row before
/// on `row_agreement` of the samples (a slight skew or curve drifts slowly) and the middle
/// row's better than chance (bars leaning in perspective drift away from the middle row's
/// pattern, row by row; blank paper or a row of digits matches neither).
constexpr double row_agreement = 0.85, middle_agreement = 0.5;
constexpr int bar_samples = 192;

std::vector<unsigned char> bar_pattern(const cv::Mat &grey, cv::Point2f from, cv::Point2f to) {
    std::vector<float> values(bar_samples);
    float mean = 0;
    for (int i = 0; i < bar_samples; ++i) {
        cv::Point2f p = from + (to - from) * (float(i) / float(bar_samples - 1));
        int x = std::clamp(int(std::lround(p.x)), 0, grey.cols - 1), y = std::clamp(int(std::lround(p.y)), 0, grey.rows - 1);
        values[size_t(i)] = grey.at<unsigned char>(y, x);
        mean += values[size_t(i)] / bar_samples;
    }
    std::vector<unsigned char> pattern(bar_samples);
    for (int i = 0; i < bar_samples; ++i) pattern[size_t(i)] = values[size_t(i)] < mean;
    return pattern;
}

/// Widens a linear symbol's corners (in `grey`'s pixels) to the height of its bars.
void extend_to_bars(const cv::Mat &grey, float corners[8]) {
    const cv::Point2f top_left(corners[0], corners[1]), top_right(corners[2], corners[3]);
    const cv::Point2f bottom_right(corners[4], corners[5]), bottom_left(corners[6], corners[7]);
    const cv::Point2f start = (top_left + bottom_left) * 0.5f, end = (top_right + bottom_right) * 0.5f;
    const float length = float(cv::norm(end - start));
    if (length < 8) return;
    const cv::Point2f along = (end - start) / length, normal(-along.y, along.x);
    const auto middle = bar_pattern(grey, start, end);
    auto agreement = [](const std::vector<unsigned char> &a, const std::vector<unsigned char> &b) {
        int same = 0;
        for (int i = 0; i < bar_samples; ++i) same += a[size_t(i)] == b[size_t(i)];
        return double(same) / bar_samples;
    };
    auto reach = [&](float direction) {
        float step = 0;
        auto previous = middle;
        // Bars are rarely taller than the code is long.
        for (float next = 1; next < length; ++next) {
            const cv::Point2f shift = normal * (direction * next);
            const auto row = bar_pattern(grey, start + shift, end + shift);
            if (agreement(row, previous) < row_agreement || agreement(row, middle) < middle_agreement) break;
            previous = row;
            step = next;
        }
        return step;
    };
    const float up = reach(-1), down = reach(1);
    const cv::Point2f points[4] = {start - normal * up, end - normal * up, end + normal * down, start + normal * down};
    for (int i = 0; i < 4; ++i) { corners[2 * i] = points[i].x; corners[2 * i + 1] = points[i].y; }
}

/// Linear codes read from one grey picture (upright or turned), at most this many: after each,
/// its place is painted over and the picture read again.
constexpr int most_linear_codes = 4;

/// 2-D codes: ZXing may return several, and located-but-unread ones (for guidance). Their
/// results compare by place, never reaching 1.4's assert.
void read_matrix_codes(const cv::Mat &grey, float scale, CVision_CodeList &list) {
    ZXing::DecodeHints hints;
    hints.setFormats(BarcodeFormat::QRCode | BarcodeFormat::DataMatrix | BarcodeFormat::PDF417 | BarcodeFormat::Aztec)
        .setTryHarder(true).setTryRotate(true).setTryDownscale(false).setReturnErrors(true);
    ZXing::ImageView view(grey.data, grey.cols, grey.rows, ZXing::ImageFormat::Lum, int(grey.step[0]));
    for (const auto &result : ZXing::ReadBarcodes(view, hints)) {
        auto symbol = symbol_for(result, [&](cv::Point2f p) { return p * scale; });
        if (symbol.format != 0) add_symbol(list, symbol, symbol.decoded ? result.text() : std::string());
    }
}

/// Linear codes, one per ZXing call: asked for one symbol, ZXing 1.4 never compares two
/// linear results (the comparison that asserts when two equal barcodes are in view, as on a
/// shelf of the same product). ZXing's own turned pass would compare; the picture is turned
/// here instead, and every code read is painted over before the next call.
void read_linear_codes(const cv::Mat &grey, float scale, CVision_CodeList &list) {
    ZXing::DecodeHints hints;
    hints.setFormats(BarcodeFormat::EAN8 | BarcodeFormat::EAN13 | BarcodeFormat::UPCA | BarcodeFormat::UPCE |
                     BarcodeFormat::Code128 | BarcodeFormat::Code39 | BarcodeFormat::ITF)
        .setTryHarder(true).setTryRotate(false).setTryDownscale(false).setMaxNumberOfSymbols(1);
    for (int turned = 0; turned < 2; ++turned) {
        cv::Mat picture;
        if (turned) cv::rotate(grey, picture, cv::ROTATE_90_CLOCKWISE);
        else picture = grey.clone();
        // Turned clockwise, (x, y) of the grey picture is (rows - 1 - y, x) of the turned one.
        const float rows = float(grey.rows);
        auto to_picture = [&](cv::Point2f p) {
            return (turned ? cv::Point2f(p.y, rows - 1 - p.x) : p) * scale;
        };
        for (int found = 0; found < most_linear_codes; ++found) {
            ZXing::ImageView view(picture.data, picture.cols, picture.rows, ZXing::ImageFormat::Lum, int(picture.step[0]));
            auto results = ZXing::ReadBarcodes(view, hints);
            if (results.empty() || !results.front().isValid()) break;
            const auto &result = results.front();
            // The bars' height, found in the picture ZXing read, then mapped like the corners.
            float corners[8];
            for (int i = 0; i < 4; ++i) { corners[2 * i] = float(result.position()[i].x); corners[2 * i + 1] = float(result.position()[i].y); }
            extend_to_bars(picture, corners);
            CVision_CodeSymbol symbol{};
            symbol.format = our_format(result.format());
            symbol.decoded = 1;
            for (int i = 0; i < 4; ++i) {
                const cv::Point2f p = to_picture(cv::Point2f(corners[2 * i], corners[2 * i + 1]));
                symbol.corners[2 * i] = p.x;
                symbol.corners[2 * i + 1] = p.y;
            }
            if (symbol.format == 0) break;
            add_symbol(list, symbol, result.text());
            // Paint the bars over, with a margin of a fifth of the code's length each way (the
            // quiet zone, and digits printed under the bars).
            std::vector<cv::Point> points;
            for (int i = 0; i < 4; ++i) points.emplace_back(int(corners[2 * i]), int(corners[2 * i + 1]));
            cv::Rect box = cv::boundingRect(points);
            const int margin = std::max(8, std::max(box.width, box.height) / 5);
            box = cv::Rect(box.x - margin, box.y - margin, box.width + 2 * margin, box.height + 2 * margin) &
                  cv::Rect(0, 0, picture.cols, picture.rows);
            picture(box).setTo(cv::mean(picture)[0]);
        }
    }
}

/// Reads one grey layer; corners are scaled by `scale` back to the picture's pixels.
void read_layer(const cv::Mat &grey, float scale, CVision_CodeList &list) {
    read_matrix_codes(grey, scale, list);
    read_linear_codes(grey, scale, list);
}

bool any_decoded(const CVision_CodeList &list) {
    return std::any_of(list.symbols.begin(), list.symbols.end(), [](const auto &s) { return s.decoded != 0; });
}

}  // namespace

extern "C" {

CVision_Status CVision_codes_read(const CVision_Image *image, CVision_CodeEffort effort, CVision_CodeList **out,
                                  char *message, size_t message_capacity) {
    *out = nullptr;
    return cvision::guarded(CVision_ErrorInternal, message, message_capacity, [&] {
        auto list = std::make_unique<CVision_CodeList>();
        cv::Mat grey;
        cv::cvtColor(image->bgr, grey, cv::COLOR_BGR2GRAY);
        read_layer(grey, 1, *list);
        // Half size: a code that fills a large frame has bars many pixels wide, which the
        // binarizer's local windows read better when smaller.
        if (!any_decoded(*list) && std::min(grey.cols, grey.rows) / 2 >= smallest_layer_side) {
            cv::Mat half;
            cv::resize(grey, half, {}, 0.5, 0.5, cv::INTER_AREA);
            read_layer(half, 2, *list);
        }
        if (effort == CVision_CodeEffortStill && !any_decoded(*list)) {
            // A small code: twice the pixels per bar.
            if (2 * std::max(grey.cols, grey.rows) <= largest_enlarged_side) {
                cv::Mat enlarged;
                cv::resize(grey, enlarged, {}, 2, 2, cv::INTER_CUBIC);
                read_layer(enlarged, 0.5f, *list);
            }
            // A faint or unevenly lit code: local contrast equalised.
            if (!any_decoded(*list)) {
                cv::Mat equalised;
                cv::createCLAHE(2.0, {8, 8})->apply(grey, equalised);
                read_layer(equalised, 1, *list);
            }
        }
        *out = list.release();
        return CVision_OK;
    });
}

CVision_Status CVision_codes_read_region(const CVision_Image *image, const float *region, CVision_CodeList **out,
                                         char *message, size_t message_capacity) {
    *out = nullptr;
    return cvision::guarded(CVision_ErrorInternal, message, message_capacity, [&] {
        auto list = std::make_unique<CVision_CodeList>();
        cv::Mat grey;
        cv::cvtColor(image->bgr, grey, cv::COLOR_BGR2GRAY);
        // A tenth of the region each way: the quiet zone a reader needs on either side of the bars.
        const float margin_x = region[2] / 10, margin_y = region[3] / 10;
        const cv::Rect wanted(int(region[0] - margin_x), int(region[1] - margin_y), int(region[2] + 2 * margin_x),
                              int(region[3] + 2 * margin_y));
        const cv::Rect crop = wanted & cv::Rect(0, 0, grey.cols, grey.rows);
        if (crop.width < 8 || crop.height < 8) { *out = list.release(); return CVision_OK; }
        cv::Mat patch = grey(crop).clone();
        float scale = 1;
        // A region below this longer side is enlarged twice over: more pixels per bar for the
        // binarizer, which is what a small or softened barcode lacks.
        constexpr int enlarge_below = 480;
        if (std::max(patch.cols, patch.rows) < enlarge_below) {
            cv::resize(patch, patch, {}, 2, 2, cv::INTER_CUBIC);
            scale = 0.5f;
        }
        // Unsharp masking restores some of the edge contrast a soft lens or slight smear took.
        cv::Mat soft;
        cv::GaussianBlur(patch, soft, {0, 0}, 2.0);
        cv::addWeighted(patch, 1.8, soft, -0.8, 0, patch);
        CVision_CodeList found;
        read_layer(patch, scale, found);
        for (size_t i = 0; i < found.symbols.size(); ++i) {
            auto symbol = found.symbols[i];
            for (int c = 0; c < 4; ++c) { symbol.corners[2 * c] += float(crop.x); symbol.corners[2 * c + 1] += float(crop.y); }
            add_symbol(*list, symbol, found.texts[i]);
        }
        *out = list.release();
        return CVision_OK;
    });
}

void CVision_code_list_destroy(CVision_CodeList *list) { delete list; }

int CVision_code_list_count(const CVision_CodeList *list) { return int(list->symbols.size()); }

CVision_CodeSymbol CVision_code_list_symbol(const CVision_CodeList *list, int index) { return list->symbols[size_t(index)]; }

const char *CVision_code_list_text(const CVision_CodeList *list, int index, size_t *length) {
    const auto &text = list->texts[size_t(index)];
    if (length) *length = text.size();
    return text.c_str();
}

}  // extern "C"

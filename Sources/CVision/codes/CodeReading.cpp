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
            auto symbol = symbol_for(result, to_picture);
            if (symbol.format == 0) break;
            add_symbol(list, symbol, result.text());
            // Paint the bars over, with a margin of a fifth of the code's length each way (the
            // corners are the ends of the lines that read it, not the bars' full height).
            std::vector<cv::Point> corners;
            for (int i = 0; i < 4; ++i) corners.emplace_back(result.position()[i].x, result.position()[i].y);
            cv::Rect box = cv::boundingRect(corners);
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

void CVision_code_list_destroy(CVision_CodeList *list) { delete list; }

int CVision_code_list_count(const CVision_CodeList *list) { return int(list->symbols.size()); }

CVision_CodeSymbol CVision_code_list_symbol(const CVision_CodeList *list, int index) { return list->symbols[size_t(index)]; }

const char *CVision_code_list_text(const CVision_CodeList *list, int index, size_t *length) {
    const auto &text = list->texts[size_t(index)];
    if (length) *length = text.size();
    return text.c_str();
}

}  // extern "C"

// SPDX-License-Identifier: GPL-3.0-or-later
// Scene text: PP-OCR's networks on OpenCV's DNN. A DB text detector (a probability map, then
// rotated boxes), the cut of one line out of the picture with its perspective removed, the
// text-line orientation classifier and the CTC line recognizer. Decoding the recognizer's
// steps into characters, and putting lines in reading order, stay in Swift where they are tested.
#ifndef CVISION_SCENE_TEXT_H
#define CVISION_SCENE_TEXT_H

#include "CVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Which layers a scene-text network runs: the shim's fast ones (as the object detector's) or
/// OpenCV 4.6's own, to compare against.
typedef enum CVision_TextLayers {
    CVision_TextLayersFast = 0,
    CVision_TextLayersStock = 1,
} CVision_TextLayers;

// MARK: Detection

/// One DB text detector and its buffers. Never used from two threads at once.
typedef struct CVision_TextDetector CVision_TextDetector;

/// How the probability map becomes boxes (the reference pipeline's names in brackets).
typedef struct CVision_TextDetectorSettings {
    /// The picture is scaled up until its shorter side is at least this (limit_side_len, type
    /// min), each side then rounded to a multiple of 32.
    int shorter_side;
    /// ...but never so far that the longer side passes this (0: no limit); large photos are
    /// scaled down to it, which bounds memory and time.
    int longer_side_limit;
    /// Map values above this are text (thresh).
    float binarize_at;
    /// A box whose mean probability is below this is dropped (box_thresh).
    float minimum_box_score;
    /// Each box grows by area x ratio / perimeter on every side (unclip_ratio).
    float unclip_ratio;
    /// At most this many regions are scored (max_candidates).
    int max_candidates;
} CVision_TextDetectorSettings;

/// One text region: four corners in picture pixels, clockwise from the top-left of the text
/// as it lies (top-left, top-right, bottom-right, bottom-left), and its mean probability.
typedef struct CVision_TextBox {
    float x[4];
    float y[4];
    float score;
} CVision_TextBox;

/// Reads the detector network and runs it once on a blank picture so the first photo pays no
/// set-up cost.
CVision_Status CVision_text_detector_create(const char *model_path, CVision_TextLayers layers,
                                            CVision_TextDetector **out, char *message, size_t message_capacity);
/// Frees the network and its buffers (NULL is ignored).
void CVision_text_detector_destroy(CVision_TextDetector *detector);

/// Finds the text regions; their count goes to `count`, each then from CVision_text_detector_box
/// (valid until the next run).
CVision_Status CVision_text_detector_run(CVision_TextDetector *detector, const CVision_Image *image,
                                         const CVision_TextDetectorSettings *settings, int *count,
                                         char *message, size_t message_capacity);
/// Region `index` (0 ≤ index < count) of the last run.
void CVision_text_detector_box(const CVision_TextDetector *detector, int index, CVision_TextBox *box);

/// The last run's seconds in resizing and normalising, the forward pass, and turning the map
/// into boxes (for benchmarks).
void CVision_text_detector_last_timings(const CVision_TextDetector *detector, double *preprocess_seconds,
                                        double *forward_seconds, double *postprocess_seconds);

// MARK: Lines

/// The quadrilateral (corners as in CVision_TextBox) cut out and warped to an upright
/// rectangle: as wide as its longer top/bottom edge, as tall as its longer left/right edge
/// (bicubic, edges replicated). A cut at least 1.5 times taller than wide is a vertical line
/// and is turned a quarter counter-clockwise.
CVision_Status CVision_text_line_cut(const CVision_Image *image, const float x[4], const float y[4],
                                     CVision_Image **out, char *message, size_t message_capacity);

/// A copy of the image turned half a turn (for lines the orientation classifier finds upside down).
CVision_Status CVision_image_rotate_half_turn(const CVision_Image *image, CVision_Image **out,
                                              char *message, size_t message_capacity);

// MARK: Orientation

/// The text-line orientation classifier (0 or 180 degrees), input 48x192.
typedef struct CVision_TextOrientation CVision_TextOrientation;

/// Reads the classifier and checks on a blank line that it gives two orientations, so a wrong
/// model is refused here and the first line pays no set-up cost.
CVision_Status CVision_text_orientation_create(const char *model_path, CVision_TextLayers layers,
                                               CVision_TextOrientation **out, char *message, size_t message_capacity);
/// Frees the network and its buffers (NULL is ignored).
void CVision_text_orientation_destroy(CVision_TextOrientation *classifier);

/// The probability that the line is upside down.
CVision_Status CVision_text_orientation_run(CVision_TextOrientation *classifier, const CVision_Image *line,
                                            float *upside_down, char *message, size_t message_capacity);

// MARK: Recognition

/// One CTC line recognizer and its buffers. Never used from two threads at once.
typedef struct CVision_TextRecognizer CVision_TextRecognizer;

/// Reads the recognizer (a graph prepared for OpenCV 4.6 by Models/prepare_model.py: its output
/// is logits [1, classes, 1, steps]) and checks on a blank line that it has `classes` outputs
/// (the dictionary's lines plus the blank and the space).
CVision_Status CVision_text_recognizer_create(const char *model_path, int classes, CVision_TextLayers layers,
                                              CVision_TextRecognizer **out, char *message, size_t message_capacity);
/// Frees the network and its buffers (NULL is ignored).
void CVision_text_recognizer_destroy(CVision_TextRecognizer *recognizer);

/// Recognises one line: resized to height 48 keeping its aspect (at most `max_width` wide),
/// normalised to [-1, 1], placed left in an input at least `min_width` wide (zeros to the
/// right, as the reference pads to 320), one forward pass, then per step the most likely class
/// and its softmax probability. `classes` and `probabilities` hold `steps` values each, valid
/// until the next run.
CVision_Status CVision_text_recognizer_run(CVision_TextRecognizer *recognizer, const CVision_Image *line,
                                           int min_width, int max_width, const int **classes,
                                           const float **probabilities, int *steps, char *message,
                                           size_t message_capacity);

/// The last run's seconds in the forward pass (for benchmarks).
double CVision_text_recognizer_last_forward_seconds(const CVision_TextRecognizer *recognizer);

#ifdef __cplusplus
}
#endif

#endif

// CVision: the project's only door to OpenCV and Tesseract.
//
// A small C header so Swift never sees a C++ type: opaque handles with _create/_destroy,
// pixels as pointers and sizes, and every failure as a status plus a one-sentence message
// written into a caller-provided buffer. C++ exceptions never cross this line.
#ifndef CVISION_H
#define CVISION_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a shim call. Anything but CVision_OK comes with a message.
typedef enum CVision_Status {
    CVision_OK = 0,
    /// The bytes are not an image any decoder here understands, or are damaged.
    CVision_ErrorDecode = 1,
    /// The model file could not be loaded or does not produce the expected output.
    CVision_ErrorModel = 2,
    /// Tesseract could not start (missing or unusable language data).
    CVision_ErrorOCRInit = 3,
    /// An unexpected failure inside OpenCV or Tesseract.
    CVision_ErrorInternal = 4,
    /// A JPEG whose data ends early: part of the picture is missing.
    CVision_ErrorTruncated = 5,
    /// A JPEG whose compressed data is corrupt: part of the picture would be garbage.
    CVision_ErrorCorrupt = 6,
} CVision_Status;

// MARK: Images

/// A decoded image: 8-bit BGR pixels owned by the shim.
typedef struct CVision_Image CVision_Image;

/// Decodes an encoded image (JPEG, PNG, TIFF, BMP, WebP, PNM) held in memory, so the
/// caller controls file reading and can name the file in its own errors.
CVision_Status CVision_image_decode(const void *bytes, size_t length, CVision_Image **out,
                                    char *message, size_t message_capacity);

/// Wraps a copy of caller-owned BGR pixels (rows may be padded to `row_bytes`).
CVision_Status CVision_image_create_bgr(const void *pixels, int width, int height, size_t row_bytes,
                                        CVision_Image **out, char *message, size_t message_capacity);

void CVision_image_destroy(CVision_Image *image);
int CVision_image_width(const CVision_Image *image);
int CVision_image_height(const CVision_Image *image);
/// The resolution the file records (pixels per inch), or 0 when it records none.
int CVision_image_pixels_per_inch(const CVision_Image *image);

/// Encodes the image as PNG into a buffer the caller frees with CVision_buffer_free; used
/// only by explicit debug output and tests.
CVision_Status CVision_image_encode_png(const CVision_Image *image, void **bytes, size_t *length,
                                        char *message, size_t message_capacity);
void CVision_buffer_free(void *bytes);

// MARK: Detector (OpenCV DNN)

/// One network and its reusable input buffers. Never used from two threads at once.
typedef struct CVision_Detector CVision_Detector;

/// Which implementation of the network's layers a detector runs.
typedef enum CVision_DetectorLayers {
    /// The shim's layers (vectorised Sigmoid, SiLU fused into one pass, strided Slice and
    /// Permute as plain copies, separable max pooling) on the widest instruction set the CPU
    /// has: about 2.5x faster forward passes.
    CVision_DetectorLayersFast = 0,
    /// OpenCV 4.6's own layers, to compare against.
    CVision_DetectorLayersStock = 1,
    /// The shim's layers built for the baseline instruction set only (no AVX), so tests can
    /// check the path a CPU without AVX2 takes.
    CVision_DetectorLayersPortable = 2,
} CVision_DetectorLayers;

/// Reads an ONNX detector whose input is a square `input_size` BGR image, with the given layer
/// implementation, and runs one forward pass on a blank image so the first real frame pays no
/// set-up cost.
CVision_Status CVision_detector_create(const char *model_path, int input_size, CVision_DetectorLayers layers,
                                       CVision_Detector **out, char *message, size_t message_capacity);
void CVision_detector_destroy(CVision_Detector *detector);

/// Letterboxes the image (scale r keeping aspect, pasted top-left, padded with 114), runs one
/// forward pass and exposes the raw head output (`rows` x `columns` floats, valid until the
/// next call). Decoding stays in Swift, where it is tested.
CVision_Status CVision_detector_run(CVision_Detector *detector, const CVision_Image *image,
                                    const float **output, int *rows, int *columns, double *scale,
                                    char *message, size_t message_capacity);

/// With `single` non-zero, the detector's forward passes keep the fast layers' loops on the
/// calling thread: for one network per core side by side. Only this detector is affected
/// (OpenCV's own thread count is process-wide and unsafe to change while others run).
void CVision_detector_set_single_threaded(CVision_Detector *detector, int single);

/// The last run's seconds in the letterbox and blob, and in the forward pass: both happen in
/// one call, so only the shim can time them apart (for benchmarks; two clock reads a run).
void CVision_detector_last_timings(const CVision_Detector *detector, double *preprocess_seconds,
                                   double *forward_seconds);

/// Sets how many threads OpenCV may use (process-wide): forward passes, decoding, conversion.
void CVision_set_thread_count(int threads);
/// The thread count now, so a caller that narrows it for a while can put it back.
int CVision_thread_count(void);

// MARK: Video files (OpenCV's FFmpeg backend)

/// An open video file, read frame by frame. Never used from two threads at once.
typedef struct CVision_Video CVision_Video;

CVision_Status CVision_video_open(const char *path, CVision_Video **out, char *message, size_t message_capacity);
void CVision_video_destroy(CVision_Video *video);
/// The container's nominal frame rate, or 0 when it does not say.
double CVision_video_frames_per_second(const CVision_Video *video);
/// The container's frame count, or 0 when it does not say.
int CVision_video_frame_count(const CVision_Video *video);

/// Decodes the next frame into a new image and its presentation time in milliseconds.
/// `*image` is NULL at the end of the stream.
CVision_Status CVision_video_read(CVision_Video *video, CVision_Image **image, double *milliseconds,
                                  char *message, size_t message_capacity);

// MARK: OCR (Tesseract)

/// One initialised Tesseract engine, reused for every image. Never used from two threads at once.
typedef struct CVision_OCR CVision_OCR;

/// Starts Tesseract with `language` (e.g. "eng" or "eng+deu") from `tessdata_dir`
/// (NULL: Tesseract's own default). With `detect_orientation` (needs osd.traineddata) pages
/// turned sideways or upside down are turned upright before reading.
CVision_Status CVision_ocr_create(const char *tessdata_dir, const char *language, int detect_orientation,
                                  CVision_OCR **out, char *message, size_t message_capacity);
void CVision_ocr_destroy(CVision_OCR *ocr);

/// Where one recognised word sits in the page's layout, in reading order.
typedef struct CVision_OCRWord {
    /// Zero-based block, paragraph (within the page) and line (within the page) indices.
    int block;
    int paragraph;
    int line;
    /// Tesseract's word confidence, 0–100.
    float confidence;
    int x, y, width, height;
} CVision_OCRWord;

/// Recognises the page and keeps its words for CVision_ocr_word; returns their count.
CVision_Status CVision_ocr_recognize(CVision_OCR *ocr, const CVision_Image *image, int *word_count,
                                     char *message, size_t message_capacity);

/// The `index`th word of the last recognition; `text` stays valid until the next recognition.
void CVision_ocr_word(const CVision_OCR *ocr, int index, CVision_OCRWord *word, const char **text);

#ifdef __cplusplus
}
#endif

// Parts of the shim that grew their own headers.
#include "CVisionQuality.h"
#include "CVisionPage.h"
#include "CVisionCamera.h"
#include "CVisionSpeech.h"
#include "CVisionEspeak.h"
#include "CVisionBraille.h"
#include "CVisionLayerCheck.h"

#endif

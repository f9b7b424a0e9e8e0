// SPDX-License-Identifier: GPL-3.0-or-later
// CVision: the project's only door to its C and C++ libraries (OpenCV 4.6, Tesseract 5.3,
// libexttextcat, TurboJPEG, libv4l2, libespeak-ng, pcaudiolib, BrlAPI, liblouis, ZXing-C++, SQLite, zlib and
// libseccomp, with Landlock's system calls), and home of the detector's fast DNN layers.
//
// Small C headers so Swift never sees a C++ type: opaque handles, pixels as pointers and
// sizes, and every failure as a status the caller words in the user's language; the
// caller-provided message buffer carries only detail for a developer (a library's own text),
// never a sentence for the user. C++ exceptions never cross this line. This header is the module's
// umbrella: the status every call reports and images; each other concern has a header of its
// own, included at the end.
//
// One lifecycle naming, for every handle here and in the test hooks:
// - A handle `CVision_Thing` is made by `CVision_thing_create` and freed by
//   `CVision_thing_destroy`, the type's name in lower snake case (CVision_ToneDevice:
//   CVision_tone_device_create; CVision_SQLiteStatement: CVision_sqlite_statement_create).
//   Where there are several ways to make one, each says its source after `_create`
//   (CVision_image_create_bgr and _create_yuyv: from the caller's pixels in that format).
//   `_destroy` ignores NULL and releases all the handle holds (a file, a connection).
// - A call that computes a new handle from others (an image decoded, converted, resized or
//   cut out; the list of codes read) hands it back through `out` as `_create` does; it is freed
//   by its type's `_destroy` (CVision_image_destroy, CVision_code_list_destroy).
// - Memory the shim allocates for the caller (encoded bytes, samples, tensors) is freed with
//   CVision_buffer_destroy.
// - Not handles: CVision_v4l2_open, _close, _ioctl, _mmap and _munmap (CVisionV4L2.h) forward
//   to libv4l2's functions of those names and keep their file descriptors, -1 and errno. They
//   are the system-call seam where Swift's one wrapper reads errno and the injected test
//   camera stands in for the driver, so they are named after the calls they stand for.
#ifndef CVISION_H
#define CVISION_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a shim call: a code, which the Swift side words through its catalog. Anything but
/// CVision_OK may come with a developer's detail in the message buffer.
typedef enum CVision_Status {
    CVision_OK = 0,
    /// The bytes are not an image (or the file not a video) any decoder here understands, or
    /// are damaged.
    CVision_ErrorDecode = 1,
    /// The model file could not be loaded or does not produce the expected output.
    CVision_ErrorModel = 2,
    /// Tesseract could not start (missing or unusable language data).
    CVision_ErrorOCRInit = 3,
    /// Any other failure: inside a library the shim wraps, or of a server or device it talks to
    /// (speech-dispatcher, BRLTTY, the sound device).
    CVision_ErrorInternal = 4,
    /// A JPEG whose data ends early: part of the picture is missing. For a video: the stream
    /// breaks off before its end.
    CVision_ErrorTruncated = 5,
    /// A JPEG whose compressed data is corrupt: part of the picture would be garbage.
    CVision_ErrorCorrupt = 6,
    /// An image or video whose pictures hold more pixels than the caller allows: refused
    /// before decoding, since a small file can claim a huge picture (a decompression bomb).
    CVision_ErrorTooLarge = 7,
    /// A server took the connection but did not answer within its time limit (a speech-dispatcher
    /// that hung): the caller goes on without it.
    CVision_ErrorNoAnswer = 8,
    /// No sound device could be found to play to (espeak-ng's playback, the cue tones): the
    /// caller says so in the user's language and goes on with another channel.
    CVision_ErrorNoSoundDevice = 9,
    /// What this process can hold only once is held already (espeak-ng lent to another
    /// synthesizer, or playing while memory output is asked for), or another program holds it
    /// (the braille display).
    CVision_ErrorInUse = 10,
    /// No voice or braille table for the language or table asked (espeak-ng, liblouis).
    CVision_ErrorNoLanguage = 11,
    /// Nothing listens at the server's address (speech-dispatcher, BRLTTY), and a
    /// speech-dispatcher that was to be started did not start.
    CVision_ErrorNotRunning = 12,
    /// The server's address is not valid (a speech-dispatcher address given or in
    /// $SPEECHD_ADDRESS) or its host cannot be found (BrlAPI's).
    CVision_ErrorBadAddress = 13,
    /// The server answered and refused: speech-dispatcher a request this program needs,
    /// BRLTTY this program's BrlAPI key.
    CVision_ErrorRefused = 14,
    /// The sound device was found but did not open, or stopped taking sound.
    CVision_ErrorSoundDevice = 15,
} CVision_Status;

// MARK: Images

/// A decoded image: 8-bit BGR pixels owned by the shim.
typedef struct CVision_Image CVision_Image;

/// The width and height an encoded image's header claims (JPEG, PNG, TIFF, BMP, WebP, PNM,
/// JPEG 2000), read without decoding a pixel, so a picture too large to hold can be refused
/// first. CVision_ErrorDecode when the format is not one of those or the header is damaged.
CVision_Status CVision_image_dimensions(const void *bytes, size_t length, int *width, int *height,
                                        char *message, size_t message_capacity);

/// Decodes an encoded image (JPEG, PNG, TIFF, BMP, WebP, PNM) held in memory, so the
/// caller controls file reading and can name the file in its own errors. A picture whose
/// header claims more than `max_pixels` pixels is refused (CVision_ErrorTooLarge) before
/// anything is decoded; so is one whose header cannot be read (CVision_ErrorDecode).
CVision_Status CVision_image_decode(const void *bytes, size_t length, size_t max_pixels, CVision_Image **out,
                                    char *message, size_t message_capacity);

/// Wraps a copy of caller-owned BGR pixels (rows may be padded to `row_bytes`).
CVision_Status CVision_image_create_bgr(const void *pixels, int width, int height, size_t row_bytes,
                                        CVision_Image **out, char *message, size_t message_capacity);

/// Frees the image (NULL is ignored).
void CVision_image_destroy(CVision_Image *image);
/// The image's size in pixels.
int CVision_image_width(const CVision_Image *image);
int CVision_image_height(const CVision_Image *image);
/// The resolution the file records (pixels per inch), or 0 when it records none.
int CVision_image_pixels_per_inch(const CVision_Image *image);

/// A copy of the image scaled to `width` x `height` (area filtering to shrink, linear to grow).
CVision_Status CVision_image_resize(const CVision_Image *image, int width, int height, CVision_Image **out,
                                    char *message, size_t message_capacity);

/// The image area-averaged down (or up) to `width` x `height`, as tightly packed BGR bytes in the
/// caller's buffer (`capacity` at least width * height * 3): a small thumbnail is all light and
/// colour need, and copying it out is how Swift reads pixels without one allocation a frame.
CVision_Status CVision_image_sample_bgr(const CVision_Image *image, int width, int height, unsigned char *out,
                                        size_t capacity, char *message, size_t message_capacity);

/// Frees a buffer the shim allocated for the caller (encoded images, samples, tensors; NULL is
/// ignored).
void CVision_buffer_destroy(void *bytes);

#ifdef __cplusplus
}
#endif

// The shim's other concerns, one header each.
#include "CVisionV4L2.h"
#include "CVisionCameraFrames.h"
#include "CVisionVideo.h"
#include "CVisionQuality.h"
#include "CVisionPage.h"
#include "CVisionDetector.h"
#include "CVisionOCR.h"
#include "CVisionTextLanguage.h"
#include "CVisionSceneText.h"
#include "CVisionSpeech.h"
#include "CVisionEspeak.h"
#include "CVisionTone.h"
#include "CVisionBraille.h"
#include "CVisionBrailleTranslation.h"
#include "CVisionCodes.h"
#include "CVisionSQLite.h"
#include "CVisionGzip.h"
#include "CVisionSandbox.h"
#include "CVisionThings.h"

#endif

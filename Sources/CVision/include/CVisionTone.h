// SPDX-License-Identifier: GPL-3.0-or-later
// The sound device for cues (tones and ticks) through pcaudiolib, the library espeak-ng itself
// plays through (PulseAudio or PipeWire, else ALSA, else OSS). A stream of its own, which the
// sound server mixes with speech: a tone never waits behind words and never cuts them off.
// Samples are made in Swift; the shim only opens, writes and drops. A handle is used from one
// thread at a time.
#ifndef CVISION_TONE_H
#define CVISION_TONE_H

#include "CVision.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open stream of 16-bit mono samples on a sound device.
typedef struct CVision_ToneDevice CVision_ToneDevice;

/// Opens `device` (NULL: the default sound device; otherwise a PulseAudio sink or ALSA device
/// name) at `sample_rate` Hz, so a missing device is reported here rather than as silence later:
/// CVision_ErrorNoSoundDevice when there is none, CVision_ErrorSoundDevice when it did not open.
CVision_Status CVision_tone_device_create(const char *device, int sample_rate, CVision_ToneDevice **out,
                                          char *message, size_t message_capacity);

/// Closes the stream (NULL is ignored).
void CVision_tone_device_destroy(CVision_ToneDevice *device);

/// Hands `count` samples to the device; blocks while its buffer (about 60 ms) is full.
/// CVision_ErrorSoundDevice when the device stopped taking them.
CVision_Status CVision_tone_device_write(CVision_ToneDevice *device, const int16_t *samples, size_t count,
                                         char *message, size_t message_capacity);

/// Drops what is buffered and not yet heard, so an interrupt is silent at once.
void CVision_tone_device_flush(CVision_ToneDevice *device);

#ifdef __cplusplus
}
#endif

#endif

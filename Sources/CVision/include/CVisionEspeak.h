// SPDX-License-Identifier: GPL-3.0-or-later
// espeak-ng, the speech fallback when speech-dispatcher is not running: playback on the sound
// device (asynchronous, so it can be silenced at once) and synthesis into memory (for WAV files).
//
// libespeak-ng keeps its state in globals and cannot be started again once terminated (a second
// espeak_ng_Initialize after espeak_ng_Terminate crashes in 1.51), so a process has exactly one
// synthesizer: it starts on first use, is lent to one owner at a time (CVision_espeak_create
// fails while another handle exists) and is never terminated. A handle is never used from two
// threads at once.
#ifndef CVISION_ESPEAK_H
#define CVISION_ESPEAK_H

#include "CVision.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The process's synthesizer, borrowed for one kind of output.
typedef struct CVision_Espeak CVision_Espeak;

/// Where the borrowed synthesizer's speech goes.
typedef enum CVision_EspeakOutput {
    /// The default sound device, asynchronously: speech can be cancelled at once.
    CVision_EspeakPlayback = 0,
    /// 16-bit mono samples handed back to the caller.
    CVision_EspeakMemory = 1,
} CVision_EspeakOutput;

/// Borrows the synthesizer with a voice for `language` (ISO 639-1; NULL for espeak-ng's default)
/// at `words_per_minute` (80-450). For playback a silent utterance first checks that a sound
/// device answers, so a missing one is reported here rather than as silence later. Once playback
/// has worked, the process stays in playback mode and refuses memory output. CVision_ErrorInUse
/// when the synthesizer is lent already or cannot give memory output, CVision_ErrorNoLanguage when
/// there is no voice for `language`, CVision_ErrorNoSoundDevice when no device answers.
CVision_Status CVision_espeak_create(CVision_EspeakOutput output, const char *language, int words_per_minute,
                                     CVision_Espeak **out, char *message, size_t message_capacity);

/// Silences the synthesizer and hands it back for the next owner.
void CVision_espeak_destroy(CVision_Espeak *espeak);

/// Starts saying UTF-8 `text` on the sound device and returns at once (playback only).
CVision_Status CVision_espeak_speak(CVision_Espeak *espeak, const char *text, char *message,
                                    size_t message_capacity);

/// Changes the voice to one for `language` (ISO 639-1) for what is said or synthesized next,
/// keeping the rate; call it between utterances, not while one is being said.
CVision_Status CVision_espeak_set_language(CVision_Espeak *espeak, const char *language, char *message,
                                          size_t message_capacity);

/// 1 while the utterance started last is being said; 0 once it has ended or been cancelled, or
/// when espeak-ng has stopped playing without saying so (the sound device went away).
int CVision_espeak_is_speaking(CVision_Espeak *espeak);

/// Stops playback at once and drops whatever espeak-ng still had queued.
void CVision_espeak_cancel(CVision_Espeak *espeak);

/// Synthesizes UTF-8 `text` into 16-bit mono samples at `*sample_rate` Hz (buffer freed with
/// CVision_buffer_destroy), so the caller can write a WAV file (memory only).
CVision_Status CVision_espeak_synthesize(CVision_Espeak *espeak, const char *text, int16_t **samples,
                                         size_t *count, int *sample_rate, char *message,
                                         size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

// SPDX-License-Identifier: GPL-3.0-or-later
// espeak-ng behind the shim: one process-wide synthesizer, lent to one owner at a time.
#include "support/ShimSupport.hpp"

#include <espeak-ng/espeak_ng.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

struct CVision_Espeak {
    CVision_EspeakOutput output;
    /// The rate it was borrowed with, set again after a change of voice.
    int words_per_minute = 0;
    /// When playback was last seen idle while an utterance had not reported its end.
    std::chrono::steady_clock::time_point idle_since{};
};

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// Guards the lending and the library's output mode.
std::mutex lending;
bool library_started = false;
espeak_ng_STATUS library_status = ENS_OK;
CVision_Espeak *owner = nullptr;
bool in_playback_mode = false;
// A sound device has answered. espeak-ng keeps it open for good and would fail to reopen it
// after a switch to memory output, so the process stays in playback mode from then on.
bool playback_ready = false;

// Written from espeak-ng's threads through the synth callback, sometimes from inside
// espeak_ng_Cancel on the caller's thread: atomics, never a lock.
std::atomic<unsigned> ended_through{0};  // highest message id whose MSG_TERMINATED arrived
std::atomic<unsigned> speaking_id{0};    // the utterance being said, 0 when none
std::atomic<std::vector<int16_t> *> collected{nullptr};  // memory synthesis target

// A silent utterance: opening the sound device is all it does.
constexpr char probe_text[] = "<speak><break time=\"1ms\"/></speak>";
// On success MSG_TERMINATED follows the end of playback within ~50 ms; without a device it never
// comes, so this long an idle spell without it means no device answered.
constexpr auto probe_grace = 300ms;
constexpr auto probe_limit = 3s;
// Playback idle this long with no MSG_TERMINATED: the device went away mid-utterance.
constexpr auto lost_device_grace = 500ms;

int on_synth(short *wav, int count, espeak_EVENT *events) {
    if (wav != nullptr && count > 0) {
        if (std::vector<int16_t> *target = collected.load()) {
            try {
                target->insert(target->end(), wav, wav + count);
            } catch (...) {
                return 1;  // out of memory: abort synthesis rather than unwind through C
            }
        }
    }
    for (; events != nullptr && events->type != espeakEVENT_LIST_TERMINATED; ++events) {
        if (events->type != espeakEVENT_MSG_TERMINATED) continue;
        unsigned seen = ended_through.load();
        while (events->unique_identifier > seen && !ended_through.compare_exchange_weak(seen, events->unique_identifier)) {
        }
    }
    return 0;  // continue synthesis
}

std::string status_text(espeak_ng_STATUS status) {
    char text[256] = {0};
    espeak_ng_GetStatusCodeMessage(status, text, sizeof text);
    return text;
}

/// Starts libespeak-ng once; a failure (missing voice data) is remembered, as retrying cannot help.
espeak_ng_STATUS start_library() {
    if (library_started) return library_status;
    library_started = true;
    espeak_ng_InitializePath(nullptr);
    espeak_ng_ERROR_CONTEXT context = nullptr;
    library_status = espeak_ng_Initialize(&context);
    espeak_ng_ClearErrorContext(&context);
    if (library_status == ENS_OK) {
        espeak_SetSynthCallback(on_synth);
        library_status = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nullptr);
    }
    return library_status;
}

/// Switches to asynchronous playback and checks with a silent utterance that a device answers.
bool open_playback() {
    if (playback_ready) return true;
    espeak_ng_InitializeOutput(ENOUTPUT_MODE_SPEAK_AUDIO, 0, nullptr);
    in_playback_mode = true;
    // ALSA and espeak-ng print their complaints about a missing device; the caller gets a sentence.
    cvision::QuietStderr quiet;
    unsigned id = 0;
    if (espeak_ng_Synthesize(probe_text, sizeof probe_text, 0, POS_CHARACTER, 0, espeakCHARS_UTF8 | espeakSSML,
                             &id, nullptr) == ENS_OK) {
        const auto start = Clock::now();
        auto last_busy = start;
        while (Clock::now() - start < probe_limit) {
            if (ended_through.load() >= id) {
                playback_ready = true;
                return true;
            }
            if (espeak_IsPlaying()) last_busy = Clock::now();
            if (Clock::now() - last_busy > probe_grace) break;
            std::this_thread::sleep_for(2ms);
        }
    }
    espeak_ng_Cancel();
    espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nullptr);
    in_playback_mode = false;
    return false;
}

espeak_ng_STATUS choose_voice(const char *language) {
    if (language == nullptr || language[0] == 0) return espeak_ng_SetVoiceByName(ESPEAKNG_DEFAULT_VOICE);
    espeak_VOICE wanted;
    std::memset(&wanted, 0, sizeof wanted);
    wanted.languages = language;
    return espeak_ng_SetVoiceByProperties(&wanted);
}

}  // namespace

using cvision::guarded;
using cvision::write_message;

extern "C" {

CVision_Status CVision_espeak_create(CVision_EspeakOutput output, const char *language, int words_per_minute,
                                     CVision_Espeak **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        std::lock_guard<std::mutex> guard(lending);
        if (owner != nullptr) {
            return CVision_ErrorInUse;
        }
        if (espeak_ng_STATUS status = start_library(); status != ENS_OK) {
            write_message(message, capacity, status_text(status));
            return CVision_ErrorInternal;
        }
        if (output == CVision_EspeakPlayback) {
            if (!open_playback()) return CVision_ErrorNoSoundDevice;
        } else {
            // Playing to the sound device already, it cannot also write audio to memory.
            if (playback_ready) return CVision_ErrorInUse;
            if (in_playback_mode) espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nullptr);
            in_playback_mode = false;
        }
        if (choose_voice(language) != ENS_OK) return CVision_ErrorNoLanguage;
        espeak_ng_SetParameter(espeakRATE, words_per_minute, 0);
        owner = new CVision_Espeak{output, words_per_minute};
        *out = owner;
        return CVision_OK;
    });
}

void CVision_espeak_destroy(CVision_Espeak *espeak) {
    if (espeak == nullptr) return;
    std::lock_guard<std::mutex> guard(lending);
    if (espeak->output == CVision_EspeakPlayback) espeak_ng_Cancel();
    speaking_id.store(0);
    if (owner == espeak) owner = nullptr;
    delete espeak;
}

CVision_Status CVision_espeak_speak(CVision_Espeak *espeak, const char *text, char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        // A synthesizer made for memory output has no sound device to speak to.
        if (espeak->output != CVision_EspeakPlayback) return CVision_ErrorInternal;
        unsigned id = 0;
        espeak_ng_STATUS status =
            espeak_ng_Synthesize(text, std::strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, &id, nullptr);
        if (status != ENS_OK) {
            write_message(message, capacity, status_text(status));
            return CVision_ErrorInternal;
        }
        espeak->idle_since = {};
        speaking_id.store(id);
        return CVision_OK;
    });
}

CVision_Status CVision_espeak_set_language(CVision_Espeak *espeak, const char *language, char *message, size_t capacity) {
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        if (choose_voice(language) != ENS_OK) return CVision_ErrorNoLanguage;
        espeak_ng_SetParameter(espeakRATE, espeak->words_per_minute, 0);
        return CVision_OK;
    });
}

int CVision_espeak_is_speaking(CVision_Espeak *espeak) {
    const unsigned id = speaking_id.load();
    if (id == 0) return 0;
    if (ended_through.load() >= id) {
        speaking_id.store(0);
        return 0;
    }
    if (espeak_IsPlaying()) {
        espeak->idle_since = {};
        return 1;
    }
    const auto now = Clock::now();
    if (espeak->idle_since == Clock::time_point{}) espeak->idle_since = now;
    if (now - espeak->idle_since < lost_device_grace) return 1;
    speaking_id.store(0);
    return 0;
}

void CVision_espeak_cancel(CVision_Espeak *espeak) {
    if (espeak->output == CVision_EspeakPlayback) espeak_ng_Cancel();
    speaking_id.store(0);
}

CVision_Status CVision_espeak_synthesize(CVision_Espeak *espeak, const char *text, int16_t **samples, size_t *count,
                                         int *sample_rate, char *message, size_t capacity) {
    *samples = nullptr;
    *count = 0;
    *sample_rate = 0;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        // A synthesizer made for playback hands no samples back.
        if (espeak->output != CVision_EspeakMemory) return CVision_ErrorInternal;
        std::vector<int16_t> audio;
        collected.store(&audio);
        unsigned id = 0;
        espeak_ng_STATUS status =
            espeak_ng_Synthesize(text, std::strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, &id, nullptr);
        collected.store(nullptr);
        if (status != ENS_OK) {
            write_message(message, capacity, status_text(status));
            return CVision_ErrorInternal;
        }
        auto *buffer = static_cast<int16_t *>(std::malloc(std::max<size_t>(audio.size(), 1) * sizeof(int16_t)));
        if (buffer == nullptr) throw std::bad_alloc();
        if (!audio.empty()) std::memcpy(buffer, audio.data(), audio.size() * sizeof(int16_t));
        *samples = buffer;
        *count = audio.size();
        *sample_rate = espeak_ng_GetSampleRate();
        return CVision_OK;
    });
}

}  // extern "C"

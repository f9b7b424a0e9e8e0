// SPDX-License-Identifier: GPL-3.0-or-later
// Cue sounds on the sound device through pcaudiolib: open, write, drop.
#include "support/ShimSupport.hpp"

#include <pcaudiolib/audio.h>

#include <string>

struct CVision_ToneDevice {
    audio_object *audio;
};

namespace {

// pcaudiolib takes samples in a named byte order; ours are the machine's own.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
constexpr audio_object_format native_s16 = AUDIO_OBJECT_FORMAT_S16BE;
#else
constexpr audio_object_format native_s16 = AUDIO_OBJECT_FORMAT_S16LE;
#endif

constexpr char application_name[] = "sensecam";
constexpr char stream_description[] = "Cues";

std::string reason(audio_object *audio, int error) {
    const char *text = audio_object_strerror(audio, error);
    return text != nullptr && text[0] != 0 ? text : "error " + std::to_string(error);
}

}  // namespace

using cvision::guarded;
using cvision::write_message;

extern "C" {

CVision_Status CVision_tone_device_create(const char *device, int sample_rate, CVision_ToneDevice **out,
                                          char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        // ALSA prints its complaints about a missing card; the caller gets a sentence instead.
        cvision::QuietStderr quiet;
        audio_object *audio = create_audio_device_object(device, application_name, stream_description);
        if (audio == nullptr) return CVision_ErrorNoSoundDevice;
        if (int error = audio_object_open(audio, native_s16, static_cast<uint32_t>(sample_rate), 1); error != 0) {
            write_message(message, capacity, reason(audio, error));
            audio_object_destroy(audio);
            return CVision_ErrorSoundDevice;
        }
        *out = new CVision_ToneDevice{audio};
        return CVision_OK;
    });
}

void CVision_tone_device_destroy(CVision_ToneDevice *device) {
    if (device == nullptr) return;
    audio_object_close(device->audio);
    audio_object_destroy(device->audio);
    delete device;
}

CVision_Status CVision_tone_device_write(CVision_ToneDevice *device, const int16_t *samples, size_t count,
                                         char *message, size_t capacity) {
    if (int error = audio_object_write(device->audio, samples, count * sizeof(int16_t)); error != 0) {
        write_message(message, capacity, reason(device->audio, error));
        return CVision_ErrorSoundDevice;
    }
    return CVision_OK;
}

void CVision_tone_device_flush(CVision_ToneDevice *device) {
    // pcaudiolib's ALSA flush reopens the device, and ALSA may complain while it does.
    cvision::QuietStderr quiet;
    audio_object_flush(device->audio);
}

}  // extern "C"

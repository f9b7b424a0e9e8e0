// SPDX-License-Identifier: GPL-3.0-or-later
// speech-dispatcher through libspeechd: one threaded-mode connection per handle, and a
// count of the messages it sent that the server has not yet reported ended or cancelled.
#include "support/ShimSupport.hpp"

#include <libspeechd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <set>
#include <string>
#include <utility>

struct CVision_Speech {
    SPDConnection *connection = nullptr;
    /// The server's id for this client, which its notifications carry.
    size_t client = 0;
    /// This handle's place among the open ones, whose callback its connection calls.
    size_t slot = SIZE_MAX;
    std::mutex lock;
    std::condition_variable settled;
    /// Ids of messages sent and not yet ended or cancelled, guarded by `lock`.
    std::set<size_t> pending;
    /// Ids whose end arrived before spd_say returned them (a short message on an idle server).
    std::set<size_t> settled_early;
    /// Set once a call has failed: no notification will come any more.
    bool broken = false;

    /// Records that the server has ended or cancelled message `id`.
    void settle(size_t id) {
        {
            std::lock_guard<std::mutex> guard(lock);
            if (pending.erase(id) == 0) settled_early.insert(id);
        }
        settled.notify_all();
    }

    /// Whether the connection is gone: a call failed, or libspeechd's reader thread saw the
    /// server close the socket (0.11 then closes its stream and sets it to NULL, older versions
    /// also set the socket to -1, and the thread ends: no notification will come any more).
    bool is_broken() {
        if (__atomic_load_n(&connection->stream, __ATOMIC_ACQUIRE) == nullptr
            || __atomic_load_n(&connection->socket, __ATOMIC_ACQUIRE) < 0)
            return true;
        std::lock_guard<std::mutex> guard(lock);
        return broken;
    }

    void mark_broken() {
        {
            std::lock_guard<std::mutex> guard(lock);
            broken = true;
        }
        settled.notify_all();
    }
};

namespace {

/// libspeechd's callbacks carry no user pointer, only the client and message ids, and those
/// do not tell connections apart: every server numbers its clients and its messages from 1, so
/// two connections to two servers in one process (a test's, beside another test's) have the
/// same client id and send messages with the same ids, and one's ends would settle the other's.
/// So each open handle gets a slot of its own, and its connection a callback of its own that
/// knows the slot. Guarded by `registry_lock`.
constexpr size_t slot_count = 64;

std::mutex &registry_lock() {
    static std::mutex lock;
    return lock;
}

std::array<CVision_Speech *, slot_count> &slots() {
    static std::array<CVision_Speech *, slot_count> handles{};
    return handles;
}

/// Runs on the event thread of the connection in `Slot`, which also delivers replies: it must
/// never wait for one.
template <size_t Slot>
void message_settled(size_t message, size_t client, SPDNotificationType) {
    std::lock_guard<std::mutex> guard(registry_lock());
    CVision_Speech *speech = slots()[Slot];
    if (speech != nullptr && speech->client == client) speech->settle(message);
}

template <size_t... Slot>
constexpr std::array<SPDCallback, sizeof...(Slot)> slot_callbacks(std::index_sequence<Slot...>) {
    return {&message_settled<Slot>...};
}

constexpr std::array<SPDCallback, slot_count> callbacks = slot_callbacks(std::make_index_sequence<slot_count>{});

/// Where to connect: libspeechd's default, or the caller's "method:rest" string.
struct Address {
    SPDConnectionAddress value{};
    std::string socket, host;

    std::string describe() const {
        if (value.method == SPD_METHOD_INET_SOCKET) return host + " port " + std::to_string(value.inet_socket_port);
        return socket;
    }
};

/// Parses "unix_socket:/path" or "inet_socket:host[:port]"; false when it is neither.
bool parse_address(const std::string &text, Address &address) {
    const auto colon = text.find(':');
    const std::string method = text.substr(0, colon);
    const std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
    if (method == "unix_socket" && !rest.empty()) {
        address.value.method = SPD_METHOD_UNIX_SOCKET;
        address.socket = rest;
        return true;
    }
    if (method == "inet_socket" && !rest.empty()) {
        address.value.method = SPD_METHOD_INET_SOCKET;
        const auto port = rest.rfind(':');
        address.host = rest.substr(0, port);
        address.value.inet_socket_port = SPEECHD_DEFAULT_PORT;
        if (port != std::string::npos) {
            char *end = nullptr;
            const long number = std::strtol(rest.c_str() + port + 1, &end, 10);
            if (end == rest.c_str() + port + 1 || *end != '\0' || number <= 0 || number > 65535) return false;
            address.value.inet_socket_port = static_cast<int>(number);
        }
        return !address.host.empty();
    }
    return false;
}

/// libspeechd's default address (honouring $SPEECHD_ADDRESS), copied into `address`.
bool default_address(Address &address, std::string &problem) {
    char *error = nullptr;
    SPDConnectionAddress *found = spd_get_default_address(&error);
    if (found == nullptr) {
        problem = error != nullptr ? error : "no default address";
        std::free(error);
        return false;
    }
    address.value.method = found->method;
    address.value.inet_socket_port = found->inet_socket_port;
    if (found->unix_socket_name != nullptr) address.socket = found->unix_socket_name;
    if (found->inet_socket_host != nullptr) address.host = found->inet_socket_host;
    SPDConnectionAddress__free(found);
    return true;
}

/// A libspeechd setter's result (0 on success) as a status, with `refused` as the message.
CVision_Status setting_status(int result, const std::string &refused, char *message, size_t capacity) {
    if (result == 0) return CVision_OK;
    cvision::write_message(message, capacity, "Speech-dispatcher refused the " + refused + ".");
    return CVision_ErrorInternal;
}

}  // namespace

extern "C" {

int CVision_speech_start_server(const char *client_name) {
    try {
        Address address;
        std::string problem;
        if (!default_address(address, problem)) return 0;
        address.value.unix_socket_name = address.socket.empty() ? nullptr : address.socket.data();
        address.value.inet_socket_host = address.host.empty() ? nullptr : address.host.data();
        char *error = nullptr;
        cvision::NoSigpipe quiet;
        SPDConnection *connection = spd_open2(client_name, "start", nullptr, SPD_MODE_SINGLE, &address.value, 1, &error);
        std::free(error);
        if (connection == nullptr) return 0;
        spd_close(connection);
        return 1;
    } catch (...) {
        return 0;
    }
}

CVision_Status CVision_speech_create(const char *client_name, const char *address_text, int autospawn,
                                     CVision_Speech **out, char *message, size_t capacity) {
    *out = nullptr;
    try {
        Address address;
        std::string problem;
        if (address_text != nullptr) {
            if (!parse_address(address_text, address)) {
                cvision::write_message(message, capacity, std::string("The speech-dispatcher address '") + address_text
                                       + "' is not valid; use unix_socket:/path or inet_socket:host:port.");
                return CVision_ErrorInternal;
            }
        } else if (!default_address(address, problem)) {
            cvision::write_message(message, capacity, "The speech-dispatcher address in $SPEECHD_ADDRESS is not valid ("
                                   + problem + ").");
            return CVision_ErrorInternal;
        }
        address.value.unix_socket_name = address.socket.empty() ? nullptr : address.socket.data();
        address.value.inet_socket_host = address.host.empty() ? nullptr : address.host.data();

        char *error = nullptr;
        SPDConnection *connection = nullptr;
        {
            cvision::NoSigpipe quiet;
            connection = spd_open2(client_name, "main", nullptr, SPD_MODE_THREADED, &address.value,
                                   autospawn ? 1 : 0, &error);
        }
        if (connection == nullptr) {
            const std::string where = address.describe();
            cvision::write_message(message, capacity, autospawn
                ? "Speech-dispatcher is not running at " + where + " and could not be started."
                : "Speech-dispatcher is not running at " + where + ".");
            std::free(error);
            return CVision_ErrorInternal;
        }

        auto speech = std::make_unique<CVision_Speech>();
        speech->connection = connection;
        cvision::NoSigpipe quiet;
        const int client = spd_get_client_id(connection);
        if (client <= 0) {
            spd_close(connection);
            cvision::write_message(message, capacity, "Speech-dispatcher at " + address.describe()
                                   + " accepted the connection but did not answer.");
            return CVision_ErrorInternal;
        }
        speech->client = static_cast<size_t>(client);
        {
            std::lock_guard<std::mutex> guard(registry_lock());
            auto &handles = slots();
            const auto free = std::find(handles.begin(), handles.end(), nullptr);
            if (free != handles.end()) {
                *free = speech.get();
                speech->slot = static_cast<size_t>(free - handles.begin());
            }
        }
        if (speech->slot == SIZE_MAX) {
            spd_close(connection);
            cvision::write_message(message, capacity, "Too many speech-dispatcher connections in this process.");
            return CVision_ErrorInternal;
        }
        connection->callback_end = callbacks[speech->slot];
        connection->callback_cancel = callbacks[speech->slot];
        if (spd_set_notification_on(connection, static_cast<SPDNotification>(SPD_END | SPD_CANCEL)) != 0) {
            CVision_speech_destroy(speech.release());
            cvision::write_message(message, capacity, "Speech-dispatcher refused to report when speech ends.");
            return CVision_ErrorInternal;
        }
        *out = speech.release();
        return CVision_OK;
    } catch (const std::exception &error) {
        cvision::write_message(message, capacity, std::string("Speech-dispatcher could not be used: ") + error.what() + ".");
        return CVision_ErrorInternal;
    } catch (...) {
        cvision::write_message(message, capacity, "Speech-dispatcher could not be used.");
        return CVision_ErrorInternal;
    }
}

void CVision_speech_destroy(CVision_Speech *speech) {
    if (speech == nullptr) return;
    // spd_close joins the event thread, so no callback runs for this connection afterwards and
    // its slot can be given to another; the registry lock is not held here, as a running
    // callback takes it. A server that died leaves a socket whose writes would raise SIGPIPE.
    {
        cvision::NoSigpipe quiet;
        spd_close(speech->connection);
    }
    {
        std::lock_guard<std::mutex> guard(registry_lock());
        auto &handles = slots();
        if (speech->slot < handles.size() && handles[speech->slot] == speech) handles[speech->slot] = nullptr;
    }
    delete speech;
}

CVision_Status CVision_speech_say(CVision_Speech *speech, const char *text, CVision_SpeechPriority priority,
                                  size_t *message_id, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        *message_id = 0;
        SPDPriority level = SPD_TEXT;
        switch (priority) {
        case CVision_SpeechImportant: level = SPD_IMPORTANT; break;
        case CVision_SpeechMessage: level = SPD_MESSAGE; break;
        case CVision_SpeechText: level = SPD_TEXT; break;
        case CVision_SpeechNotification: level = SPD_NOTIFICATION; break;
        case CVision_SpeechProgress: level = SPD_PROGRESS; break;
        }
        int id = -1;
        {
            // Not under `lock`: the event thread settles messages under it while delivering the
            // reply spd_say waits for.
            cvision::NoSigpipe quiet;
            id = spd_say(speech->connection, level, text);
        }
        if (id < 0) {
            speech->mark_broken();
            cvision::write_message(message, capacity,
                                   "Speech-dispatcher refused the text, or the connection to it is gone.");
            return CVision_ErrorInternal;
        }
        std::lock_guard<std::mutex> guard(speech->lock);
        const size_t sent = static_cast<size_t>(id);
        if (speech->settled_early.erase(sent) == 0) speech->pending.insert(sent);
        *message_id = sent;
        return CVision_OK;
    });
}

CVision_Status CVision_speech_cancel(CVision_Speech *speech, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        cvision::NoSigpipe quiet;
        if (spd_cancel(speech->connection) == 0) return CVision_OK;
        cvision::write_message(message, capacity, "Speech-dispatcher did not cancel this program's speech.");
        return CVision_ErrorInternal;
    });
}

CVision_Status CVision_speech_set_rate(CVision_Speech *speech, int rate, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        const int clamped = std::clamp(rate, -100, 100);
        cvision::NoSigpipe quiet;
        return setting_status(spd_set_voice_rate(speech->connection, clamped), "rate " + std::to_string(clamped),
                              message, capacity);
    });
}

CVision_Status CVision_speech_set_language(CVision_Speech *speech, const char *language, char *message,
                                           size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        cvision::NoSigpipe quiet;
        return setting_status(spd_set_language(speech->connection, language),
                              std::string("language '") + language + "'", message, capacity);
    });
}

CVision_Status CVision_speech_set_punctuation_some(CVision_Speech *speech, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        cvision::NoSigpipe quiet;
        return setting_status(spd_set_punctuation(speech->connection, SPD_PUNCT_SOME), "punctuation level", message,
                              capacity);
    });
}

int CVision_speech_wait_until_done(CVision_Speech *speech, double timeout_seconds) {
    const auto deadline = std::chrono::steady_clock::now()
        + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(std::clamp(timeout_seconds, 0.0, 86400.0)));
    // A server that dies is seen by libspeechd's reader, which tells no one: look every 100 ms.
    const auto slice = std::chrono::milliseconds(100);
    while (!speech->is_broken()) {
        std::unique_lock<std::mutex> guard(speech->lock);
        const auto now = std::chrono::steady_clock::now();
        if (speech->pending.empty() || now >= deadline) break;
        speech->settled.wait_until(guard, std::min(deadline, now + slice));
    }
    std::lock_guard<std::mutex> guard(speech->lock);
    return static_cast<int>(speech->pending.size());
}

int CVision_speech_is_connected(CVision_Speech *speech) {
    return speech->is_broken() ? 0 : 1;
}

int CVision_speech_is_unfinished(CVision_Speech *speech, size_t message_id) {
    std::lock_guard<std::mutex> guard(speech->lock);
    return speech->pending.count(message_id) > 0 ? 1 : 0;
}

}  // extern "C"

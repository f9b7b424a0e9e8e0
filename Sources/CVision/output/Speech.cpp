// SPDX-License-Identifier: GPL-3.0-or-later
// speech-dispatcher through libspeechd: one threaded-mode connection per handle, and a
// count of the messages it sent that the server has not yet reported ended or cancelled. Every
// call has a time limit (SpeechTimeLimit.hpp): a server that hangs fails the call, not the caller.
#include "output/SpeechTimeLimit.hpp"
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
#include <cstring>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <set>
#include <string>
#include <unistd.h>
#include <utility>

using cvision::speech::Address;
using cvision::speech::CallWatchdog;
using cvision::speech::Clock;

struct CVision_Speech {
    SPDConnection *connection = nullptr;
    /// Ends calls the server does not answer in time.
    std::unique_ptr<CallWatchdog> watchdog;
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
            || __atomic_load_n(&connection->socket, __ATOMIC_ACQUIRE) < 0 || watchdog->expired())
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

    /// Runs a libspeechd call on the connection under the time limit, without SIGPIPE.
    template <typename Call>
    auto call(Call body) -> decltype(body()) {
        cvision::NoSigpipe quiet;
        return watchdog->run(body);
    }

    /// A failed call's status: CVision_ErrorNoAnswer when it failed for being late.
    CVision_Status failed() {
        return watchdog->expired() ? CVision_ErrorNoAnswer : CVision_ErrorInternal;
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

/// The sentence for a server that did not answer within `seconds`.
std::string no_answer(const Address &address, int seconds) {
    return "Speech-dispatcher at " + address.describe() + " did not answer within " + std::to_string(seconds)
        + " seconds.";
}

/// A libspeechd setter's result (0 on success) as a status, with `refused` as the message.
CVision_Status setting_status(CVision_Speech *speech, int result, const std::string &refused, char *message,
                              size_t capacity) {
    if (result == 0) return CVision_OK;
    if (speech->watchdog->expired()) {
        cvision::write_message(message, capacity, "Speech-dispatcher did not answer within "
                               + std::to_string(CVISION_SPEECH_ANSWER_SECONDS) + " seconds.");
        return CVision_ErrorNoAnswer;
    }
    cvision::write_message(message, capacity, "Speech-dispatcher refused the " + refused + ".");
    return CVision_ErrorInternal;
}

/// This client's id as the server gives it ("240-ID" then "240 OK CLIENT ID SENT"), or -1.
/// Not libspeechd's spd_get_client_id, which takes no lock and reads a reply that is missing
/// when the connection broke.
int client_id(SPDConnection *connection) {
    char *reply = spd_send_data(connection, "HISTORY GET CLIENT_ID\r\n", SPD_WAIT_REPLY);
    if (reply == nullptr) return -1;
    int id = -1;
    if (std::strlen(reply) > 4 && reply[3] == '-') {
        char *end = nullptr;
        const long number = std::strtol(reply + 4, &end, 10);
        if (end != reply + 4 && (*end == '\r' || *end == '\n') && number > 0 && number < INT32_MAX)
            id = static_cast<int>(number);
    }
    std::free(reply);
    return id;
}

/// The server CVision_speech_start_server last found silent, and when: the run's next
/// connection to it fails at once instead of waiting for it a second time. Guarded by its lock.
struct SilentVerdict {
    std::mutex lock;
    std::string address;
    Clock::time_point when{};
};

SilentVerdict &silent_verdict() {
    static SilentVerdict verdict;
    return verdict;
}

/// Takes the verdict on `address` if one is fresh (it holds for one connection only).
bool take_silent_verdict(const Address &address) {
    auto &verdict = silent_verdict();
    std::lock_guard<std::mutex> guard(verdict.lock);
    const bool fresh = !verdict.address.empty() && verdict.address == address.describe()
        && Clock::now() - verdict.when < std::chrono::seconds(60);
    verdict.address.clear();
    return fresh;
}

/// Asks the server something it answers at once, even while it speaks: false when it did not.
bool answers(CVision_Speech *speech) {
    return speech->call([&] { return client_id(speech->connection); }) > 0;
}

}  // namespace

extern "C" {

int CVision_speech_start_server(const char *client_name) {
    try {
        Address address;
        std::string problem;
        if (!default_address(address, problem)) return 0;
        // A server that runs is only asked whether it answers: no connection of libspeechd's is
        // opened (and none is left waiting on one that hangs).
        switch (cvision::speech::probe(address, Clock::now() + cvision::speech::duration(CVISION_SPEECH_ANSWER_SECONDS))) {
        case cvision::speech::Probe::answered: return 1;
        case cvision::speech::Probe::silent: {
            auto &verdict = silent_verdict();
            std::lock_guard<std::mutex> guard(verdict.lock);
            verdict.address = address.describe();
            verdict.when = Clock::now();
            return 0;
        }
        case cvision::speech::Probe::nothing_listens: break;
        }
        if (cvision::speech::start_in_flight()) return 0;
        const auto opened = cvision::speech::open_within(client_name, "start", SPD_MODE_SINGLE, address, true,
            Clock::now() + cvision::speech::duration(CVISION_SPEECH_START_SECONDS));
        if (opened.connection == nullptr) return 0;
        cvision::NoSigpipe quiet;
        spd_close(opened.connection);
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
        // Asked first, with a deadline: libspeechd would wait for an answer for ever. Not a
        // second time when CVision_speech_start_server has just waited for it in vain.
        if (take_silent_verdict(address)) {
            cvision::write_message(message, capacity, no_answer(address, CVISION_SPEECH_ANSWER_SECONDS));
            return CVision_ErrorNoAnswer;
        }
        bool spawn = false;
        switch (cvision::speech::probe(address, Clock::now() + cvision::speech::duration(CVISION_SPEECH_ANSWER_SECONDS))) {
        case cvision::speech::Probe::answered: break;
        case cvision::speech::Probe::silent:
            cvision::write_message(message, capacity, no_answer(address, CVISION_SPEECH_ANSWER_SECONDS));
            return CVision_ErrorNoAnswer;
        case cvision::speech::Probe::nothing_listens:
            // A start already under way (and late) is not joined by another.
            spawn = autospawn != 0 && !cvision::speech::start_in_flight();
            if (!spawn) {
                cvision::write_message(message, capacity, autospawn
                    ? "Speech-dispatcher is not running at " + address.describe() + " and could not be started."
                    : "Speech-dispatcher is not running at " + address.describe() + ".");
                return CVision_ErrorInternal;
            }
            break;
        }
        const int limit = spawn ? CVISION_SPEECH_START_SECONDS : CVISION_SPEECH_ANSWER_SECONDS;
        const auto opened = cvision::speech::open_within(client_name, "main", SPD_MODE_THREADED, address, spawn,
                                                         Clock::now() + cvision::speech::duration(limit));
        if (opened.late) {
            cvision::write_message(message, capacity, no_answer(address, limit));
            return CVision_ErrorNoAnswer;
        }
        SPDConnection *connection = opened.connection;
        if (connection == nullptr) {
            const std::string where = address.describe();
            cvision::write_message(message, capacity, spawn
                ? "Speech-dispatcher is not running at " + where + " and could not be started."
                : "Speech-dispatcher is not running at " + where + ".");
            return CVision_ErrorInternal;
        }

        auto speech = std::make_unique<CVision_Speech>();
        speech->connection = connection;
        // The watchdog's own descriptor for the socket: libspeechd closes its one when the
        // connection breaks, and the number could then name another file.
        const int watched = ::dup(connection->socket);
        if (watched < 0) {
            cvision::NoSigpipe quiet;
            spd_close(connection);
            cvision::write_message(message, capacity, "Speech-dispatcher could not be used: no file descriptor left.");
            return CVision_ErrorInternal;
        }
        speech->watchdog = std::make_unique<CallWatchdog>(watched, cvision::speech::duration(CVISION_SPEECH_ANSWER_SECONDS));
        const int client = speech->call([&] { return client_id(connection); });
        if (client <= 0) {
            const CVision_Status status = speech->failed();
            CVision_speech_destroy(speech.release());
            cvision::write_message(message, capacity, status == CVision_ErrorNoAnswer
                ? no_answer(address, CVISION_SPEECH_ANSWER_SECONDS)
                : "Speech-dispatcher at " + address.describe() + " accepted the connection but did not answer.");
            return status;
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
            CVision_speech_destroy(speech.release());
            cvision::write_message(message, capacity, "Too many speech-dispatcher connections in this process.");
            return CVision_ErrorInternal;
        }
        connection->callback_end = callbacks[speech->slot];
        connection->callback_cancel = callbacks[speech->slot];
        if (speech->call([&] { return spd_set_notification_on(connection, static_cast<SPDNotification>(SPD_END | SPD_CANCEL)); })
            != 0) {
            const CVision_Status status = speech->failed();
            CVision_speech_destroy(speech.release());
            cvision::write_message(message, capacity, status == CVision_ErrorNoAnswer
                ? no_answer(address, CVISION_SPEECH_ANSWER_SECONDS) : "Speech-dispatcher refused to report when speech ends.");
            return status;
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
    // A call still waiting in libspeechd holds the connection's lock, which spd_close would wait
    // for: the handle is then left as it is (a leak, not a hang), its callbacks disconnected.
    if (speech->watchdog->busy()) {
        std::lock_guard<std::mutex> guard(registry_lock());
        auto &handles = slots();
        if (speech->slot < handles.size() && handles[speech->slot] == speech) handles[speech->slot] = nullptr;
        return;
    }
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
        // Not under `lock`: the event thread settles messages under it while delivering the
        // reply spd_say waits for.
        id = speech->call([&] { return spd_say(speech->connection, level, text); });
        if (id < 0) {
            speech->mark_broken();
            const CVision_Status status = speech->failed();
            cvision::write_message(message, capacity, status == CVision_ErrorNoAnswer
                ? "Speech-dispatcher did not answer within " + std::to_string(CVISION_SPEECH_ANSWER_SECONDS) + " seconds."
                : std::string("Speech-dispatcher refused the text, or the connection to it is gone."));
            return status;
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
        if (speech->call([&] { return spd_cancel(speech->connection); }) == 0) return CVision_OK;
        cvision::write_message(message, capacity, "Speech-dispatcher did not cancel this program's speech.");
        return speech->failed();
    });
}

CVision_Status CVision_speech_set_rate(CVision_Speech *speech, int rate, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        const int clamped = std::clamp(rate, -100, 100);
        return setting_status(speech, speech->call([&] { return spd_set_voice_rate(speech->connection, clamped); }),
                              "rate " + std::to_string(clamped), message, capacity);
    });
}

CVision_Status CVision_speech_set_language(CVision_Speech *speech, const char *language, char *message,
                                           size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        return setting_status(speech, speech->call([&] { return spd_set_language(speech->connection, language); }),
                              std::string("language '") + language + "'", message, capacity);
    });
}

CVision_Status CVision_speech_set_punctuation_some(CVision_Speech *speech, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        return setting_status(speech, speech->call([&] { return spd_set_punctuation(speech->connection, SPD_PUNCT_SOME); }),
                              "punctuation level", message, capacity);
    });
}

int CVision_speech_wait_until_done(CVision_Speech *speech, double timeout_seconds) {
    const auto deadline = std::chrono::steady_clock::now()
        + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(std::clamp(timeout_seconds, 0.0, 86400.0)));
    // A server that dies is seen by libspeechd's reader, which tells no one: look every 100 ms.
    const auto slice = std::chrono::milliseconds(100);
    // A server that hangs tells nothing either: while nothing ends for as long as an answer
    // may take, it is asked whether it still answers.
    const auto quiet_limit = cvision::speech::duration(CVISION_SPEECH_ANSWER_SECONDS);
    auto quiet_since = std::chrono::steady_clock::now();
    size_t last_pending = SIZE_MAX;
    while (!speech->is_broken()) {
        std::unique_lock<std::mutex> guard(speech->lock);
        const auto now = std::chrono::steady_clock::now();
        if (speech->pending.empty() || now >= deadline) break;
        if (speech->pending.size() != last_pending) {
            last_pending = speech->pending.size();
            quiet_since = now;
        } else if (now - quiet_since >= quiet_limit) {
            guard.unlock();
            if (!answers(speech)) {
                speech->mark_broken();
                break;
            }
            quiet_since = std::chrono::steady_clock::now();
            continue;
        }
        speech->settled.wait_until(guard, std::min(deadline, now + slice));
    }
    std::lock_guard<std::mutex> guard(speech->lock);
    return static_cast<int>(speech->pending.size());
}

int CVision_speech_check_answers(CVision_Speech *speech) {
    try {
        if (speech->is_broken()) return 0;
        if (answers(speech)) return 1;
        speech->mark_broken();
        return 0;
    } catch (...) {
        speech->mark_broken();
        return 0;
    }
}

int CVision_speech_is_connected(CVision_Speech *speech) {
    return speech->is_broken() ? 0 : 1;
}

int CVision_speech_is_unfinished(CVision_Speech *speech, size_t message_id) {
    std::lock_guard<std::mutex> guard(speech->lock);
    return speech->pending.count(message_id) > 0 ? 1 : 0;
}

}  // extern "C"

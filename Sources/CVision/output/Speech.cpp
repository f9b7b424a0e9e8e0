// SPDX-License-Identifier: GPL-3.0-or-later
// speech-dispatcher through sensecam's own SSIP client (SSIPConnection.hpp): one connection per
// handle, and the messages it sent that the server has not yet reported ended or cancelled.
// Every request has a time limit, and every reply is checked: a server that hangs, dies or
// answers what is not SSIP fails the call and breaks the connection, never the process.
#include "output/SSIPConnection.hpp"
#include "output/SpeechServerStart.hpp"
#include "support/ShimSupport.hpp"

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

using cvision::ssip::Address;
using cvision::ssip::Clock;
using cvision::ssip::Connection;
using cvision::ssip::Reply;

struct CVision_Speech {
    std::unique_ptr<Connection> connection;
    /// The server's id for this client, which its notifications carry.
    std::atomic<size_t> client{0};
    std::mutex lock;
    std::condition_variable settled;
    /// Ids of messages sent and not yet ended or cancelled, guarded by `lock`.
    std::set<size_t> pending;
    /// Ids whose end arrived before the reply that gave the id (a short message on an idle server).
    std::set<size_t> settled_early;
    /// Set once a call has failed: no notification will come any more.
    bool broken = false;

    /// The connection goes first: its reader thread calls `notified`, which uses the rest.
    ~CVision_Speech() { connection.reset(); }

    /// Records that the server has ended or cancelled message `id`.
    void settle(size_t id) {
        {
            std::lock_guard<std::mutex> guard(lock);
            if (pending.erase(id) == 0) settled_early.insert(id);
        }
        settled.notify_all();
    }

    /// A notification from the reader thread: "702-MSG", "702-CLIENT", "702 END" (703 is a cancel).
    void notified(const Reply &event) {
        if (event.code != 702 && event.code != 703) return;
        const size_t message = event.number(0), from = event.number(1);
        if (message != 0 && from == client.load()) settle(message);
    }

    bool is_broken() {
        if (connection->broken()) return true;
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

const auto answer_limit = cvision::ssip::duration(CVISION_SPEECH_ANSWER_SECONDS);

/// What one request came to, as a status: OK for a success; CVision_ErrorNoAnswer when the
/// server was late or answered what is not SSIP (the connection is then gone, as for a server
/// that hangs); CVision_ErrorInternal for a refusal, or a connection that was already gone.
CVision_Status status_of(const Connection::Answer &answer) {
    switch (answer.outcome) {
    case Connection::Outcome::answered: return answer.reply.is_success() ? CVision_OK : CVision_ErrorInternal;
    case Connection::Outcome::late: return CVision_ErrorNoAnswer;
    case Connection::Outcome::broken: return CVision_ErrorNoAnswer;
    }
    return CVision_ErrorInternal;
}

/// Makes one request under the connection's session lock.
Connection::Answer ask(CVision_Speech *speech, const std::string &command) {
    std::lock_guard<std::mutex> session(speech->connection->session());
    return speech->connection->request(command + "\r\n", answer_limit);
}

/// A setter's status; the caller, which knows what it asked for, words a refusal.
CVision_Status setting(CVision_Speech *speech, const std::string &command, char *message, size_t capacity) {
    const auto answer = ask(speech, command);
    const CVision_Status status = status_of(answer);
    if (status == CVision_ErrorNoAnswer) {
        speech->mark_broken();
        cvision::write_message(message, capacity, speech->connection->problem());
    }
    return status == CVision_ErrorInternal ? CVision_ErrorRefused : status;
}

/// Asks the server something it answers at once, even while it speaks: false when it did not.
bool answers(CVision_Speech *speech) {
    const auto answer = ask(speech, "HISTORY GET CLIENT_ID");
    return answer.outcome == Connection::Outcome::answered && answer.reply.is_success() && answer.reply.number(0) > 0;
}

/// The user's login name, for the client name the server shows ("user:sensecam:main").
std::string user_name() {
    std::vector<char> buffer(16384);
    passwd entry{};
    passwd *found = nullptr;
    if (::getpwuid_r(::getuid(), &entry, buffer.data(), buffer.size(), &found) == 0 && found != nullptr
        && found->pw_name != nullptr)
        return found->pw_name;
    return "unknown";
}

/// Keeps a client name to what a quoted SSIP parameter can hold.
std::string quotable(const std::string &text) {
    std::string out;
    for (const char c : text)
        if (c != '"' && c != '\r' && c != '\n' && c != ':') out.push_back(c);
    return out;
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

const char *priority_name(CVision_SpeechPriority priority) {
    switch (priority) {
    case CVision_SpeechImportant: return "important";
    case CVision_SpeechMessage: return "message";
    case CVision_SpeechText: return "text";
    case CVision_SpeechNotification: return "notification";
    case CVision_SpeechProgress: return "progress";
    }
    return "text";
}

}  // namespace

extern "C" {

int CVision_speech_start_server(const char *) {
    try {
        Address address;
        std::string problem;
        if (!cvision::ssip::default_address(address, problem)) return 0;
        switch (cvision::ssip::probe(address, Clock::now() + answer_limit)) {
        case cvision::ssip::Probe::answered: return 1;
        case cvision::ssip::Probe::silent: {
            auto &verdict = silent_verdict();
            std::lock_guard<std::mutex> guard(verdict.lock);
            verdict.address = address.describe();
            verdict.when = Clock::now();
            return 0;
        }
        case cvision::ssip::Probe::nothing_listens: break;
        }
        const auto deadline = Clock::now() + cvision::ssip::duration(CVISION_SPEECH_START_SECONDS);
        if (!cvision::ssip::start_server(address, deadline)) return 0;
        return cvision::ssip::probe(address, deadline) == cvision::ssip::Probe::answered ? 1 : 0;
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
            if (!cvision::ssip::parse_address(address_text, address)) return CVision_ErrorBadAddress;
        } else if (!cvision::ssip::default_address(address, problem)) {
            cvision::write_message(message, capacity, problem);
            return CVision_ErrorBadAddress;
        }
        const std::string where = address.describe();
        // Not asked a second time when CVision_speech_start_server has just waited for it in vain.
        if (take_silent_verdict(address)) {
            cvision::write_message(message, capacity, where);
            return CVision_ErrorNoAnswer;
        }
        cvision::ssip::Reach reach;
        int socket = cvision::ssip::connect_socket(address, Clock::now() + answer_limit, reach);
        int limit = CVISION_SPEECH_ANSWER_SECONDS;
        if (socket < 0 && reach == cvision::ssip::Reach::nothing_listens && autospawn != 0) {
            limit = CVISION_SPEECH_START_SECONDS;
            const auto deadline = Clock::now() + cvision::ssip::duration(limit);
            if (cvision::ssip::start_server(address, deadline)) socket = cvision::ssip::connect_socket(address, deadline, reach);
        }
        // Where it looked, as a developer's detail: the caller words the status.
        if (socket < 0) {
            cvision::write_message(message, capacity, where);
            return reach == cvision::ssip::Reach::silent ? CVision_ErrorNoAnswer : CVision_ErrorNotRunning;
        }

        auto speech = std::make_unique<CVision_Speech>();
        CVision_Speech *handle = speech.get();
        speech->connection = std::make_unique<Connection>(socket, [handle](const Reply &event) { handle->notified(event); });
        // A server that takes the connection and does not answer, or answers what is not SSIP,
        // is one that does not answer: the caller speaks elsewhere, as for one that hangs.
        // A refusal the server answered is CVision_ErrorRefused; the connection's own problem
        // (late, not SSIP, closed) is a developer's detail.
        auto refuse = [&](const Connection::Answer &answer) {
            const CVision_Status status = status_of(answer);
            if (status == CVision_ErrorNoAnswer) {
                cvision::write_message(message, capacity, speech->connection->problem());
                return status;
            }
            return CVision_ErrorRefused;
        };
        const auto named = ask(handle, "SET SELF CLIENT_NAME \"" + quotable(user_name()) + ":" + quotable(client_name) + ":main\"");
        // A refusal of the name is no reason not to speak (libspeechd ignored it too).
        if (named.outcome != Connection::Outcome::answered) return refuse(named);
        const auto id = ask(handle, "HISTORY GET CLIENT_ID");
        if (status_of(id) != CVision_OK || id.reply.number(0) == 0)
            return refuse(id);
        speech->client = id.reply.number(0);
        // Every notification, as libspeechd asked for them: only ends and cancels are used, but
        // with begins on the server also logs when each message starts being said.
        const auto on = ask(handle, "SET SELF NOTIFICATION all on");
        if (status_of(on) != CVision_OK) return refuse(on);
        *out = speech.release();
        return CVision_OK;
    } catch (const std::exception &error) {
        cvision::write_message(message, capacity, error.what());
        return CVision_ErrorInternal;
    } catch (...) {
        return CVision_ErrorInternal;
    }
}

void CVision_speech_destroy(CVision_Speech *speech) {
    // The connection shuts its socket down first, which ends a request still waiting, then
    // waits for its reader: no notification comes for this handle afterwards. What was queued
    // on the server is still said.
    delete speech;
}

CVision_Status CVision_speech_say(CVision_Speech *speech, const char *text, CVision_SpeechPriority priority,
                                  size_t *message_id, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        *message_id = 0;
        Connection::Answer answer;
        {
            std::lock_guard<std::mutex> session(speech->connection->session());
            Connection &connection = *speech->connection;
            answer = connection.request(std::string("SET SELF PRIORITY ") + priority_name(priority) + "\r\n", answer_limit);
            if (status_of(answer) == CVision_OK) {
                answer = connection.request("SPEAK\r\n", answer_limit);
                // 230 OK RECEIVING DATA; anything else, a refusal included, sends no text.
                if (status_of(answer) == CVision_OK && answer.reply.code != 230) answer.reply.code = 500;
            }
            if (status_of(answer) == CVision_OK) answer = connection.request(cvision::ssip::speak_data(text), answer_limit);
        }
        const size_t sent = answer.reply.number(0);
        if (status_of(answer) != CVision_OK || sent == 0) {
            speech->mark_broken();
            const bool late = answer.outcome == Connection::Outcome::late;
            cvision::write_message(message, capacity, speech->connection->problem());
            return late ? CVision_ErrorNoAnswer : CVision_ErrorInternal;
        }
        std::lock_guard<std::mutex> guard(speech->lock);
        if (speech->settled_early.erase(sent) == 0) speech->pending.insert(sent);
        *message_id = sent;
        return CVision_OK;
    });
}

CVision_Status CVision_speech_cancel(CVision_Speech *speech, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        const auto answer = ask(speech, "CANCEL SELF");
        const CVision_Status status = status_of(answer);
        if (status == CVision_OK) return CVision_OK;
        if (status == CVision_ErrorNoAnswer) speech->mark_broken();
        return status;
    });
}

CVision_Status CVision_speech_set_rate(CVision_Speech *speech, int rate, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        const int clamped = std::clamp(rate, -100, 100);
        return setting(speech, "SET SELF RATE " + std::to_string(clamped), message, capacity);
    });
}

CVision_Status CVision_speech_set_language(CVision_Speech *speech, const char *language, char *message,
                                           size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        std::string code = language;
        // One word of letters, digits and dashes: anything else would be a second command.
        const bool plain = !code.empty() && code.size() <= 35
            && std::all_of(code.begin(), code.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; });
        if (!plain) return CVision_ErrorRefused;
        return setting(speech, "SET SELF LANGUAGE " + code, message, capacity);
    });
}

CVision_Status CVision_speech_set_punctuation_some(CVision_Speech *speech, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        return setting(speech, "SET SELF PUNCTUATION some", message, capacity);
    });
}

int CVision_speech_wait_until_done(CVision_Speech *speech, double timeout_seconds) {
    const auto deadline = Clock::now() + cvision::ssip::duration(std::clamp(timeout_seconds, 0.0, 86400.0));
    // A server that dies is seen by the reader, which wakes no one: look every 100 ms.
    const auto slice = std::chrono::milliseconds(100);
    // A server that hangs tells nothing either: while nothing ends for as long as an answer
    // may take, it is asked whether it still answers.
    auto quiet_since = Clock::now();
    size_t last_pending = SIZE_MAX;
    while (!speech->is_broken()) {
        std::unique_lock<std::mutex> guard(speech->lock);
        const auto now = Clock::now();
        if (speech->pending.empty() || now >= deadline) break;
        if (speech->pending.size() != last_pending) {
            last_pending = speech->pending.size();
            quiet_since = now;
        } else if (now - quiet_since >= answer_limit) {
            guard.unlock();
            if (!answers(speech)) {
                speech->mark_broken();
                break;
            }
            quiet_since = Clock::now();
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

// SPDX-License-Identifier: GPL-3.0-or-later
// Time limits on speech-dispatcher. libspeechd waits for every answer without one, so a server
// that takes connections but never answers (one that hung opening its sound device) would block
// its caller forever. Three guards: a probe of our own asks first, with a deadline; opening
// runs on a thread that is left behind when it is late; and on an open connection a watchdog
// shuts the socket down under a late call, so that libspeechd's reader sees the connection
// end and the call fails.
#pragma once

#include <libspeechd.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <string>
#include <thread>

namespace cvision::speech {

using Clock = std::chrono::steady_clock;

/// `seconds` as a clock duration.
Clock::duration duration(double seconds);

/// Where to connect: libspeechd's default, or the caller's "method:rest" string.
struct Address {
    SPDConnectionAddress value{};
    std::string socket, host;

    std::string describe() const;
    /// `value`, pointing at this address's own strings.
    SPDConnectionAddress view();
};

enum class Probe {
    /// A server answered a request.
    answered,
    /// Nothing listens there (or the address cannot be reached at all).
    nothing_listens,
    /// Something took the connection and did not answer by the deadline, or closed it unanswered.
    silent,
};

/// Connects to `address` itself (never starting a server) and asks for this client's id, which
/// any speech-dispatcher answers at once: whether one answers before `deadline`.
Probe probe(const Address &address, Clock::time_point deadline);

/// What `open_within` got.
struct Opened {
    /// Nil when libspeechd failed, or when it was late.
    SPDConnection *connection = nullptr;
    /// It had not returned by the deadline; its thread is left behind, and closes what it
    /// opens should the server answer after all.
    bool late = false;
};

/// spd_open2 on a thread of its own, waited for until `deadline`.
Opened open_within(const char *client_name, const char *connection_name, SPDConnectionMode mode,
                   const Address &address, bool autospawn, Clock::time_point deadline);

/// Whether a server started by a late `open_within` may still be starting: another start
/// would only pile up behind it.
bool start_in_flight();

/// Ends calls on one open connection that wait longer than `limit` for the server: the socket
/// (its own duplicate of the connection's, so never a descriptor reused by someone else) is
/// shut down, which ends libspeechd's reader and makes the waiting call fail. Calls may come
/// from several threads at once.
class CallWatchdog {
public:
    /// Takes ownership of `socket`.
    CallWatchdog(int socket, Clock::duration limit);
    ~CallWatchdog();
    CallWatchdog(const CallWatchdog &) = delete;
    CallWatchdog &operator=(const CallWatchdog &) = delete;

    /// Runs `call`, a libspeechd call on the connection, under the limit.
    template <typename Call>
    auto run(Call call) -> decltype(call()) {
        const auto entry = begin();
        auto result = call();
        end(entry);
        return result;
    }

    /// A call was late: the connection is shut down.
    bool expired();
    /// A call is under way: closing the connection would wait for it.
    bool busy();

private:
    std::multiset<Clock::time_point>::iterator begin();
    void end(std::multiset<Clock::time_point>::iterator entry);
    void watch();

    int socket_;
    Clock::duration limit_;
    std::mutex lock_;
    std::condition_variable wake_;
    /// When each call under way is due, guarded by `lock_`.
    std::multiset<Clock::time_point> deadlines_;
    bool expired_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace cvision::speech

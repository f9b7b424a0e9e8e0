// SPDX-License-Identifier: GPL-3.0-or-later
// sensecam's own SSIP client: one socket to speech-dispatcher, a reader thread that splits what
// the server sends into replies and events (SSIPReplies.hpp), and requests that wait for their
// reply for a limited time. A server that hangs, dies, or answers anything that is not SSIP
// breaks the connection, and nothing else: the caller then speaks elsewhere. (libspeechd, used
// before, exits the whole process on a reply it does not expect, and waits for ever on one
// that does not come.)
#pragma once

#include "output/SSIPReplies.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace cvision::ssip {

using Clock = std::chrono::steady_clock;

/// `seconds` as a clock duration.
Clock::duration duration(double seconds);

/// Where a server listens: a Unix socket's path, or a host and TCP port.
struct Address {
    bool inet = false;
    std::string socket, host;
    int port = 6560;

    std::string describe() const;
};

/// Parses "unix_socket:/path" or "inet_socket:host[:port]"; false when it is neither.
bool parse_address(const std::string &text, Address &address);

/// The default address as libspeechd has it: $SPEECHD_ADDRESS when set (a bare "unix_socket"
/// or "inet_socket" meaning that method's default), else speechd.sock in
/// $XDG_RUNTIME_DIR/speech-dispatcher. False, with `problem`, when $SPEECHD_ADDRESS is not valid.
bool default_address(Address &address, std::string &problem);

enum class Reach {
    /// A socket is connected.
    connected,
    /// Nothing listens there (or the address cannot be reached at all).
    nothing_listens,
    /// Something listens but did not take the connection by the deadline.
    silent,
};

/// Connects a non-blocking, close-on-exec socket to `address` by `deadline`; -1 unless `reach`
/// is `connected`.
int connect_socket(const Address &address, Clock::time_point deadline, Reach &reach);

enum class Probe {
    /// A server answered a request.
    answered,
    /// Nothing listens there.
    nothing_listens,
    /// Something took the connection and did not answer by the deadline, closed it, or
    /// answered what is not SSIP.
    silent,
};

/// Connects to `address` (never starting a server) and asks for this client's id, which any
/// speech-dispatcher answers at once: whether one answers before `deadline`.
Probe probe(const Address &address, Clock::time_point deadline);

/// One open connection. Requests are made one at a time: a caller holds `session()` for the
/// whole of a request, or of several that belong together (SPEAK and its text).
class Connection {
public:
    /// Called on the reader thread for each event notification; it must never make a request.
    using EventHandler = std::function<void(const Reply &)>;

    /// Takes ownership of `socket` (connected, non-blocking) and starts reading it.
    Connection(int socket, EventHandler events);
    /// Shuts the socket down, waits for the reader thread, and closes it.
    ~Connection();
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    enum class Outcome {
        /// `reply` holds the server's whole reply (a success or a refusal).
        answered,
        /// No reply within the limit: the connection is now broken.
        late,
        /// The connection broke (the server closed it, or sent what is not SSIP), before or meanwhile.
        broken,
    };
    struct Answer {
        Outcome outcome = Outcome::broken;
        Reply reply;
    };

    std::mutex &session() { return session_; }

    /// Sends `bytes` (one or more CR-LF lines) and waits up to `limit` for the reply. The
    /// caller holds `session()`.
    Answer request(const std::string &bytes, Clock::duration limit);

    /// Whether the connection is gone (never blocks).
    bool broken();
    /// Why it broke, for the log of a caller; empty while it has not.
    std::string problem();

private:
    void read_loop();
    void give_up(const std::string &why);

    int socket_;
    EventHandler events_;
    std::mutex session_;
    std::mutex lock_;
    std::condition_variable replied_;
    /// Guarded by `lock_`: a request is waiting for its reply; the replies read for it.
    bool waiting_ = false;
    std::deque<Reply> replies_;
    bool broken_ = false;
    std::string problem_;
    std::thread reader_;
};

}  // namespace cvision::ssip

// SPDX-License-Identifier: GPL-3.0-or-later
// speech-dispatcher's replies (SSIP), read from the bytes a server sends: CR-LF lines "NNN-text"
// that continue a reply and "NNN text" that end it, and event notifications (codes 7xx) that
// may come between replies, or between the lines of one. Anything else is a protocol error:
// the connection is then given up, never the process. Memory is bounded: a line and a reply
// have a limit, going past one is a protocol error too, and whole replies are only as many as
// the bytes fed at once hold (the connection takes them after each read).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace cvision::ssip {

/// One whole reply or event: its code and the text of each line (without code, separator
/// and line end).
struct Reply {
    int code = 0;
    std::vector<std::string> lines;

    /// An event notification (700 index mark … 705 resume), not the answer to a request.
    bool is_event() const { return code >= 700 && code < 800; }
    /// A request's success (1xx, 2xx); 3xx, 4xx and 5xx are refusals.
    bool is_success() const { return code >= 100 && code < 300; }
    /// Line `index` as a positive number (a message or client id), or 0 when it is not one.
    size_t number(size_t index) const;
};

/// The longest line a server may send: speech-dispatcher's longest are a few hundred bytes.
constexpr size_t max_line_bytes = 4096;
/// The most lines in one reply (an index-mark event has four).
constexpr size_t max_reply_lines = 64;

/// Splits the bytes a server sends into whole replies and events, in order of their last line.
class ReplyReader {
public:
    /// Takes `count` more bytes. False once the stream has broken the protocol (see `problem`):
    /// then nothing more is taken, and what was read before stays in `take`.
    bool feed(const char *bytes, size_t count);
    /// The replies and events completed so far, oldest first; they are handed over once.
    std::vector<Reply> take();
    /// Why the stream broke the protocol; empty while it has not.
    const std::string &problem() const { return problem_; }
    /// Whether a reply has begun (some of its lines came) and not ended: the stream ending now
    /// cut it short.
    bool in_reply() const { return !reply_.lines.empty() || !partial_.empty(); }

private:
    bool line(std::string text);
    bool fail(const std::string &why);

    std::string partial_;
    Reply reply_;
    Reply event_;
    std::vector<Reply> done_;
    std::string problem_;
};

/// `text` as SSIP data after SPEAK: a "." that begins the text or follows CR-LF is doubled (so
/// no line of it reads as the end; the server un-doubles exactly those), and the end of data
/// ("\r\n.\r\n") follows.
std::string speak_data(const std::string &text);

}  // namespace cvision::ssip

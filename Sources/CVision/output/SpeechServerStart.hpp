// SPDX-License-Identifier: GPL-3.0-or-later
// Starting speech-dispatcher when none runs, as libspeechd's autospawn did, but confined: the
// server (and every module it runs) gets the sandbox's network rule, so it cannot open a TCP
// or UDP socket, only local ones (its own socket, the sound server's).
#pragma once

#include "output/SSIPConnection.hpp"

namespace cvision::ssip {

/// Runs "speech-dispatcher --spawn --communication-method unix_socket --socket-path PATH"
/// ($SPEECHD_CMD names another program) under the network rule, and waits until `deadline` for
/// its first process to exit, which it does once the server listens. True when it exited with 0
/// in time. A server that cannot be confined is not started, nor one for a TCP address (it
/// would need the socket the rule refuses); one that is late is left to finish starting (see
/// `start_in_flight`).
bool start_server(const Address &address, Clock::time_point deadline);

/// Whether a start that was late may still be under way: another start would only pile up behind it.
bool start_in_flight();

}  // namespace cvision::ssip

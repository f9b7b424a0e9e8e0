// SPDX-License-Identifier: GPL-3.0-or-later
// sensecam's SSIP client: addresses, connecting with a deadline, the probe, and the connection
// with its reader thread.
#include "output/SSIPConnection.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace cvision::ssip {

namespace {

/// Waits for `events` on `fd` until `deadline`; false when they did not come.
bool wait_for(int fd, short events, Clock::time_point deadline) {
    while (true) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return false;
        pollfd entry{fd, events, 0};
        const int ready = ::poll(&entry, 1, static_cast<int>(std::min<long long>(left, 60000)));
        if (ready > 0) return true;
        if (ready < 0 && errno != EINTR) return false;
    }
}

/// Sends all of `bytes` by `deadline`, without SIGPIPE; false when the socket broke or it was late.
bool send_all(int fd, const std::string &bytes, Clock::time_point deadline) {
    size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t wrote = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (wrote > 0) {
            sent += static_cast<size_t>(wrote);
        } else if (wrote < 0 && errno == EINTR) {
            continue;
        } else if (wrote < 0 && errno == EAGAIN) {
            if (!wait_for(fd, POLLOUT, deadline)) return false;
        } else {
            return false;
        }
    }
    return true;
}

/// The folder of the user's runtime files, as GLib has it: $XDG_RUNTIME_DIR, else the cache folder.
std::string runtime_folder() {
    const char *runtime = std::getenv("XDG_RUNTIME_DIR");
    if (runtime != nullptr && runtime[0] != '\0') return runtime;
    const char *cache = std::getenv("XDG_CACHE_HOME");
    if (cache != nullptr && cache[0] != '\0') return cache;
    const char *home = std::getenv("HOME");
    return std::string(home != nullptr ? home : "") + "/.cache";
}

std::string default_socket() {
    return runtime_folder() + "/speech-dispatcher/speechd.sock";
}

}  // namespace

Clock::duration duration(double seconds) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(0.0, seconds)));
}

std::string Address::describe() const {
    return inet ? host + " port " + std::to_string(port) : socket;
}

bool parse_address(const std::string &text, Address &address) {
    const auto colon = text.find(':');
    const std::string method = text.substr(0, colon);
    const std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
    if (method == "unix_socket" && !rest.empty()) {
        address = Address{};
        address.socket = rest;
        return true;
    }
    if (method == "inet_socket" && !rest.empty()) {
        address = Address{};
        address.inet = true;
        const auto port = rest.rfind(':');
        address.host = rest.substr(0, port);
        if (port != std::string::npos) {
            char *end = nullptr;
            const long number = std::strtol(rest.c_str() + port + 1, &end, 10);
            if (end == rest.c_str() + port + 1 || *end != '\0' || number <= 0 || number > 65535) return false;
            address.port = static_cast<int>(number);
        }
        return !address.host.empty();
    }
    return false;
}

bool default_address(Address &address, std::string &problem) {
    const char *given = std::getenv("SPEECHD_ADDRESS");
    address = Address{};
    if (given == nullptr || std::strcmp(given, "unix_socket") == 0 || std::strcmp(given, "unix_socket:") == 0) {
        address.socket = default_socket();
        return true;
    }
    if (std::strcmp(given, "inet_socket") == 0 || std::strcmp(given, "inet_socket:") == 0) {
        address.inet = true;
        address.host = "127.0.0.1";
        return true;
    }
    if (parse_address(given, address)) return true;
    problem = std::string("'") + given + "' is neither unix_socket:/path nor inet_socket:host:port";
    return false;
}

int connect_socket(const Address &address, Clock::time_point deadline, Reach &reach) {
    reach = Reach::nothing_listens;
    sockaddr_storage storage{};
    socklen_t length = 0;
    int domain = AF_UNIX;
    if (!address.inet) {
        auto *unix_address = reinterpret_cast<sockaddr_un *>(&storage);
        unix_address->sun_family = AF_UNIX;
        if (address.socket.empty() || address.socket.size() >= sizeof(unix_address->sun_path)) return -1;
        std::memcpy(unix_address->sun_path, address.socket.c_str(), address.socket.size() + 1);
        length = sizeof(sockaddr_un);
    } else {
        addrinfo hints{};
        hints.ai_family = AF_INET;
        hints.ai_socktype = SOCK_STREAM;
        addrinfo *found = nullptr;
        if (::getaddrinfo(address.host.c_str(), nullptr, &hints, &found) != 0 || found == nullptr) return -1;
        auto *inet_address = reinterpret_cast<sockaddr_in *>(&storage);
        *inet_address = *reinterpret_cast<const sockaddr_in *>(found->ai_addr);
        inet_address->sin_port = htons(static_cast<uint16_t>(address.port));
        ::freeaddrinfo(found);
        length = sizeof(sockaddr_in);
        domain = AF_INET;
    }
    const int fd = ::socket(domain, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    while (::connect(fd, reinterpret_cast<sockaddr *>(&storage), length) != 0) {
        if (errno == EINTR) continue;
        if (errno == EINPROGRESS) {
            int error = 0;
            socklen_t size = sizeof(error);
            if (!wait_for(fd, POLLOUT, deadline)) {
                reach = Reach::silent;
            } else if (::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) == 0 && error == 0) {
                break;
            }
            ::close(fd);
            return -1;
        }
        // A Unix socket whose queue of unaccepted connections is full: its server takes none.
        if (errno == EAGAIN) {
            if (Clock::now() >= deadline) {
                reach = Reach::silent;
                ::close(fd);
                return -1;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            continue;
        }
        ::close(fd);
        return -1;
    }
    if (domain == AF_INET) {
        const int on = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
    }
    reach = Reach::connected;
    return fd;
}

Probe probe(const Address &address, Clock::time_point deadline) {
    Reach reach;
    const int fd = connect_socket(address, deadline, reach);
    if (fd < 0) return reach == Reach::silent ? Probe::silent : Probe::nothing_listens;
    Probe result = Probe::silent;
    if (send_all(fd, "HISTORY GET CLIENT_ID\r\n", deadline)) {
        ReplyReader reader;
        char buffer[512];
        bool done = false;
        while (!done && wait_for(fd, POLLIN, deadline)) {
            const ssize_t got = ::recv(fd, buffer, sizeof(buffer), 0);
            if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
            if (got <= 0 || !reader.feed(buffer, static_cast<size_t>(got))) break;
            for (const Reply &reply : reader.take()) {
                if (reply.is_event()) continue;
                done = true;
                if (reply.is_success()) result = Probe::answered;
            }
        }
    }
    ::close(fd);
    return result;
}

Connection::Connection(int socket, EventHandler events) : socket_(socket), events_(std::move(events)) {
    reader_ = std::thread([this] { read_loop(); });
}

Connection::~Connection() {
    ::shutdown(socket_, SHUT_RDWR);
    reader_.join();
    ::close(socket_);
}

void Connection::give_up(const std::string &why) {
    {
        std::lock_guard<std::mutex> guard(lock_);
        if (!broken_) problem_ = why;
        broken_ = true;
    }
    replied_.notify_all();
    // Ends the reader's wait, and any send under way.
    ::shutdown(socket_, SHUT_RDWR);
}

bool Connection::broken() {
    std::lock_guard<std::mutex> guard(lock_);
    return broken_;
}

std::string Connection::problem() {
    std::lock_guard<std::mutex> guard(lock_);
    return problem_;
}

void Connection::read_loop() {
    ReplyReader reader;
    char buffer[4096];
    while (true) {
        pollfd entry{socket_, POLLIN, 0};
        const int ready = ::poll(&entry, 1, -1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return give_up(std::string("the socket could not be watched (") + std::strerror(errno) + ")");
        const ssize_t got = ::recv(socket_, buffer, sizeof(buffer), 0);
        if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
        if (got == 0) return give_up(reader.in_reply() ? "the server closed the connection in the middle of a reply"
                                                       : "the server closed the connection");
        if (got < 0) return give_up(std::string("the connection broke (") + std::strerror(errno) + ")");
        const bool good = reader.feed(buffer, static_cast<size_t>(got));
        std::vector<Reply> replies = reader.take();
        for (Reply &reply : replies) {
            if (reply.is_event()) {
                if (events_) events_(reply);
                continue;
            }
            std::unique_lock<std::mutex> guard(lock_);
            if (!waiting_ || !replies_.empty()) {
                guard.unlock();
                return give_up("the server sent a reply nobody asked for (code " + std::to_string(reply.code) + ")");
            }
            replies_.push_back(std::move(reply));
            guard.unlock();
            replied_.notify_all();
        }
        if (!good) return give_up("the server sent what is not SSIP: " + reader.problem());
    }
}

Connection::Answer Connection::request(const std::string &bytes, Clock::duration limit) {
    const auto deadline = Clock::now() + limit;
    {
        std::lock_guard<std::mutex> guard(lock_);
        if (broken_) return Answer{Outcome::broken, {}};
        waiting_ = true;
        replies_.clear();
    }
    if (!send_all(socket_, bytes, deadline)) {
        {
            std::lock_guard<std::mutex> guard(lock_);
            waiting_ = false;
        }
        const bool late = Clock::now() >= deadline;
        give_up(late ? "the server took no more of a request" : "the connection broke while a request was sent");
        return Answer{late ? Outcome::late : Outcome::broken, {}};
    }
    std::unique_lock<std::mutex> guard(lock_);
    const bool answered = replied_.wait_until(guard, deadline, [&] { return !replies_.empty() || broken_; });
    waiting_ = false;
    if (!replies_.empty()) {
        Answer answer{Outcome::answered, std::move(replies_.front())};
        replies_.clear();
        return answer;
    }
    if (answered) return Answer{Outcome::broken, {}};
    guard.unlock();
    give_up("the server did not answer in time");
    return Answer{Outcome::late, {}};
}

}  // namespace cvision::ssip

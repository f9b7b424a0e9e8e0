// SPDX-License-Identifier: GPL-3.0-or-later
// Time limits on speech-dispatcher: the probe, the opening thread and the call watchdog.
#include "output/SpeechTimeLimit.hpp"

#include "support/ShimSupport.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace cvision::speech {

namespace {

/// Closes a descriptor when it goes out of scope.
struct Descriptor {
    int fd;
    explicit Descriptor(int value) : fd(value) {}
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;
};

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

/// Whether `text` holds a whole SSIP answer: a last line "NNN text" (continued ones are "NNN-").
bool holds_answer(const std::string &text) {
    size_t start = 0;
    while (true) {
        const size_t end = text.find('\n', start);
        if (end == std::string::npos) return false;
        const std::string line = text.substr(start, end - start);
        if (line.size() >= 4 && std::isdigit(static_cast<unsigned char>(line[0]))
            && std::isdigit(static_cast<unsigned char>(line[1])) && std::isdigit(static_cast<unsigned char>(line[2]))
            && line[3] == ' ')
            return true;
        start = end + 1;
    }
}

std::atomic<int> &starts_in_flight() {
    static std::atomic<int> count{0};
    return count;
}

/// One opening, shared by the waiting caller and the thread that opens.
struct Opening {
    std::mutex lock;
    std::condition_variable done_signal;
    bool done = false;
    bool abandoned = false;
    SPDConnection *connection = nullptr;
};

}  // namespace

Clock::duration duration(double seconds) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(0.0, seconds)));
}

std::string Address::describe() const {
    if (value.method == SPD_METHOD_INET_SOCKET) return host + " port " + std::to_string(value.inet_socket_port);
    return socket;
}

SPDConnectionAddress Address::view() {
    SPDConnectionAddress copy = value;
    copy.unix_socket_name = socket.empty() ? nullptr : socket.data();
    copy.inet_socket_host = host.empty() ? nullptr : host.data();
    copy.dbus_bus = nullptr;
    return copy;
}

Probe probe(const Address &address, Clock::time_point deadline) {
    sockaddr_storage storage{};
    socklen_t length = 0;
    int domain = AF_UNIX;
    if (address.value.method == SPD_METHOD_UNIX_SOCKET) {
        auto *unix_address = reinterpret_cast<sockaddr_un *>(&storage);
        unix_address->sun_family = AF_UNIX;
        if (address.socket.empty() || address.socket.size() >= sizeof(unix_address->sun_path)) return Probe::nothing_listens;
        std::memcpy(unix_address->sun_path, address.socket.c_str(), address.socket.size() + 1);
        length = sizeof(sockaddr_un);
    } else if (address.value.method == SPD_METHOD_INET_SOCKET) {
        addrinfo hints{};
        hints.ai_family = AF_INET;
        hints.ai_socktype = SOCK_STREAM;
        addrinfo *found = nullptr;
        if (::getaddrinfo(address.host.c_str(), nullptr, &hints, &found) != 0 || found == nullptr) return Probe::nothing_listens;
        auto *inet_address = reinterpret_cast<sockaddr_in *>(&storage);
        *inet_address = *reinterpret_cast<const sockaddr_in *>(found->ai_addr);
        inet_address->sin_port = htons(static_cast<uint16_t>(address.value.inet_socket_port));
        ::freeaddrinfo(found);
        length = sizeof(sockaddr_in);
        domain = AF_INET;
    } else {
        return Probe::nothing_listens;
    }

    Descriptor socket(::socket(domain, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (socket.fd < 0) return Probe::nothing_listens;
    while (::connect(socket.fd, reinterpret_cast<sockaddr *>(&storage), length) != 0) {
        if (errno == EINTR) continue;
        if (errno == EINPROGRESS) {
            if (!wait_for(socket.fd, POLLOUT, deadline)) return Probe::silent;
            int error = 0;
            socklen_t size = sizeof(error);
            if (::getsockopt(socket.fd, SOL_SOCKET, SO_ERROR, &error, &size) != 0 || error != 0) return Probe::nothing_listens;
            break;
        }
        // A Unix socket whose queue of unaccepted connections is full: its server takes none.
        if (errno == EAGAIN) {
            if (Clock::now() >= deadline) return Probe::silent;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            continue;
        }
        return Probe::nothing_listens;
    }

    static const char request[] = "HISTORY GET CLIENT_ID\r\n";
    size_t sent = 0;
    while (sent < sizeof(request) - 1) {
        const ssize_t wrote = ::send(socket.fd, request + sent, sizeof(request) - 1 - sent, MSG_NOSIGNAL);
        if (wrote > 0) {
            sent += static_cast<size_t>(wrote);
        } else if (wrote < 0 && (errno == EAGAIN || errno == EINTR)) {
            if (!wait_for(socket.fd, POLLOUT, deadline)) return Probe::silent;
        } else {
            return Probe::silent;
        }
    }
    std::string answer;
    char buffer[512];
    while (!holds_answer(answer)) {
        if (!wait_for(socket.fd, POLLIN, deadline)) return Probe::silent;
        const ssize_t got = ::recv(socket.fd, buffer, sizeof(buffer), 0);
        if (got > 0) {
            answer.append(buffer, static_cast<size_t>(got));
            if (answer.size() > 4096) return Probe::silent;
        } else if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
            return Probe::silent;
        }
    }
    return Probe::answered;
}

Opened open_within(const char *client_name, const char *connection_name, SPDConnectionMode mode,
                   const Address &address, bool autospawn, Clock::time_point deadline) {
    auto opening = std::make_shared<Opening>();
    std::string client = client_name, connection = connection_name;
    if (autospawn) ++starts_in_flight();
    try {
        std::thread([opening, client, connection, mode, address, autospawn] {
            Address own = address;
            SPDConnectionAddress where = own.view();
            char *error = nullptr;
            SPDConnection *opened = nullptr;
            {
                NoSigpipe quiet;
                opened = spd_open2(client.c_str(), connection.c_str(), nullptr, mode, &where, autospawn ? 1 : 0, &error);
            }
            std::free(error);
            if (autospawn) --starts_in_flight();
            std::unique_lock<std::mutex> guard(opening->lock);
            if (opening->abandoned) {
                guard.unlock();
                // The caller has moved on; what the late server opened is not wanted.
                NoSigpipe quiet;
                if (opened != nullptr) spd_close(opened);
                return;
            }
            opening->connection = opened;
            opening->done = true;
            guard.unlock();
            opening->done_signal.notify_all();
        }).detach();
    } catch (...) {
        if (autospawn) --starts_in_flight();
        throw;
    }
    std::unique_lock<std::mutex> guard(opening->lock);
    if (!opening->done_signal.wait_until(guard, deadline, [&] { return opening->done; })) {
        opening->abandoned = true;
        return Opened{nullptr, true};
    }
    return Opened{opening->connection, false};
}

bool start_in_flight() {
    return starts_in_flight().load() > 0;
}

CallWatchdog::CallWatchdog(int socket, Clock::duration limit) : socket_(socket), limit_(limit) {
    thread_ = std::thread([this] { watch(); });
}

CallWatchdog::~CallWatchdog() {
    {
        std::lock_guard<std::mutex> guard(lock_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
    if (socket_ >= 0) ::close(socket_);
}

bool CallWatchdog::expired() {
    std::lock_guard<std::mutex> guard(lock_);
    return expired_;
}

bool CallWatchdog::busy() {
    std::lock_guard<std::mutex> guard(lock_);
    return !deadlines_.empty();
}

std::multiset<Clock::time_point>::iterator CallWatchdog::begin() {
    std::multiset<Clock::time_point>::iterator entry;
    {
        std::lock_guard<std::mutex> guard(lock_);
        entry = deadlines_.insert(Clock::now() + limit_);
    }
    wake_.notify_all();
    return entry;
}

void CallWatchdog::end(std::multiset<Clock::time_point>::iterator entry) {
    std::lock_guard<std::mutex> guard(lock_);
    deadlines_.erase(entry);
}

void CallWatchdog::watch() {
    std::unique_lock<std::mutex> guard(lock_);
    while (!stopping_) {
        if (deadlines_.empty() || expired_) {
            wake_.wait(guard);
            continue;
        }
        const auto first = *deadlines_.begin();
        if (Clock::now() >= first) {
            expired_ = true;
            ::shutdown(socket_, SHUT_RDWR);
            continue;
        }
        wake_.wait_until(guard, first);
    }
}

}  // namespace cvision::speech

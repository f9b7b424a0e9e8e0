// SPDX-License-Identifier: GPL-3.0-or-later
// Starting a confined speech-dispatcher.
#include "output/SpeechServerStart.hpp"

#include "sandbox/NetworkRule.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

extern char **environ;

namespace cvision::ssip {

namespace {

std::atomic<int> &starts_in_flight() {
    static std::atomic<int> count{0};
    return count;
}

/// Closes every descriptor from `first` up; async-signal-safe, for a child before exec.
void close_descriptors_from(int first) {
    if (::syscall(SYS_close_range, static_cast<unsigned>(first), ~0U, 0U) == 0) return;
    rlimit limit{};
    const rlim_t last = ::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
        ? std::min<rlim_t>(limit.rlim_cur, 1 << 20) : 4096;
    for (rlim_t fd = static_cast<rlim_t>(first); fd < last; ++fd) ::close(static_cast<int>(fd));
}

}  // namespace

bool start_in_flight() {
    return starts_in_flight().load() > 0;
}

bool start_server(const Address &address, Clock::time_point deadline) {
    if (start_in_flight()) return false;
    // A server on a TCP port would need the very socket the rule refuses it.
    if (address.inet) return false;
    const cvision::sandbox::ChildNetworkRule rule;
    if (!rule.ready()) return false;

    const char *given = std::getenv("SPEECHD_CMD");
    const std::string command = given != nullptr && given[0] != '\0' ? given : "speech-dispatcher";
    std::vector<std::string> arguments{command, "--spawn", "--communication-method", "unix_socket", "--socket-path",
                                       address.socket};
    std::vector<char *> argv;
    for (std::string &argument : arguments) argv.push_back(argument.data());
    argv.push_back(nullptr);
    // Opened before the fork: the child may only make system calls.
    const int null_device = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null_device < 0) return false;

    const pid_t child = ::fork();
    if (child == 0) {
        // Its messages are for its own log, not for the user's terminal.
        ::dup2(null_device, STDIN_FILENO);
        ::dup2(null_device, STDOUT_FILENO);
        ::dup2(null_device, STDERR_FILENO);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        if (!rule.apply_in_child()) ::_exit(126);
        // Nothing else of this process's: the server outlives it, and a pipe it held (the
        // caller's `sensecam … | tee`) would stay open until the server ends. As GLib's spawn did.
        close_descriptors_from(3);
        ::execvpe(argv[0], argv.data(), environ);
        ::_exit(127);
    }
    ::close(null_device);
    if (child < 0) return false;

    int status = 0;
    while (true) {
        const pid_t done = ::waitpid(child, &status, WNOHANG);
        if (done == child) return WIFEXITED(status) && WEXITSTATUS(status) == 0;
        if (done < 0 && errno != EINTR) return false;
        if (Clock::now() >= deadline) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    // Late: left to finish, and reaped when it does.
    ++starts_in_flight();
    try {
        std::thread([child] {
            int ignored = 0;
            while (::waitpid(child, &ignored, 0) < 0 && errno == EINTR) {}
            --starts_in_flight();
        }).detach();
    } catch (...) {
        --starts_in_flight();
    }
    return false;
}

}  // namespace cvision::ssip

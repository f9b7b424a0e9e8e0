// SPDX-License-Identifier: GPL-3.0-or-later
// Landlock through its raw system calls (glibc has no wrappers) and a seccomp filter through
// libseccomp: the restrictions a run puts on itself once its inputs and outputs are open.
#include "sandbox/NetworkRule.hpp"
#include "support/ShimSupport.hpp"

#include <linux/seccomp.h>
#include <sys/mman.h>

#include <linux/landlock.h>
#include <seccomp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

namespace {

// Debian 12's linux/landlock.h stops at ABI 2 (Linux 6.1); the kernels sensecam meets offer up
// to 7. The rights and the longer ruleset layout of the later ABIs are part of the kernel's
// stable interface, so they are spelled here, with the values of the kernel's own header.
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)  // ABI 3
#endif
#ifndef LANDLOCK_ACCESS_NET_BIND_TCP
#define LANDLOCK_ACCESS_NET_BIND_TCP (1ULL << 0)  // ABI 4
#define LANDLOCK_ACCESS_NET_CONNECT_TCP (1ULL << 1)
#endif

/// The ruleset attribute as ABI 4 defines it; older kernels are given only its first field
/// (the kernel reads as many bytes as it is told and refuses fields it does not know).
struct RulesetAttributes {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
};

/// The newest ABI whose rights this file knows; a newer kernel is used at this level.
constexpr int newest_known_abi = 7;

/// Every right that changes the file system; reading, listing, executing and device ioctls
/// are left unhandled, so models, images, the camera and the sound device stay open to use.
uint64_t write_rights(int abi) {
    uint64_t rights = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
                      LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                      LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
                      LANDLOCK_ACCESS_FS_MAKE_SYM;
    if (abi >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;     // renames and links between folders
    if (abi >= 3) rights |= LANDLOCK_ACCESS_FS_TRUNCATE;  // truncate() and O_TRUNC
    return rights;
}

/// The only rights Landlock accepts on a file rather than a folder.
constexpr uint64_t file_rights = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_TRUNCATE;

/// Closes a descriptor when it goes out of scope.
struct Descriptor {
    int fd;
    explicit Descriptor(int fd) : fd(fd) {}
    ~Descriptor() { if (fd >= 0) close(fd); }
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;
};

std::string reason(int error) { return std::strerror(error); }

/// The network rule's seccomp rules, added to `filter`: every socket but a local one (AF_UNIX,
/// what speech-dispatcher, BRLTTY and the sound server use) is refused, and io_uring, which
/// could open one past the filter. 0, or libseccomp's negative error.
int add_network_rules(scmp_filter_ctx filter) {
    int result = 0;
    // socketpair only ever makes local sockets today; refused for any other domain all the same.
    for (int call : {SCMP_SYS(socket), SCMP_SYS(socketpair)}) {
        if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), call, 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX));
    }
    // Without a ring, io_uring_enter and io_uring_register have nothing to act on.
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(io_uring_setup), 0);
    return result;
}

}  // namespace

namespace cvision::sandbox {

ChildNetworkRule::ChildNetworkRule() {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (filter == nullptr) {
        problem_ = "the seccomp filter could not be made";
        return;
    }
    int result = add_network_rules(filter);
    // libseccomp 2.5 exports the program only to a descriptor: a file in memory, read back.
    Descriptor memory(result == 0 ? static_cast<int>(memfd_create("sensecam-seccomp", MFD_CLOEXEC)) : -1);
    if (result == 0 && memory.fd < 0) result = -errno;
    if (result == 0) result = seccomp_export_bpf(filter, memory.fd);
    seccomp_release(filter);
    if (result == 0) {
        const off_t size = lseek(memory.fd, 0, SEEK_END);
        if (size > 0 && size % static_cast<off_t>(sizeof(sock_filter)) == 0 && size < (1 << 20)) {
            std::vector<sock_filter> program(static_cast<size_t>(size) / sizeof(sock_filter));
            if (pread(memory.fd, program.data(), static_cast<size_t>(size), 0) == size) filter_ = std::move(program);
        }
        if (filter_.empty()) result = -EIO;
    }
    if (result != 0) {
        problem_ = "the seccomp filter could not be made (" + reason(-result) + ")";
        return;
    }
    // Landlock's TCP rule where the kernel has it; the seccomp rule already refuses the sockets.
    if (CVision_landlock_abi() >= 4) {
        RulesetAttributes attributes{0, LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP};
        landlock_ruleset_ = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attributes, sizeof attributes, 0));
        if (landlock_ruleset_ >= 0) fcntl(landlock_ruleset_, F_SETFD, FD_CLOEXEC);
    }
}

ChildNetworkRule::~ChildNetworkRule() {
    if (landlock_ruleset_ >= 0) close(landlock_ruleset_);
}

bool ChildNetworkRule::apply_in_child() const noexcept {
    if (filter_.empty() || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
    if (landlock_ruleset_ >= 0 && syscall(SYS_landlock_restrict_self, landlock_ruleset_, 0) != 0) return false;
    sock_fprog program{static_cast<unsigned short>(filter_.size()), const_cast<sock_filter *>(filter_.data())};
    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) == 0;
}

}  // namespace cvision::sandbox

using cvision::write_message;

extern "C" {

int CVision_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
    return abi < 0 ? -errno : static_cast<int>(abi);
}

CVision_Status CVision_landlock_restrict_writes(const char *const *paths, size_t count, const char *devices_folder,
                                                CVision_LandlockApplied *applied, char *message, size_t capacity) {
    *applied = CVision_LandlockApplied{0, 0};
    int kernel_abi = CVision_landlock_abi();
    if (kernel_abi < 0) {
        write_message(message, capacity, "Landlock is unavailable (" + reason(-kernel_abi) + ")");
        return CVision_ErrorInternal;
    }
    int abi = kernel_abi < newest_known_abi ? kernel_abi : newest_known_abi;
    uint64_t handled_fs = write_rights(abi);
    RulesetAttributes attributes{handled_fs, abi >= 4 ? LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP : 0};
    size_t size = abi >= 4 ? sizeof attributes : sizeof attributes.handled_access_fs;
    Descriptor ruleset(static_cast<int>(syscall(SYS_landlock_create_ruleset, &attributes, size, 0)));
    if (ruleset.fd < 0) {
        write_message(message, capacity, "the Landlock rules could not be made (" + reason(errno) + ")");
        return CVision_ErrorInternal;
    }
    // No network rule is added: with TCP handled and no port allowed, every connect and bind fails.
    auto allow = [&](const char *path, bool devices_only) {
        Descriptor place(open(path, O_PATH | O_CLOEXEC));
        struct stat status {};
        if (place.fd < 0 || fstat(place.fd, &status) != 0) {
            write_message(message, capacity, std::string(path) + " cannot be opened to allow writing it (" + reason(errno) + ")");
            return false;
        }
        landlock_path_beneath_attr rule{};
        rule.allowed_access = devices_only              ? LANDLOCK_ACCESS_FS_WRITE_FILE
                              : S_ISDIR(status.st_mode) ? handled_fs
                                                        : handled_fs & file_rights;
        rule.parent_fd = place.fd;
        if (syscall(SYS_landlock_add_rule, ruleset.fd, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) {
            write_message(message, capacity, "writing " + std::string(path) + " could not be allowed (" + reason(errno) + ")");
            return false;
        }
        return true;
    };
    for (size_t index = 0; index < count; ++index) {
        if (!allow(paths[index], false)) return CVision_ErrorInternal;
    }
    if (devices_folder != nullptr && !allow(devices_folder, true)) return CVision_ErrorInternal;
    // Landlock refuses to restrict a thread that could regain privileges through a set-user-ID program.
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || syscall(SYS_landlock_restrict_self, ruleset.fd, 0) != 0) {
        write_message(message, capacity, "the Landlock rules could not be enforced (" + reason(errno) + ")");
        return CVision_ErrorInternal;
    }
    *applied = CVision_LandlockApplied{abi, abi >= 4 ? 1 : 0};
    return CVision_OK;
}

CVision_Status CVision_seccomp_refuse_network(char *message, size_t capacity) {
    // Allowed unless a rule says otherwise. A system call of another architecture (the 32-bit
    // socketcall through int 0x80) does not match this filter's and kills the process:
    // libseccomp's default for a foreign architecture.
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (filter == nullptr) {
        write_message(message, capacity, "the seccomp filter could not be made");
        return CVision_ErrorInternal;
    }
    int result = seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1);  // every thread, not only this one
    if (result == 0) result = add_network_rules(filter);
    if (result == 0) result = seccomp_load(filter);  // sets no_new_privs too
    seccomp_release(filter);
    if (result != 0) {
        write_message(message, capacity, "the seccomp filter could not be loaded (" + reason(-result) + ")");
        return CVision_ErrorInternal;
    }
    return CVision_OK;
}

}  // extern "C"

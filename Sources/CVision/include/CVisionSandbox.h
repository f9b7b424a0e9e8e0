// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel's guarantee that no picture leaves the process: Landlock limits which files a run
// may write and forbids TCP, a seccomp filter refuses every socket but a local (AF_UNIX) one.
// Both are irreversible and inherited by threads started afterwards and by child processes.
#ifndef CVISION_SANDBOX_H
#define CVISION_SANDBOX_H

#include "CVision.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The newest Landlock ABI the running kernel offers (1 to 7 and on), or a negative errno:
/// -ENOSYS when the kernel was built without Landlock, -EOPNOTSUPP when it is switched off.
int CVision_landlock_abi(void);

/// What `CVision_landlock_restrict_writes` enforced for this ABI.
typedef struct CVision_LandlockApplied {
    /// The ABI whose rights were used (the lower of the kernel's and what the shim knows).
    int abi;
    /// 1 when TCP connect and bind are refused too (ABI 4 and later).
    int refuses_tcp;
} CVision_LandlockApplied;

/// Makes the calling thread, and every thread and process it starts from now on, unable to
/// create, write, truncate, rename or remove any file except beneath the `count` existing
/// `paths` (a file: written or truncated; a folder: anything inside it), and, from ABI 4, to
/// connect or bind a TCP socket. Beneath `devices_folder` (NULL: none) files that exist may
/// still be opened for writing, nothing else. Reading is untouched. Sets no_new_privs first
/// (Landlock requires it). Threads that already exist are not restricted: call it before any starts.
CVision_Status CVision_landlock_restrict_writes(const char *const *paths, size_t count, const char *devices_folder,
                                                CVision_LandlockApplied *applied, char *message, size_t message_capacity);

/// Loads a seccomp filter on every thread of the process (TSYNC) that fails socket() and
/// socketpair() with EACCES for any domain but AF_UNIX (speech-dispatcher, BRLTTY and the
/// sound server are local sockets), and io_uring_setup with EPERM (its rings would issue
/// socket and file operations this filter never sees). Anything else is allowed.
CVision_Status CVision_seccomp_refuse_network(char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif

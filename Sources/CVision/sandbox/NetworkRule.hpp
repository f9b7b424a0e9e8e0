// SPDX-License-Identifier: GPL-3.0-or-later
// The sandbox's network rule (no socket but a local one, no TCP connect or bind), for a child
// process: made before fork, applied in the child before exec with system calls alone, which
// is all a child of a threaded process may safely do.
#pragma once

#include <linux/filter.h>

#include <string>
#include <vector>

namespace cvision::sandbox {

class ChildNetworkRule {
public:
    /// Builds the seccomp filter (libseccomp, the same rules as CVision_seccomp_refuse_network)
    /// and, on kernels with Landlock ABI 4 or later, a ruleset that refuses every TCP connect and
    /// bind. `ready()` false, with `problem()`, when the filter could not be made.
    ChildNetworkRule();
    ~ChildNetworkRule();
    ChildNetworkRule(const ChildNetworkRule &) = delete;
    ChildNetworkRule &operator=(const ChildNetworkRule &) = delete;

    bool ready() const { return !filter_.empty(); }
    const std::string &problem() const { return problem_; }

    /// In the child, between fork and exec: puts this thread (and what it execs) under the rule.
    /// Async-signal-safe. False when the kernel refused it.
    bool apply_in_child() const noexcept;

private:
    std::vector<sock_filter> filter_;
    int landlock_ruleset_ = -1;
    std::string problem_;
};

}  // namespace cvision::sandbox

// SPDX-License-Identifier: GPL-3.0-or-later
// CVisionTestHooks: shim functions only tests call, in a target of their own so the product never
// contains them. This header is the module's umbrella; the hooks reach CVision's private C++
// headers (the image and detector handles, the fast layers) from CVision's root.
#ifndef CVISION_TEST_HOOKS_H
#define CVISION_TEST_HOOKS_H

#include "CVisionImageEncoding.h"
#include "CVisionLayerCheck.h"
#include "CVisionImageDrawing.h"
#include "CVisionFlatPNG.h"
#include "CVisionSandboxEscape.h"
#include "CVisionSSIPReplies.h"

#endif

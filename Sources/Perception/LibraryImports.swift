// SPDX-License-Identifier: GPL-3.0-or-later
// One import for the library's users (the tool, the options, the benches and fuzz targets):
// the earlier targets' public types come with `import Perception`.
@_exported import Words
@_exported import Frames
@_exported import Capture
@_exported import Seeing
@_exported import Narration
@_exported import Stages
@_exported import Rendering

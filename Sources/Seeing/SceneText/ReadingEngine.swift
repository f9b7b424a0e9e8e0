// SPDX-License-Identifier: GPL-3.0-or-later
/// Which engine reads a still picture: Tesseract with its layout analysis for pages, the scene
/// engine for everything else, or (`auto`) whichever the picture looks like.
public enum ReadingEngine: String, Sendable, CaseIterable {
    case auto, page, scene
}

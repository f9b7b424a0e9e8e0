// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception
import Testing

@Suite struct PageFinderTests {
    // MARK: Synthetic pages

    /// A projective map from page coordinates to frame pixels (row-major 3x3, last entry 1).
    struct Homography {
        var m: [Double]

        func apply(_ u: Double, _ v: Double) -> Point {
            let w = m[6] * u + m[7] * v + m[8]
            return Point(x: (m[0] * u + m[1] * v + m[2]) / w, y: (m[3] * u + m[4] * v + m[5]) / w)
        }

        /// The inverse map (adjugate; the scale does not matter for a homography).
        var inverse: Homography {
            Homography(m: [
                m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
            ])
        }
    }

    /// A BGR picture whose pixel (x, y) has grey level `value(x, y)`.
    static func picture(width: Int, height: Int, _ value: (Int, Int) -> UInt8) throws -> Image {
        try TestResources.greyImage(width: width, height: height, value)
    }

    /// A white `pageWidth` x `pageHeight` page seen through `map` on a dark background, with
    /// a dark block near its top-left corner so that a wrong turn would show.
    static func page(_ map: Homography, pageWidth: Double, pageHeight: Double,
                     width: Int = 640, height: Int = 600) throws -> Image {
        let inverse = map.inverse
        return try picture(width: width, height: height) { x, y in
            let p = inverse.apply(Double(x), Double(y))
            guard p.x >= 0, p.x <= pageWidth, p.y >= 0, p.y <= pageHeight else { return 50 }
            let inBlock = p.x > 0.15 * pageWidth && p.x < 0.35 * pageWidth && p.y > 0.15 * pageHeight && p.y < 0.3 * pageHeight
            return inBlock ? 20 : 235
        }
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// A portrait 400 x 600 page seen by a pinhole camera (focal length 700 px, lens centred
    /// in a 640 x 600 frame), tilted 20 degrees back and turned 10 degrees, 1150 units away:
    /// a hand-held camera's view, and the model the aspect-ratio estimate assumes.
    static let perspective: Homography = {
        let (f, cx, cy) = (700.0, 319.5, 299.5)
        let (a, b) = (20 * Double.pi / 180, 10 * Double.pi / 180)
        // Columns of R = Ry(b) * Rx(a) for the page's u and v axes, and the page centre's position.
        let r1 = SIMD3(cos(b), 0, -sin(b))
        let r2 = SIMD3(sin(b) * sin(a), cos(a), cos(b) * sin(a))
        let t = SIMD3(0, 0, 1150.0) - 200 * r1 - 300 * r2
        func project(_ c: SIMD3<Double>) -> SIMD3<Double> { SIMD3(f * c.x + cx * c.z, f * c.y + cy * c.z, c.z) }
        let (h1, h2, h3) = (project(r1), project(r2), project(t))
        return Homography(m: [h1.x, h2.x, h3.x, h1.y, h2.y, h3.y, h1.z, h2.z, h3.z].map { $0 / h3.z })
    }()

    @Test func whiteQuadrilateralOnDarkBackgroundIsFound() throws {
        let truth = [Point(x: 120, y: 80), Point(x: 500, y: 60), Point(x: 540, y: 400), Point(x: 90, y: 420)]
        // Inside the convex quadrilateral: on the inner side of all four edges.
        let image = try Self.picture(width: 640, height: 480) { x, y in
            let inside = (0..<4).allSatisfy { i in
                let a = truth[i], b = truth[(i + 1) % 4]
                return (b.x - a.x) * (Double(y) - a.y) - (b.y - a.y) * (Double(x) - a.x) >= 0
            }
            return inside ? 230 : 40
        }
        let outline = try #require(PageFinder().find(in: image))
        for (found, expected) in zip(outline.corners, truth) {
            #expect(Self.distance(found, expected) < 3, "corner \(found) should be near \(expected)")
        }
        #expect(outline.cutOffEdges(frameWidth: 640, frameHeight: 480).isEmpty)
        let fill = outline.fillFraction(frameWidth: 640, frameHeight: 480)
        #expect(abs(fill - 141_200.0 / (640 * 480)) < 0.01, "the quadrilateral covers 46 % of the frame, not \(fill)")
    }

    @Test func pageRunningOffTheLeftHasItsLeftEdgeCutOff() throws {
        // The page's left side lies 100 px beyond the frame.
        let map = Homography(m: [1, 0, -100, 0, 1, 80, 0, 0, 1])
        let image = try Self.page(map, pageWidth: 500, pageHeight: 360, width: 640, height: 540)
        let outline = try #require(PageFinder().find(in: image))
        #expect(outline.edgesAlongBorder(frameWidth: 640, frameHeight: 540) == [.left])
        // The top and bottom run into the border too, so they are cut off as well; the right is whole.
        #expect(outline.cutOffEdges(frameWidth: 640, frameHeight: 540) == [.top, .left, .bottom])
        let fill = outline.fillFraction(frameWidth: 640, frameHeight: 540)
        #expect(abs(fill - 400.0 * 360 / (640 * 540)) < 0.01)
    }

    @Test func pageWithACornerOutsideTheFrameIsExtendedToIt() throws {
        // A page turned 10 degrees whose bottom-right corner lies 38 px below the frame.
        let (c, s) = (cos(10 * Double.pi / 180), sin(10 * Double.pi / 180))
        let map = Homography(m: [c, -s, 250, s, c, 230, 0, 0, 1])
        let image = try Self.page(map, pageWidth: 300, pageHeight: 300, width: 640, height: 540)
        let outline = try #require(PageFinder().find(in: image))
        let corner = map.apply(300, 300)
        #expect(Self.distance(outline.corners[2], corner) < 4, "found \(outline.corners[2]), not \(corner)")
        #expect(outline.cutOffEdges(frameWidth: 640, frameHeight: 540) == [.right, .bottom])
    }

    @Test func plainPictureHasNoPage() throws {
        let dark = try Self.picture(width: 640, height: 480) { x, _ in UInt8(60 + x / 16) }
        #expect(PageFinder().find(in: dark) == nil)
        let white = try Self.picture(width: 640, height: 480) { _, _ in 240 }
        #expect(PageFinder().find(in: white) == nil)
    }

    @Test func perspectivePageFlattensToAnUprightRectangle() throws {
        let (pageWidth, pageHeight) = (400.0, 600.0)
        let image = try Self.page(Self.perspective, pageWidth: pageWidth, pageHeight: pageHeight)
        let finder = PageFinder()
        let outline = try #require(finder.find(in: image))
        let truth = [(0.0, 0.0), (pageWidth, 0), (pageWidth, pageHeight), (0, pageHeight)].map { Self.perspective.apply($0, $1) }
        for (found, expected) in zip(outline.corners, truth) {
            #expect(Self.distance(found, expected) < 3, "corner \(found) should be near \(expected)")
        }

        // Flattened from the found outline: portrait, long side as asked, the paper's 2:3.
        let flat = try #require(finder.flatten(image, outline: outline))
        #expect(flat.height == PageFinder.defaultFlattenedLongSide)
        #expect(abs(Double(flat.width) / Double(flat.height) - pageWidth / pageHeight) < 0.02)

        // Flattened from an outline reaching 10 % beyond the page on every side, the page must
        // come out as an axis-aligned rectangle at the expected place: found again, its
        // corners sit where the map (scaled to the output's size) puts them.
        let margin = 0.1
        let around = PageOutline(corners: [(-margin, -margin), (1 + margin, -margin), (1 + margin, 1 + margin), (-margin, 1 + margin)]
            .map { Self.perspective.apply($0 * pageWidth, $1 * pageHeight) })
        let upright = try #require(finder.flatten(image, outline: around, longSide: 1000))
        #expect(upright.height == 1000 && abs(Double(upright.width) / 1000 - pageWidth / pageHeight) < 0.02)
        let again = try #require(finder.find(in: upright))
        let (xScale, yScale) = (Double(upright.width) / (pageWidth * (1 + 2 * margin)), 1000 / (pageHeight * (1 + 2 * margin)))
        let expected = [(0.0, 0.0), (pageWidth, 0), (pageWidth, pageHeight), (0, pageHeight)]
            .map { Point(x: ($0 + margin * pageWidth) * xScale, y: ($1 + margin * pageHeight) * yScale) }
        for (found, wanted) in zip(again.corners, expected) {
            #expect(Self.distance(found, wanted) < 6, "flattened corner \(found) should be near \(wanted)")
        }
        print("Flattened synthetic page: \(flat.width) x \(flat.height) from the found outline, \(upright.width) x \(upright.height) with margins (paper 2:3)")
    }

    // MARK: Real video with per-frame truth

    struct FrameTruth: Decodable {
        var frame: Int
        var corners: [[Double]]
        var edges_outside: [String]
    }

    /// Every frame of the test video against its truth (about 1 s in a debug build). Figures
    /// when written: whole pages found 100 %, corner error 1.26 px, exact cut-off sets 95.8 %,
    /// cut-off precision 96.8 %, edges along the border 100 % precise; the bounds leave margin.
    @Test func documentVideoMatchesTruth() throws {
        let video = try VideoFile(path: TestResources.file("video/document-phototest.mp4").path)
        let lines = try String(contentsOf: TestResources.file("video/document-phototest.frames.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        let truths = try lines.map { try JSONDecoder().decode(FrameTruth.self, from: Data($0.utf8)) }
        let finder = PageFinder()

        var evaluated = 0, wholeFrames = 0, wholeFound = 0, exactMatches = 0
        var cornerErrors: [Double] = []
        var named = 0, namedTruly = 0, truthEdges = 0, truthEdgesNamed = 0
        var alongNamed = 0, alongTruly = 0
        while let frame = try video.nextFrame() {
            let truth = try #require(truths.first { $0.frame == frame.index }, "no truth for frame \(frame.index)")
            let (width, height) = (frame.image.width, frame.image.height)
            let outline = finder.find(in: frame.image)
            let actual = Set(truth.edges_outside.compactMap(PageEdge.init(rawValue:)))
            let cut = outline?.cutOffEdges(frameWidth: width, frameHeight: height) ?? []
            let along = outline?.edgesAlongBorder(frameWidth: width, frameHeight: height) ?? []
            evaluated += 1
            exactMatches += cut == actual ? 1 : 0
            named += cut.count
            namedTruly += cut.intersection(actual).count
            truthEdges += actual.count
            truthEdgesNamed += cut.intersection(actual).count
            alongNamed += along.count
            alongTruly += along.intersection(actual).count
            if actual.isEmpty {
                wholeFrames += 1
                if let outline {
                    wholeFound += 1
                    let expected = truth.corners.map { Point(x: $0[0], y: $0[1]) }
                    cornerErrors.append(zip(outline.corners, expected).map(Self.distance).reduce(0, +) / 4)
                }
            }
        }
        let foundRate = Double(wholeFound) / Double(max(wholeFrames, 1))
        let cornerError = cornerErrors.reduce(0, +) / Double(max(cornerErrors.count, 1))
        let exactRate = Double(exactMatches) / Double(max(evaluated, 1))
        let precision = Double(namedTruly) / Double(max(named, 1))
        let recall = Double(truthEdgesNamed) / Double(max(truthEdges, 1))
        let alongPrecision = Double(alongTruly) / Double(max(alongNamed, 1))
        print(String(format: "Page finding on document-phototest (%d frames, %d with the whole page): found %.1f %% of whole pages, "
                + "corner error %.2f px; cut-off edges exact %.1f %%, precision %.1f %% (%d/%d), recall %.1f %%; "
                + "edges along the border precision %.1f %% (%d/%d)",
            evaluated, wholeFrames, 100 * foundRate, cornerError, 100 * exactRate, 100 * precision, namedTruly, named,
            100 * recall, 100 * alongPrecision, alongTruly, alongNamed))

        #expect(evaluated >= 350, "the video should have 360 frames")
        #expect(foundRate >= 0.97)
        #expect(cornerError <= 2.5)
        #expect(exactRate >= 0.90)
        #expect(precision >= 0.93, "issue 4 needs at least 90 % of named cut-off edges to be truly cut off")
        #expect(alongPrecision >= 0.95)
    }
}

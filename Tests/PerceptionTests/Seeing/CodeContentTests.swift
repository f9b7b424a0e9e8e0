// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Stages
@testable import Rendering
import Testing

/// What a code holds, parsed and said: the conventions phones' camera apps read, and the
/// sentences a listener hears.
@Suite struct CodeContentTests {
    static func code(_ text: String, _ format: CodeFormat = .qr) -> ScannedCode {
        ScannedCode(format: format, text: text, corners: [])
    }

    static func said(_ text: String, _ format: CodeFormat = .qr, revealSecrets: Bool = false) -> String {
        CodeSentences(wording: .english).sentence(for: code(text, format), revealSecrets: revealSecrets)
    }

    @Test func productNumbersAndNumbersAreSaidInGroups() {
        #expect(Self.said("4006381333931", .ean13) == "EAN-13 barcode 400 638 133 3931.")
        #expect(Self.said("036602301467", .upcA) == "UPC-A barcode 03 660 230 1467.")
        #expect(Self.said("96385074", .ean8) == "EAN-8 barcode 9 638 5074.")
        #expect(Self.said("123456", .itf) == "ITF barcode 123456.", "short runs are left whole")
        #expect(CodeContent.parse("4006381333931", format: .ean13) == .productNumber("4006381333931"))
        #expect(CodeContent.parse("31001171800000017989625355702636", format: .code128) == .number("31001171800000017989625355702636"))
    }

    @Test func webLinksAreSaidByHostAndPath() {
        #expect(Self.said("https://www.example.org/menu") == "QR code: a web link, example dot org slash menu.")
        #expect(Self.said("http://example.org/a%20b/?x=1") == "QR code: a web link, example dot org slash a b, with more after it.")
        #expect(Self.said("www.example.org") == "QR code: a web link, example dot org.")
        // A bookmark (MEBKM) with its escaped colon.
        #expect(Self.said("MEBKM:URL:http\\://en.wikipedia.org/wiki/Main_Page;;")
                == "QR code: a web link, en dot wikipedia dot org slash wiki slash Main_Page.")
        #expect(CodeContent.parse("httpx://nothing", format: .qr) == .text("httpx://nothing"))
    }

    @Test func wifiCodesSayTheNetworkAndKeepThePasswordUnlessAsked() {
        let wifi = "WIFI:T:WPA;S:Home\\;Net;P:s3cret;H:true;;"
        #expect(CodeContent.parse(wifi, format: .qr) == .wifi(network: "Home;Net", security: .wpa, password: "s3cret", hidden: true))
        let said = Self.said(wifi)
        #expect(said == "QR code: Wi-Fi network Home;Net, WPA security, hidden. Password not read out; --show-password says it.")
        #expect(!said.contains("s3cret"))
        #expect(Self.said(wifi, revealSecrets: true).hasSuffix("Password: s3cret."))
        #expect(Self.said("WIFI:S:Cafe;T:nopass;;") == "QR code: Wi-Fi network Cafe, open, no password.")
    }

    @Test func contactsSayNameAndPhone() {
        #expect(Self.said("MECARD:N:Owen,Sean;TEL:+12125658770;EMAIL:srowen@google.com;;")
                == "QR code: a contact, Sean Owen, phone +1 212 565 8770, email srowen@google.com.")
        let vcard = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nTEL;TYPE=cell:0612345678\r\nEND:VCARD"
        #expect(CodeContent.parse(vcard, format: .qr) == .contact(name: "Jane Doe", phones: ["0612345678"], emails: []))
        #expect(Self.said(vcard) == "QR code: a contact, Jane Doe, phone 061 234 5678.")
    }

    @Test func eventsSayWhatAndWhenAndWhere() {
        let event = "BEGIN:VEVENT\nSUMMARY:Team lunch\nDTSTART:20261201T123000\nLOCATION:Cafe Nord\nEND:VEVENT"
        #expect(Self.said(event) == "QR code: an event, Team lunch, on 1 December 2026 at 12:30, at Cafe Nord.")
        #expect(Self.said("BEGIN:VEVENT\nDTSTART:20270101\nEND:VEVENT") == "QR code: an event, on 1 January 2027.")
    }

    @Test func plainTextIsTextAndTheRestIsCounted() {
        #expect(Self.said("Sean Owen\nsrowen@google.com\n917-364-2918") == "QR code: Sean Owen, srowen@google.com, 917-364-2918.")
        #expect(Self.said("Keep frozen!") == "QR code: Keep frozen!")
        #expect(Self.said("mailto:a%40b@example.org") == "QR code: an email address, a@b@example.org.")
        #expect(Self.said("tel:+441234567890") == "QR code: a phone number, +44 123 456 7890.")
        let bytes = String(decoding: [0x01, 0x02, 0x03, 0x41, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0B] as [UInt8], as: UTF8.self)
        #expect(Self.said(bytes, .dataMatrix) == "Data Matrix code holding 10 characters.")
    }

    /// A symbology added to `CodeFormat` needs its spoken name in the catalog: a barcode for
    /// the linear ones, a code for the others.
    @Test func everyFormatHasItsSpokenName() {
        for format in CodeFormat.allCases {
            #expect(Wording.english(format.spokenName) == format.rawValue + (format.isLinear ? " barcode" : " code"))
        }
    }

    @Test func everyMonthHasItsName() {
        let months = (1...12).map { Wording.english(.codeMonth, ["month": .integer($0)]) }
        #expect(months.allSatisfy { $0.first?.isLetter == true })
        #expect(Set(months).count == 12)
        #expect(months.first == "January" && months.last == "December")
    }
}

/// Where to move: the side a cut-off or off-centre code is on, "Closer." for a small one,
/// nothing for one well placed; closeness rising towards the middle at a good size.
@Suite struct AimingGuideTests {
    static let width = 640, height = 480

    static func advice(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> AimingGuide.Advice {
        AimingGuide.advice(for: Box(x: x, y: y, width: w, height: h), width: width, height: height, wording: .english)
    }

    @Test func aCutOffCodeIsOnTheSideThatCutsIt() {
        #expect(Self.advice(0, 200, 150, 80).sentence == "Code on the left. Move left.")
        #expect(Self.advice(540, 200, 100, 80).side == .right)
        #expect(Self.advice(250, 0, 200, 60).sentence == "Code at the top. Move up.")
        #expect(Self.advice(250, 430, 200, 50).side == .bottom)
        // Cut by two sides: the one its centre is further towards.
        #expect(Self.advice(0, 0, 150, 200).side == .left)
        #expect(Self.advice(0, 0, 200, 60).side == .top)
    }

    @Test func wholeButOffCentreAndSmallAndWellPlaced() {
        #expect(Self.advice(20, 200, 150, 80).side == .left)
        #expect(Self.advice(280, 210, 80, 40).sentence == "Closer.")
        let good = Self.advice(170, 170, 300, 140)
        #expect(good.sentence == nil)
        #expect(good.closeness > 0.9)
        #expect(Self.advice(0, 100, 640, 300).sentence == "Too close. Move back a little.")
        #expect(Self.advice(280, 210, 80, 40).closeness < good.closeness)
        #expect(Self.advice(20, 200, 150, 80).closeness < Self.advice(200, 200, 150, 80).closeness)
    }
}

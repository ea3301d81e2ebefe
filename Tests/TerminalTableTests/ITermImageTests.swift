import Foundation
import Testing

@testable import TerminalTable

@Suite struct ITermImageTests {
    @Test func framingFollowsTheSpec() throws {
        let image = try #require(ITermImage(columns: 6, rows: 2, png: [1, 2, 3]))
        #expect(image.sequence() == "\u{1B}]1337;File=inline=1;size=3;width=6;height=2;preserveAspectRatio=0:AQID\u{07}")
    }

    @Test(arguments: [1, 2, 3, 4, 57, 1000, 40_000])
    func payloadIsTheWholeFileInBase64(count: Int) throws {
        let payload = fakePNG(count: count, seed: UInt8(count % 256))
        let image = try #require(ITermImage(columns: 3, rows: 1, png: payload))
        let text = image.sequence()
        let prefix = "\u{1B}]1337;File="
        #expect(text.hasPrefix(prefix))
        #expect(text.hasSuffix("\u{07}"))
        // One OSC string: the only BEL ends it, and no ESC follows the introducer.
        #expect(text.filter { $0 == "\u{07}" }.count == 1)
        #expect(text.unicodeScalars.filter { $0 == "\u{1B}" }.count == 1)
        let body = text.dropFirst(prefix.count).dropLast()
        let parts = body.split(separator: ":", maxSplits: 1)
        #expect(parts.count == 2)
        let arguments = Dictionary(
            uniqueKeysWithValues: parts[0].split(separator: ";").map { pair in
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                return (String(keyValue[0]), String(keyValue[1]))
            })
        #expect(arguments == ["inline": "1", "size": "\(count)", "width": "3", "height": "1", "preserveAspectRatio": "0"])
        #expect(decodeBase64(String(parts[1])) == payload)
    }

    @Test func weztermCanBeAskedToKeepTheCursor() throws {
        let image = try #require(ITermImage(columns: 2, rows: 1, png: [0]))
        #expect(
            image.sequence(moveCursor: false)
                == "\u{1B}]1337;File=inline=1;size=1;width=2;height=1;preserveAspectRatio=0;doNotMoveCursor=1:AA==\u{07}")
    }

    @Test func tmuxPassesTheWholeStringOn() throws {
        let image = try #require(ITermImage(columns: 4, rows: 2, png: fakePNG(count: 300)))
        let wrapped = image.sequence(inTmux: true)
        #expect(unwrapTmux(wrapped) == [image.sequence()])
    }

    @Test func rejectsBadImages() {
        #expect(ITermImage(columns: 1, rows: 1, png: []) == nil)
        #expect(ITermImage(columns: 0, rows: 1, png: [1]) == nil)
        #expect(ITermImage(columns: 1, rows: 1001, png: [1]) == nil)
        #expect(ITermImage(columns: 1, rows: 1, png: [UInt8](repeating: 0, count: ITermImage.maximumPayload + 1)) == nil)
        #expect(ITermImage(columns: 1, rows: 1, png: [UInt8](repeating: 0, count: ITermImage.maximumPayload)) != nil)
    }
}

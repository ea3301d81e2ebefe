import Testing

@testable import TerminalTable

@Suite struct KittyDirectPlacementTests {
    @Test func transmitAndPlaceShowsAtTheCursorWithoutPlaceholders() throws {
        let payload = fakePNG(count: 100)
        let image = try #require(KittyImage(id: 7, columns: 6, rows: 3, format: .png, payload: payload))
        let commands = graphicsCommands(in: image.transmitAndPlaceSequence(placement: 1))
        #expect(commands.count == 1)
        #expect(commands[0].keyOrder == ["a", "f", "i", "p", "c", "r", "C", "q", "m"])
        #expect(commands[0].keys == ["a": "T", "f": "100", "i": "7", "p": "1", "c": "6", "r": "3", "C": "1", "q": "2", "m": "0"])
        #expect(commands[0].keys["U"] == nil, "no virtual placement: the picture is drawn at once")
        #expect(decodeBase64(commands[0].payload) == payload)
        // Without a placement id, none is sent.
        #expect(graphicsCommands(in: image.transmitAndPlaceSequence())[0].keys["p"] == nil)
    }

    @Test func largePayloadsAreChunkedLikeUploads() throws {
        let payload = fakePNG(count: 10_000)
        let image = try #require(KittyImage(id: 8, columns: 2, rows: 1, format: .rgba(pixelWidth: 50, pixelHeight: 50), payload: payload))
        let commands = graphicsCommands(in: image.transmitAndPlaceSequence())
        #expect(commands.count == 4)
        #expect(commands[0].keys["f"] == "32" && commands[0].keys["s"] == "50" && commands[0].keys["v"] == "50")
        #expect(commands.dropFirst().allSatisfy { $0.keyOrder == ["m", "q"] })
        #expect(commands.map { $0.keys["m"] } == ["1", "1", "1", "0"])
        #expect(decodeBase64(commands.map(\.payload).joined()) == payload)
    }

    @Test func placingAgainSendsNoData() throws {
        let image = try #require(KittyImage(id: 7, columns: 6, rows: 3, format: .png, payload: [1]))
        #expect(image.placeSequence(placement: 2) == "\u{1B}_Ga=p,i=7,p=2,c=6,r=3,C=1,q=2\u{1B}\\")
        #expect(image.placeSequence() == "\u{1B}_Ga=p,i=7,c=6,r=3,C=1,q=2\u{1B}\\")
    }

    @Test func deletingPlacementsKeepsTheData() throws {
        let image = try #require(KittyImage(id: 77, columns: 1, rows: 1, format: .png, payload: [1]))
        #expect(image.deletePlacementsSequence() == "\u{1B}_Ga=d,d=i,i=77,q=2\u{1B}\\")
        #expect(image.deletePlacementsSequence() != image.deleteSequence())
    }
}

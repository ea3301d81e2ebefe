import Testing

@testable import TerminalTable

@Suite struct KittyImageRegistryTests {
    func images(_ count: Int, in registry: inout KittyImageRegistry) throws -> [KittyImage] {
        var made: [KittyImage] = []
        for index in 0..<count {
            made.append(try make(&registry, payload: fakePNG(count: 20, seed: UInt8(index))))
        }
        return made
    }

    func make(_ registry: inout KittyImageRegistry, columns: Int = 2, payload: [UInt8] = [1]) throws -> KittyImage {
        let image = registry.makeImage(columns: columns, rows: 1, format: .png, payload: payload)
        return try #require(image)
    }

    /// Ids uploaded (`a=T`) and deleted (`a=d`) by `bytes`, in order.
    func actions(_ bytes: [UInt8]) -> (uploaded: [String], deleted: [String]) {
        let commands = graphicsCommands(in: String(decoding: bytes, as: UTF8.self))
        return (
            commands.filter { $0.keys["a"] == "T" }.compactMap { $0.keys["i"] },
            commands.filter { $0.keys["a"] == "d" }.compactMap { $0.keys["i"] }
        )
    }

    @Test func assignsIncreasingIdsFromFirstID() throws {
        var registry = KittyImageRegistry(firstID: 1000)
        let made = try images(3, in: &registry)
        #expect(made.map(\.id) == [1000, 1001, 1002])
        let invalid = registry.makeImage(columns: 0, rows: 1, format: .png, payload: [1])
        #expect(invalid == nil)
        #expect(try make(&registry).id == 1003)  // a failed image uses up no id
        // An out-of-range first id is clamped into 1...maximumID.
        var zero = KittyImageRegistry(firstID: 0)
        #expect(try make(&zero).id == 1)
    }

    @Test func transmitsEachImageOnce() throws {
        var registry = KittyImageRegistry()
        let made = try images(3, in: &registry)
        let first = registry.prepare(showing: [made[0], made[1]])
        #expect(actions(first).uploaded == ["1", "2"])
        #expect(actions(first).deleted.isEmpty)
        // The payload that arrives is the image's.
        let commands = graphicsCommands(in: String(decoding: first, as: UTF8.self))
        #expect(decodeBase64(commands[0].payload) == made[0].payload)
        // Same images again: nothing to send.
        #expect(registry.prepare(showing: [made[0], made[1]]).isEmpty)
        // One new image: only that one.
        #expect(actions(registry.prepare(showing: [made[1], made[2]])).uploaded == ["3"])
        #expect(registry.prepare(showing: []).isEmpty)
        #expect(registry.prepare(showing: [made[0]]).isEmpty)
        #expect(registry.transmittedCount == 3)
    }

    @Test func sameImageTwiceInOneFrameIsSentOnce() throws {
        var registry = KittyImageRegistry()
        let made = try images(1, in: &registry)
        #expect(actions(registry.prepare(showing: [made[0], made[0]])).uploaded == ["1"])
    }

    @Test func evictsLeastRecentlyShownAndRetransmitsLater() throws {
        var registry = KittyImageRegistry(capacity: 3)
        let made = try images(5, in: &registry)
        _ = registry.prepare(showing: [made[0]])
        _ = registry.prepare(showing: [made[1]])
        _ = registry.prepare(showing: [made[2]])
        _ = registry.prepare(showing: [made[0]])  // 0 is now more recent than 1 and 2
        let fourth = actions(registry.prepare(showing: [made[3]]))
        #expect(fourth.deleted == ["2"])  // image 1 (id 2) was shown longest ago
        #expect(fourth.uploaded == ["4"])
        #expect(!registry.isTransmitted(2))
        #expect(registry.transmittedCount == 3)
        // Two new images in one frame evict two.
        let fifth = actions(registry.prepare(showing: [made[4], made[1]]))
        #expect(fifth.deleted == ["3", "1"])
        #expect(fifth.uploaded == ["5", "2"])  // id 2 comes back: sent again
        #expect(registry.transmittedCount == 3)
    }

    @Test func deletesComeBeforeUploads() throws {
        var registry = KittyImageRegistry(capacity: 1)
        let made = try images(2, in: &registry)
        _ = registry.prepare(showing: [made[0]])
        let text = String(decoding: registry.prepare(showing: [made[1]]), as: UTF8.self)
        let delete = try #require(text.range(of: "a=d,d=I,i=1"))
        let upload = try #require(text.range(of: "a=T"))
        #expect(delete.lowerBound < upload.lowerBound)
    }

    @Test func neverEvictsAnImageOfTheCurrentFrame() throws {
        var registry = KittyImageRegistry(capacity: 2)
        let made = try images(4, in: &registry)
        let result = actions(registry.prepare(showing: made))
        #expect(result.uploaded == ["1", "2", "3", "4"])
        #expect(result.deleted.isEmpty)
        #expect(registry.transmittedCount == 4)
        // The next frame shows one of them: the surplus goes, oldest ids first.
        let next = actions(registry.prepare(showing: [made[3]]))
        #expect(next.deleted == ["1", "2"])
        #expect(next.uploaded.isEmpty)
    }

    @Test func idsSkipImagesStillInTheTerminalAfterWrapping() throws {
        var registry = KittyImageRegistry(firstID: KittyImage.maximumID - 1)
        let made = try images(2, in: &registry)
        #expect(made.map(\.id) == [KittyImage.maximumID - 1, KittyImage.maximumID])
        _ = registry.prepare(showing: made)
        let wrapped = try images(1, in: &registry)
        #expect(wrapped[0].id == 1)
        _ = registry.prepare(showing: wrapped)
        // Id 2 is free, id 1 is held: the next image gets 2.
        let next = try images(1, in: &registry)
        #expect(next[0].id == 2)
    }

    @Test func deleteAllAndInvalidate() throws {
        var registry = KittyImageRegistry(inTmux: true)
        let made = try images(2, in: &registry)
        let upload = String(decoding: registry.prepare(showing: made), as: UTF8.self)
        #expect(try #require(unwrapTmux(upload)).count == 2)
        let deletion = String(decoding: registry.deleteAll(), as: UTF8.self)
        #expect(unwrapTmux(deletion) == [EscapeSequence.kittyDelete(id: 1), EscapeSequence.kittyDelete(id: 2)])
        #expect(registry.transmittedCount == 0)
        #expect(registry.deleteAll().isEmpty)
        // After invalidate nothing is deleted, but everything is sent again.
        _ = registry.prepare(showing: made)
        registry.invalidate()
        #expect(registry.deleteAll().isEmpty)
        let again = String(decoding: registry.prepare(showing: made), as: UTF8.self)
        #expect(try #require(unwrapTmux(again)).count == 2)
    }
}

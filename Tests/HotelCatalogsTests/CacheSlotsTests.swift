import Testing

@testable import HotelCatalogs

/// The slots every server cache keeps its entries in: two ways per set, the less recently
/// used one replaced, an older version of an entry replaced in place.
@Suite("CacheSlots")
struct CacheSlotsTests {
    final class Box: Sendable {
        let key: UInt
        let version: Int
        init(_ key: UInt, _ version: Int = 0) {
            self.key = key
            self.version = version
        }
    }

    static func find(_ slots: CacheSlots<Box>, _ key: UInt) -> Box? { slots.find(key) { $0.key == key } }
    static func insert(_ slots: CacheSlots<Box>, _ box: Box) -> Box? { slots.insert(box, for: box.key) { $0.key == box.key } }

    @Test("keys sharing a set are both kept; a third replaces the one used less recently")
    func twoWays() {
        let slots = CacheSlots<Box>(capacity: 8)  // 4 sets: 1, 5, 9 and 13 share set 1
        #expect(slots.capacity == 8)
        #expect(Self.insert(slots, Box(1)) == nil)
        #expect(Self.insert(slots, Box(5)) == nil)
        #expect(Self.find(slots, 1)?.key == 1 && Self.find(slots, 5)?.key == 5)  // 5 used last
        #expect(Self.insert(slots, Box(9))?.key == 1)
        #expect(Self.find(slots, 1) == nil)
        #expect(Self.find(slots, 5)?.key == 5)  // now 5 is the recent one, so 9 goes next
        #expect(Self.insert(slots, Box(13))?.key == 9)
        #expect(Self.find(slots, 5)?.key == 5 && Self.find(slots, 13)?.key == 13)
        #expect(slots.count == 2)
    }

    @Test("a new version of an entry takes its place, even with the other way free")
    func replacesInPlace() {
        let slots = CacheSlots<Box>(capacity: 8)
        _ = Self.insert(slots, Box(2, 1))
        let old = Self.insert(slots, Box(2, 2))
        #expect(old?.version == 1)
        #expect(slots.count == 1)
        #expect(Self.find(slots, 2)?.version == 2)
        // A lookup for another version of a key finds nothing: the caller decides what matches.
        #expect(slots.find(2, where: { $0.version == 1 }) == nil)
    }

    @Test("capacity 1 is one slot; an odd capacity is rounded down to whole sets; 0 keeps nothing")
    func sizes() {
        let one = CacheSlots<Box>(capacity: 1)
        #expect(one.capacity == 1)
        _ = Self.insert(one, Box(1))
        #expect(Self.insert(one, Box(2))?.key == 1)
        #expect(one.count == 1 && Self.find(one, 2)?.key == 2)
        #expect(CacheSlots<Box>(capacity: 7).capacity == 6)
        #expect(CacheSlots<Box>(capacity: 0).capacity == 0)
    }
}

import Foundation

extension OTAAvailResponseBuilder {
    /// The known elements from the root (exclusive) down, one byte each, innermost in the
    /// low byte. Only known elements are pushed, and the deepest known chain is six long
    /// (RoomStays/RoomStay/RoomTypes/RoomType/RoomDescription/Text), so 64 bits hold it.
    struct Path {
        private var bits: UInt64 = 0

        /// `.unknown` at the root. Every byte pushed is an `OTAName`'s raw value (and 0 is
        /// `.unknown`), so the bit cast cannot make a value the enum lacks; the checked
        /// `init(rawValue:)` was an outlined call on every element.
        var last: OTAName { unsafeBitCast(UInt8(truncatingIfNeeded: bits), to: OTAName.self) }

        mutating func push(_ name: OTAName) {
            assert(bits >> 56 == 0, "OTAAvailResponseBuilder reads no chain of more than 8 elements")
            bits = bits << 8 | UInt64(name.rawValue)
        }

        mutating func pop() -> OTAName? {
            guard bits != 0 else { return nil }
            let name = last
            bits >>= 8
            return name
        }
    }
}

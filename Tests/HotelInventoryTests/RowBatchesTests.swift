import Foundation
import Testing

@testable import HotelInventory

/// The two threads of an SQLite import: whichever side fails first stops the other, and
/// neither waits for ever.
@Suite("RowBatches")
struct RowBatchesTests {
    static func rows(_ count: Int, from start: Int) -> [InventoryRow] {
        (start..<start + count).map { .deletion(hotelID: "H\($0)", file: "f.csv", line: $0) }
    }

    /// A thread started at once (the test then blocks its own thread in `next()`, as the
    /// importer does, so the reader must not wait for a task to be scheduled).
    final class Reader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var thrown: (any Error)?

        init(_ body: @escaping @Sendable () throws -> Void) {
            Thread {
                do { try body() } catch { self.thrown = error }
                self.done.signal()
            }.start()
        }

        /// What the thread threw, once it is done.
        func error() -> (any Error)? {
            done.wait()
            return thrown
        }
    }

    struct BadRow: Error {}

    @Test("every batch arrives in order, then the reading side's error, after the batches sent before it")
    func orderThenError() throws {
        let batches = RowBatches()
        let reader = Reader {
            for index in 0..<20 { try batches.send(Self.rows(3, from: index * 3)) }
            batches.finish(BadRow())
        }
        var ids: [String] = []
        var thrown: (any Error)?
        do {
            while let rows = try batches.next() { ids += rows.map(\.hotelID) }
        } catch {
            thrown = error
        }
        #expect(reader.error() == nil)
        #expect(ids == (0..<60).map { "H\($0)" })
        #expect(thrown is BadRow)
    }

    @Test("the writing side stopping makes a reader waiting for room throw Stopped instead of waiting for ever")
    func writerStops() throws {
        let batches = RowBatches()
        let reader = Reader {
            for index in 0..<1_000 { try batches.send(Self.rows(1, from: index)) }
            batches.finish(nil)
        }
        _ = try batches.next()
        batches.stop()
        #expect(reader.error() is RowBatches.Stopped)
    }
}

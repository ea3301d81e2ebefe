import Foundation
import GRDB
import HotelTestSupport
import Synchronization
import Testing

@testable import HotelCatalogs

/// The catalog's connections without a shared lock (`SQLiteReaders`): never more reads at
/// once than connections, every reader served when there are more threads than
/// connections, and a thread that reads again gets the connection it had.
@Suite("SQLiteReaders")
struct SQLiteReadersTests {
    let fixture = CatalogFixture.shared

    func readers(_ count: Int) throws -> SQLiteReaders {
        var config = Configuration()
        config.readonly = true
        return try SQLiteReaders(path: fixture.path, count: count, configuration: config)
    }

    @Test("16 threads on 2 connections: at most 2 reads at once, both used, every read answered")
    func moreThreadsThanConnections() throws {
        let readers = try readers(2)
        defer { try? readers.close() }
        let inFlight = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let answers = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            for _ in 0..<20 {
                let count = try? readers.read { db -> Int? in
                    let now = inFlight.add(1, ordering: .sequentiallyConsistent).newValue
                    _ = most.max(now, ordering: .sequentiallyConsistent)
                    defer { inFlight.subtract(1, ordering: .sequentiallyConsistent) }
                    // Until a second read is in flight, hold this one: on a busy machine the
                    // other threads might otherwise never overlap, and "both used" would be luck.
                    let deadline = ContinuousClock.now + .seconds(10)
                    while most.load(ordering: .sequentiallyConsistent) < 2, ContinuousClock.now < deadline { usleep(100) }
                    usleep(200)
                    return try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels")
                }
                if count == 2_000 { answers.add(1, ordering: .relaxed) }
            }
        }
        #expect(answers.load(ordering: .relaxed) == 16 * 20)
        #expect(most.load(ordering: .relaxed) == 2)
    }

    @Test("a thread reading again gets the same connection (an event loop touches no other's)")
    func threadKeepsItsConnection() throws {
        let readers = try readers(8)
        defer { try? readers.close() }
        let handles = try (0..<50).map { _ in try readers.read { db in UInt(bitPattern: db.sqliteConnection) } }
        #expect(Set(handles).count == 1)
    }

    @Test("connections are read-only")
    func readOnly() throws {
        let readers = try readers(1)
        defer { try? readers.close() }
        #expect(throws: DatabaseError.self) { try readers.read { db in try db.execute(sql: "DELETE FROM hotels") } }
        #expect(try readers.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels") } == 2_000)
    }
}

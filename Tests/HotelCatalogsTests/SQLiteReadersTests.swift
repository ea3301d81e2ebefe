import Foundation
import GRDB
import HotelSeeder
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

    func readers(_ count: Int) -> SQLiteReaders {
        var config = Configuration()
        config.readonly = true
        return SQLiteReaders(path: fixture.path, count: count, configuration: config)
    }

    @Test("16 threads on 2 connections: at most 2 reads at once, both used, every read answered")
    func moreThreadsThanConnections() throws {
        let readers = readers(2)
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
        let readers = readers(8)
        defer { try? readers.close() }
        let handles = try (0..<50).map { _ in try readers.read { db in UInt(bitPattern: db.sqliteConnection) } }
        #expect(Set(handles).count == 1)
    }

    @Test("a connection is opened when a read first needs it: none before, one for one thread, none after close")
    func opensOnFirstRead() throws {
        // A file of its own: other suites in this process hold the shared fixture open.
        let path = try TempDirectory.make("readers").appendingPathComponent("own.sqlite").path
        try CatalogSeeder.seed(count: 10, seed: 1, to: path)
        var config = Configuration()
        config.readonly = true
        let readers = SQLiteReaders(path: path, count: 8, configuration: config)
        #expect(readers.openCount == 0)
        #expect(Self.descriptors(on: path) == 0)
        for _ in 0..<5 { _ = try readers.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels") } }
        #expect(readers.openCount == 1)
        #expect(Self.descriptors(on: path) > 0)
        try readers.close()
        #expect(readers.openCount == 0)
        #expect(Self.descriptors(on: path) == 0)
        #expect(throws: DatabaseError.self) { try readers.read { db in try Int.fetchOne(db, sql: "SELECT 1") } }
    }

    /// This process's open files that are `path` or its WAL and shared memory.
    static func descriptors(on path: String) -> Int {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return open.count { fd in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) ?? ""
            return target == path || target.hasPrefix(path + "-")
        }
    }

    @Test("connections are read-only")
    func readOnly() throws {
        let readers = readers(1)
        defer { try? readers.close() }
        #expect(throws: DatabaseError.self) { try readers.read { db in try db.execute(sql: "DELETE FROM hotels") } }
        #expect(try readers.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM hotels") } == 2_000)
    }
}

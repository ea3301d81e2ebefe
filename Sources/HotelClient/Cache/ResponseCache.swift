import Crypto
import Foundation
import HotelSOAP
import Synchronization

/// SOAP responses kept on disk between runs, one file per request, so pages seen before come
/// back without the network, stay fresh as long as the service says (`Cache-Control:
/// max-age`), are revalidated with `If-None-Match` after that, and stand in when the service
/// cannot be reached.
///
/// One file per entry, written to a temporary name and renamed, so several `hotels`
/// processes can share the directory: a reader sees a whole entry or none. There is no index
/// to corrupt; an entry that does not read back is deleted and counts as a miss. The size is
/// capped: past `capacity`, the least recently used entries (by modification time, which a
/// hit refreshes) go first.
///
/// ```swift
/// let cache = ResponseCache(directory: cacheRoot.appendingPathComponent("responses"))
/// let key = cache.key(for: request, endpoint: url, dialect: "HotelSearch")
/// if let entry = cache.load(key), entry.isFresh(at: Date()) { … }
/// ```
public struct ResponseCache: Sendable {
    /// One stored response.
    public struct Entry: Sendable, Equatable {
        /// When it was received or last revalidated.
        public var storedAt: Date
        /// Seconds it stays fresh from `storedAt`; 0 when the service said none.
        public var maxAge: Int
        /// The service's validator, for `If-None-Match`.
        public var etag: String?
        /// The response body: a whole SOAP envelope.
        public var body: [UInt8]

        public init(storedAt: Date, maxAge: Int, etag: String?, body: [UInt8]) {
            self.storedAt = storedAt
            self.maxAge = maxAge
            self.etag = etag
            self.body = body
        }

        /// Usable without asking the service.
        public func isFresh(at now: Date) -> Bool { now.timeIntervalSince(storedAt) < Double(maxAge) }

        /// Seconds since it was stored or revalidated.
        public func age(at now: Date) -> Int { max(0, Int(now.timeIntervalSince(storedAt))) }
    }

    /// What `stats` reports.
    public struct Stats: Sendable, Equatable {
        public var entries: Int
        public var bytes: Int
        public var oldest: Date?
        public var newest: Date?
    }

    public let directory: URL
    /// The most bytes the entries may take together.
    public let capacity: Int
    /// What this process believes the entries take, so a store need not list the directory:
    /// a `search --all` of 200 pages listed (and stat'ed) every entry after every page,
    /// which doubled the walk's time. Shared by the copies of this value.
    private let usage = Usage()
    /// Stores queued by `storeInBackground`.
    private let writer = Writer()

    /// The bytes on disk as last listed, plus what this process stored since. Other
    /// processes' writes are not counted, so the directory is listed again every
    /// `relistEvery` stores as well as whenever the estimate passes `capacity`.
    private final class Usage: Sendable {
        static let relistEvery = 64
        private let state = Mutex<(bytes: Int, storesSinceListing: Int)?>(nil)

        /// Adds `bytes`; returns whether the directory should be listed now.
        func add(_ bytes: Int, capacity: Int) -> Bool {
            state.withLock { state in
                guard var known = state else { return true }
                known.bytes += bytes
                known.storesSinceListing += 1
                state = known
                return known.bytes > capacity || known.storesSinceListing >= Self.relistEvery
            }
        }

        func listed(_ bytes: Int) { state.withLock { $0 = (bytes, 0) } }
    }

    static let magic = Array("hotelsearch-response-cache 1\n".utf8)

    public init(directory: URL, capacity: Int = 256 << 20) {
        self.directory = directory
        self.capacity = capacity
    }

    /// The entry's name: SHA-256 of the endpoint, the dialect, the SOAP version and action,
    /// and the request's identity (its body without per-message parts such as an OTA
    /// `EchoToken`; a WS-Security header is added later and never part of it).
    public func key(for request: SOAPRequest, endpoint: URL, dialect: String) -> String {
        var hasher = SHA256()
        for part in [endpoint.absoluteString, dialect, "\(request.version)", request.action ?? ""] {
            hasher.update(data: Array(part.utf8) + [0])
        }
        hasher.update(data: request.identity)
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    private func file(_ key: String) -> URL { directory.appendingPathComponent(key + ".response") }

    /// The entry under `key`, if it is there and reads back whole; a hit counts as a use.
    public func load(_ key: String) -> Entry? {
        if let waiting = writer.pending(key) { return waiting }
        let url = file(key)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        guard let entry = Self.decode(Array(data)) else {
            try? FileManager.default.removeItem(at: url)  // corrupt: a miss, and gone
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        return entry
    }

    /// `store`, on the cache's own writer thread (see ``Writer``); `load` sees the entry
    /// at once. Call `flush` before the process ends.
    public func storeInBackground(_ key: String, _ entry: Entry) {
        if !writer.enqueue(key, entry, writing: self) { store(key, entry) }
    }

    /// Returns once every entry `storeInBackground` queued is on disk.
    public func flush() async { await writer.flush() }

    /// Stores `entry` under `key` atomically, then trims the cache to `capacity`.
    public func store(_ key: String, _ entry: Entry) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let temporary = directory.appendingPathComponent(".\(key).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp")
            let bytes = Data(Self.encode(entry))
            try bytes.write(to: temporary)
            if rename(temporary.path, file(key).path) != 0 { try? FileManager.default.removeItem(at: temporary) }
            if usage.add(bytes.count, capacity: capacity) { trim() }
        } catch {
            return  // a cache that cannot be written is only a slower cache
        }
    }

    /// Entries, bytes, and the oldest and newest use.
    public func stats() -> Stats {
        let files = listing()
        return Stats(
            entries: files.count, bytes: files.reduce(0) { $0 + $1.size }, oldest: files.map(\.used).min(), newest: files.map(\.used).max())
    }

    /// Deletes every entry; returns how many there were.
    @discardableResult
    public func clear() -> Int {
        let files = listing()
        for entry in files { try? FileManager.default.removeItem(at: entry.url) }
        return files.count
    }

    private func listing() -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let urls = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        return urls.filter { $0.pathExtension == "response" }.compactMap { url in
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
    }

    /// Least recently used first, down to 90 % of the capacity, so not every store trims.
    private func trim() {
        var files = listing()
        var total = files.reduce(0) { $0 + $1.size }
        defer { usage.listed(total) }
        guard total > capacity else { return }
        files.sort { $0.used < $1.used }
        for entry in files where total > capacity * 9 / 10 {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
        }
    }

    // MARK: The file format: a magic line, a JSON line, the body.

    private struct Header: Codable {
        var storedAt: Double
        var maxAge: Int
        var etag: String?
        var bodyBytes: Int
    }

    static func encode(_ entry: Entry) -> [UInt8] {
        let header = Header(
            storedAt: entry.storedAt.timeIntervalSince1970, maxAge: entry.maxAge, etag: entry.etag, bodyBytes: entry.body.count)
        let json = (try? JSONEncoder().encode(header)) ?? Data()
        return magic + Array(json) + [10] + entry.body
    }

    /// An entry file's bytes read back; nil for anything not whole and well-formed.
    public static func decode(_ bytes: [UInt8]) -> Entry? {
        guard bytes.count > magic.count, Array(bytes[..<magic.count]) == magic,
            let newline = bytes[magic.count...].firstIndex(of: 10),
            let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[magic.count..<newline])),
            header.bodyBytes == bytes.count - newline - 1, header.maxAge >= 0, header.storedAt.isFinite
        else { return nil }
        return Entry(
            storedAt: Date(timeIntervalSince1970: header.storedAt), maxAge: header.maxAge, etag: header.etag,
            body: Array(bytes[(newline + 1)...]))
    }
}

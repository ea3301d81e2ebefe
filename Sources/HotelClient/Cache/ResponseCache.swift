import Crypto
import Foundation
import HotelSOAP
import Synchronization

/// SOAP responses kept on disk between runs, one file per request, so pages seen before come
/// back without the network, stay fresh as long as the service says (`Cache-Control:
/// max-age`), are revalidated with `If-None-Match` after that, and stand in when the service
/// cannot be reached.
///
/// A body never sits whole in memory, on the way in or out: a response is written to a
/// temporary file as it streams (``Recording``) and renamed into place only once the reader
/// accepted all of it; a hit is read back in 64 KiB pieces (``Entry/read(_:)``). A response
/// larger than `maxEntrySize` is not kept at all, so a 400 MB answer costs no more than the
/// first `maxEntrySize` bytes written and deleted.
///
/// Entries belong to whoever asked: the key names the principal (``Principal``), so a
/// request without credentials, or with another user's, never reads an entry stored for
/// someone else.
///
/// One file per entry, renamed into place, so several `hotels` processes can share the
/// directory: a reader sees a whole entry or none. There is no index to corrupt; an entry that
/// does not read back is deleted and counts as a miss. The size is capped: past `capacity`,
/// the least recently used entries (by modification time, which a hit refreshes) go first.
///
/// ```swift
/// let cache = ResponseCache(directory: cacheRoot.appendingPathComponent("responses"))
/// let key = cache.key(for: request, endpoint: url, dialect: "HotelSearch", principal: .anonymous)
/// if let entry = cache.load(key), entry.isFresh(at: Date()) { try entry.read { chunk in … } }
/// ```
public struct ResponseCache: Sendable {
    /// Who a request was made as: part of every key.
    public struct Principal: Sendable, Hashable {
        let identity: String

        /// No credentials.
        public static let anonymous = Principal(identity: "")

        /// A WS-Security user. The password takes part through a one-way hash, so a wrong
        /// password misses the entry its owner stored; the key is itself a hash, so no file
        /// name carries the password or the user name.
        public static func user(_ token: UsernameToken) -> Principal {
            var hasher = SHA256()
            hasher.update(data: Array("hotels-cache-principal\0\(token.username)\0\(token.password)".utf8))
            let secret = hasher.finalize().map { String(format: "%02x", $0) }.joined()
            return Principal(identity: "wsse:\(token.username):\(secret)")
        }
    }

    /// One stored response: its metadata, and its body on disk.
    public struct Entry: Sendable {
        /// When it was received or last revalidated.
        public var storedAt: Date
        /// Seconds it stays fresh from `storedAt`; 0 when the service said none.
        public var maxAge: Int
        /// The service's validator, for `If-None-Match`.
        public var etag: String?
        /// The body's length.
        public var bodyBytes: Int
        /// The entry's file, open: a rename or a trim after `load` does not change what reads.
        let file: OpenFile

        /// Usable without asking the service.
        public func isFresh(at now: Date) -> Bool { now.timeIntervalSince(storedAt) < Double(maxAge) }

        /// Seconds since it was stored or revalidated.
        public func age(at now: Date) -> Int { max(0, Int(now.timeIntervalSince(storedAt))) }

        /// Hands the body to `consume` in pieces of at most `pieceSize` bytes.
        public func read(pieceSize: Int = 64 * 1024, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
            var piece = [UInt8](repeating: 0, count: pieceSize)
            var offset = ResponseCache.headerSize
            let end = offset + bodyBytes
            while offset < end {
                let wanted = min(pieceSize, end - offset)
                let got = piece.withUnsafeMutableBytes { buffer in file.read(into: buffer.baseAddress!, count: wanted, at: offset) }
                guard got > 0 else { throw CocoaError(.fileReadCorruptFile) }
                try piece.withUnsafeBytes { try consume(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
                offset += got
            }
        }

        /// The whole body, for small entries and tests; the client reads with `read`.
        public var body: [UInt8] {
            var all: [UInt8] = []
            all.reserveCapacity(bodyBytes)
            try? read { all.append(contentsOf: $0) }
            return all
        }
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
    /// The largest body kept: a quarter of `capacity`, so one answer never evicts most of the rest.
    public var maxEntrySize: Int { capacity / 4 }
    /// What this process believes the entries take, so a store need not list the directory:
    /// a `search --all` of 200 pages listed (and stat'ed) every entry after every page,
    /// which doubled the walk's time. Shared by the copies of this value.
    private let usage = Usage()

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

    /// The file format: this line, the header (JSON padded with spaces to a fixed size, so
    /// it can be written after the body without moving it), a newline, the body.
    static let magic = Array("hotelsearch-response-cache 2\n".utf8)
    static let headerSize = 512
    /// Temporary files older than this belong to a process that died mid-response.
    static let abandonedAfter: TimeInterval = 3600

    public init(directory: URL, capacity: Int = 256 << 20) {
        self.directory = directory
        self.capacity = capacity
    }

    /// The entry's name: SHA-256 of the endpoint, the principal, the dialect, the SOAP version
    /// and action, and the request's identity (its body without per-message parts such as an
    /// OTA `EchoToken`; a WS-Security header is added later and never part of it).
    public func key(for request: SOAPRequest, endpoint: URL, dialect: String, principal: Principal) -> String {
        var hasher = SHA256()
        for part in [endpoint.absoluteString, principal.identity, dialect, "\(request.version)", request.action ?? ""] {
            hasher.update(data: Array(part.utf8) + [0])
        }
        hasher.update(data: request.identity)
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    func file(_ key: String) -> URL { directory.appendingPathComponent(key + ".response") }

    /// The entry under `key`, if it is there and its header reads back whole; a hit counts as a use.
    public func load(_ key: String) -> Entry? {
        let url = file(key)
        guard let file = OpenFile(reading: url.path) else { return nil }
        guard let entry = Self.entry(in: file) else {
            try? FileManager.default.removeItem(at: url)  // corrupt: a miss, and gone
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        return entry
    }

    /// Starts keeping a response under `key` as it streams; nil when it cannot be kept (the
    /// directory cannot be written, the validator does not fit the header, or
    /// `expectedBytes` is already past `maxEntrySize`).
    public func record(_ key: String, storedAt: Date, maxAge: Int, etag: String?, expectedBytes: Int? = nil) -> Recording? {
        if let expectedBytes, expectedBytes > maxEntrySize { return nil }
        guard let header = Self.header(storedAt: storedAt, maxAge: maxAge, etag: etag, bodyBytes: 0) else { return nil }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return nil  // a cache that cannot be written is only a slower cache
        }
        let temporary = directory.appendingPathComponent(".\(key).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp")
        guard let out = OpenFile(creating: temporary.path) else { return nil }
        // A placeholder of the header's size: the real one, with the body's length, is
        // written over it at commit.
        guard out.append(header) else {
            try? FileManager.default.removeItem(at: temporary)
            return nil
        }
        return Recording(
            cache: self, key: key, temporary: temporary, file: out, storedAt: storedAt, maxAge: maxAge, etag: etag)
    }

    /// Stores a whole body at once (tests, and the 304 path through `refresh`).
    public func store(_ key: String, storedAt: Date, maxAge: Int, etag: String?, body: [UInt8]) {
        guard let recording = record(key, storedAt: storedAt, maxAge: maxAge, etag: etag, expectedBytes: body.count) else { return }
        body.withUnsafeBytes { recording.append($0) }
        recording.commit()
    }

    /// The entry again, with a new date, lifetime and validator (a 304): the body is copied
    /// file to file in pieces, never held whole.
    public func refresh(_ key: String, _ entry: Entry, storedAt: Date, maxAge: Int, etag: String?) {
        guard let recording = record(key, storedAt: storedAt, maxAge: maxAge, etag: etag, expectedBytes: entry.bodyBytes) else { return }
        do {
            try entry.read { recording.append($0) }
            recording.commit()
        } catch {
            recording.abandon()
        }
    }

    /// Called by a committed ``Recording``: counts its bytes and trims when due.
    func stored(bytes: Int) {
        if usage.add(bytes, capacity: capacity) { trim() }
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

    private func listing(includingTemporary: Bool = false) -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let urls =
            (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys, options: [])) ?? []
        return urls.filter { $0.pathExtension == "response" || (includingTemporary && $0.pathExtension == "tmp") }.compactMap { url in
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
    }

    /// Least recently used first, down to 90 % of the capacity, so not every store trims.
    /// Temporary files of processes that died mid-response go too.
    private func trim() {
        let all = listing(includingTemporary: true)
        let abandoned = Date().addingTimeInterval(-Self.abandonedAfter)
        for file in all where file.url.pathExtension == "tmp" && file.used < abandoned {
            try? FileManager.default.removeItem(at: file.url)
        }
        var files = all.filter { $0.url.pathExtension == "response" }
        var total = files.reduce(0) { $0 + $1.size }
        defer { usage.listed(total) }
        guard total > capacity else { return }
        files.sort { $0.used < $1.used }
        for entry in files where total > capacity * 9 / 10 {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
        }
    }

    // MARK: The file format

    private struct Header: Codable {
        var storedAt: Double
        var maxAge: Int
        var etag: String?
        var bodyBytes: Int
    }

    /// The magic line and the header padded to `headerSize`; nil when it would not fit.
    static func header(storedAt: Date, maxAge: Int, etag: String?, bodyBytes: Int) -> [UInt8]? {
        let header = Header(storedAt: storedAt.timeIntervalSince1970, maxAge: maxAge, etag: etag, bodyBytes: bodyBytes)
        guard let json = try? JSONEncoder().encode(header) else { return nil }
        let room = headerSize - magic.count - 1
        guard json.count <= room else { return nil }
        return magic + Array(json) + [UInt8](repeating: 0x20, count: room - json.count) + [10]
    }

    /// The entry an open file holds; nil for anything not whole and well-formed.
    static func entry(in file: OpenFile) -> Entry? {
        var head = [UInt8](repeating: 0, count: headerSize)
        let got = head.withUnsafeMutableBytes { file.read(into: $0.baseAddress!, count: headerSize, at: 0) }
        guard got == headerSize, Array(head[..<magic.count]) == magic, head[headerSize - 1] == 10,
            let header = try? JSONDecoder().decode(Header.self, from: Data(head[magic.count..<(headerSize - 1)])),
            header.bodyBytes >= 0, header.bodyBytes == file.size - headerSize, header.maxAge >= 0, header.storedAt.isFinite
        else { return nil }
        return Entry(
            storedAt: Date(timeIntervalSince1970: header.storedAt), maxAge: header.maxAge, etag: header.etag,
            bodyBytes: header.bodyBytes, file: file)
    }

    /// Whether the file at `url` is a whole, well-formed entry (tests, `hotels cache`).
    public static func isWholeEntry(_ url: URL) -> Bool {
        OpenFile(reading: url.path).flatMap(entry(in:)) != nil
    }
}

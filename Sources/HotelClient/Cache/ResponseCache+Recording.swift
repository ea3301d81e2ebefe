import Foundation
import Synchronization

extension ResponseCache {
    /// A response on its way into the cache: written to a temporary file as it streams,
    /// renamed into place by `commit` once the reader accepted all of it.
    ///
    /// Past ``ResponseCache/maxEntrySize`` it stops, deletes what it wrote and keeps nothing
    /// (the response itself goes on to its reader). One not committed is deleted when it goes
    /// away, so a response cut off, refused by the reader or abandoned by an error leaves no
    /// file behind. Writes go through a 64 KiB buffer: one `write(2)` per network chunk made
    /// a walk of small pages slower.
    public final class Recording: Sendable {
        private struct State {
            var file: OpenFile?
            var buffer: [UInt8] = []
            var bodyBytes = 0
        }
        private let cache: ResponseCache
        private let key: String
        private let temporary: URL
        private let storedAt: Date
        private let maxAge: Int
        private let etag: String?
        private let state: Mutex<State>
        static let bufferSize = 64 * 1024

        init(cache: ResponseCache, key: String, temporary: URL, file: OpenFile, storedAt: Date, maxAge: Int, etag: String?) {
            self.cache = cache
            self.key = key
            self.temporary = temporary
            self.storedAt = storedAt
            self.maxAge = maxAge
            self.etag = etag
            var state = State(file: file)
            state.buffer.reserveCapacity(Self.bufferSize)
            self.state = Mutex(state)
        }

        deinit { abandon() }

        /// Whether it is still keeping the response (false once too large, failed or done).
        public var isRecording: Bool { state.withLock { $0.file != nil } }

        /// Appends the next bytes of the body.
        public func append(_ bytes: UnsafeRawBufferPointer) {
            let keep = state.withLock { state -> Bool in
                guard let file = state.file else { return true }
                state.bodyBytes += bytes.count
                guard state.bodyBytes <= cache.maxEntrySize else { return false }
                if state.buffer.count + bytes.count > Self.bufferSize {
                    guard Self.drain(&state.buffer, to: file) else { return false }
                }
                if bytes.count >= Self.bufferSize {
                    return file.append(bytes)
                }
                state.buffer.append(contentsOf: bytes)
                return true
            }
            if !keep { abandon() }
        }

        /// Writes the header, renames the file into place, and counts it against the capacity.
        public func commit() {
            let done = state.withLock { state -> Int? in
                guard let file = state.file.take() else { return nil }
                defer { file.close() }
                guard Self.drain(&state.buffer, to: file),
                    let header = ResponseCache.header(storedAt: storedAt, maxAge: maxAge, etag: etag, bodyBytes: state.bodyBytes),
                    file.write(header, at: 0)
                else { return nil }
                return state.bodyBytes
            }
            guard let bytes = done else {
                try? FileManager.default.removeItem(at: temporary)
                return
            }
            if rename(temporary.path, cache.file(key).path) != 0 {
                try? FileManager.default.removeItem(at: temporary)
                return
            }
            cache.stored(bytes: bytes + ResponseCache.headerSize)
        }

        /// Stops keeping the response and deletes what was written.
        public func abandon() {
            let file = state.withLock { state -> OpenFile? in
                state.buffer = []
                return state.file.take()
            }
            guard let file else { return }
            file.close()
            try? FileManager.default.removeItem(at: temporary)
        }

        private static func drain(_ buffer: inout [UInt8], to file: OpenFile) -> Bool {
            guard !buffer.isEmpty else { return true }
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer.withUnsafeBytes { file.append($0) }
        }
    }
}

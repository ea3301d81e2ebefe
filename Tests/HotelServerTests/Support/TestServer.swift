import AsyncHTTPClient
import Foundation
import HotelCatalogs
import HotelSOAP
import HotelSeeder
import HotelServer
import Logging
import NIOCore
import NIOHTTP1

/// Runs the real service on an ephemeral loopback port for the length of `body`.
struct TestServer {
    let url: String
    let logs: LogRecorder

    /// `users` turns WS-Security on, as `hotels serve --users` does, with `clockSkew`.
    /// `silent` runs it with a log handler that keeps nothing, not even metadata, as
    /// `hotels demo` runs its in-process server.
    static func with<T: Sendable>(
        catalog: (any HotelCatalog)? = nil, maxBodySize: Int = 1 << 20, users: UserList? = nil, clockSkew: Duration = .seconds(300),
        silent: Bool = false, _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let catalog = try catalog ?? TestCatalog.open()
        let logs = LogRecorder()
        let logger =
            silent ? Logger(label: "test-server") { _ in SwiftLogNoOpLogHandler() } : Logger(label: "test-server") { _ in logs.handler }
        let service = HotelService(
            catalog: catalog,
            configuration: .init(host: "127.0.0.1", port: 0, maxBodySize: maxBodySize, users: users, clockSkew: clockSkew),
            logger: logger)
        let (urls, continuation) = AsyncStream<String>.makeStream()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await service.makeApplication { continuation.yield($0) }.run()
            }
            var iterator = urls.makeAsyncIterator()
            guard let url = await iterator.next() else { throw CancellationError() }
            defer { group.cancelAll() }
            return try await body(TestServer(url: url, logs: logs))
        }
    }

    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    func request(_ path: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: [UInt8]? = nil) async throws -> Reply {
        var request = HTTPClientRequest(url: url + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(body) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
    }

    func post(_ soap: SOAPRequest, path: String = "/soap") async throws -> Reply {
        try await request(path, method: .POST, headers: soap.headers.map { ($0.name, $0.value) }, body: soap.body)
    }

    /// POSTs raw bytes as SOAP 1.1 (or 1.2).
    func post(raw: String, version: SOAPVersion = .v11, action: String? = nil, path: String = "/soap") async throws -> Reply {
        var headers = [("Content-Type", version.contentType(action: version == .v12 ? action : nil))]
        if version == .v11, let action { headers.append(("SOAPAction", "\"\(action)\"")) }
        return try await request(path, method: .POST, headers: headers, body: Array(raw.utf8))
    }
}

/// Captures log lines so tests can check what the service logged.
final class LogRecorder: @unchecked Sendable {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let lock = NSLock()
    private var _entries: [Entry] = []
    var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return _entries
    }

    var handler: Handler { Handler(recorder: self) }

    func append(_ entry: Entry) {
        lock.lock()
        _entries.append(entry)
        lock.unlock()
    }

    struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            let all = self.metadata.merging(event.metadata ?? [:]) { $1 }
            recorder.append(Entry(level: event.level, message: "\(event.message)", metadata: all.mapValues { "\($0)" }))
        }
    }
}

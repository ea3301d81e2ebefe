import Foundation
import Hummingbird
import Logging

/// One info line per request: id, method, path, SOAP operation, authenticated user, status,
/// duration; with `detailed` (`--log-format json`) also the endpoint, the body's size in
/// bytes and the client's address. With `metrics`, the request is counted and timed there too.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Nil: no `/metrics`, nothing counted.
    var metrics: ServerMetrics? = nil
    /// The extra fields, as numbers where they are numbers. Off, the text line is the one
    /// it always was (scripts match it).
    var detailed = false

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let box = RequestLog.Box()
        metrics?.inFlight.increment()
        defer { metrics?.inFlight.decrement() }
        let response: Response
        do {
            response = try await RequestLog.$current.withValue(box) { try await next(request, context) }
        } catch let error as any HTTPResponseError {
            finish(request, context, box, error.status, bytes: nil, start)
            throw error
        } catch {
            finish(request, context, box, .internalServerError, bytes: nil, start)
            throw error
        }
        finish(request, context, box, response.status, bytes: response.body.contentLength, start)
        return response
    }

    private func finish(
        _ request: Request, _ context: Context, _ box: RequestLog.Box, _ status: HTTPResponse.Status, bytes: Int?,
        _ start: ContinuousClock.Instant
    ) {
        let logs = context.logger.logLevel <= .info
        guard metrics != nil || logs else { return }
        let elapsed = ContinuousClock.now - start
        let operation = box.operation
        let endpoint = ServerMetrics.Endpoint(path: request.uri.path)
        metrics?.request(endpoint: endpoint, operation: operation, status: status.code, duration: elapsed)
        // The metadata costs more than the rest of a GetHotel's logging; skip it when the
        // line would be dropped (`--log-level error`, as the bench runs).
        guard logs else { return }
        let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        var metadata: Logger.Metadata = ["method": "\(request.method)", "path": "\(request.uri.path)"]
        if detailed {
            metadata["status"] = .stringConvertible(status.code)
            metadata["duration_ms"] = .stringConvertible((ms * 1000).rounded() / 1000)
            metadata["endpoint"] = "\(endpoint.rawValue)"
            if let bytes { metadata["bytes"] = .stringConvertible(bytes) }
            if let client = (context as? any RemoteAddressRequestContext)?.remoteAddress?.ipAddress {
                metadata["client"] = "\(client)"
            }
        } else {
            metadata["status"] = "\(status.code)"
            metadata["duration_ms"] = "\(String(format: "%.2f", ms))"
        }
        if let operation { metadata["operation"] = "\(operation)" }
        if let user = box.user { metadata["user"] = "\(user)" }
        context.logger.info("request", metadata: metadata)
    }
}

/// Lets the endpoint tell the log line which SOAP operation a request was, without
/// threading it through every call: a task-local box the middleware reads afterwards.
enum RequestLog {
    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var _operation: String?
        private var _user: String?
        var operation: String? {
            get {
                lock.lock()
                defer { lock.unlock() }
                return _operation
            }
            set {
                lock.lock()
                _operation = newValue
                lock.unlock()
            }
        }
        var user: String? {
            get {
                lock.lock()
                defer { lock.unlock() }
                return _user
            }
            set {
                lock.lock()
                _user = newValue
                lock.unlock()
            }
        }
    }

    @TaskLocal static var current: Box?

    static var operation: String? {
        get { current?.operation }
        set { current?.operation = newValue }
    }

    /// The user the request authenticated as (`--users`).
    static var user: String? {
        get { current?.user }
        set { current?.user = newValue }
    }
}

import Foundation
import Hummingbird
import Logging

/// One info line per request: id, method, path, SOAP operation, authenticated user, status, duration.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let box = RequestLog.Box()
        let status: HTTPResponse.Status
        let response: Response
        do {
            response = try await RequestLog.$current.withValue(box) { try await next(request, context) }
            status = response.status
        } catch let error as any HTTPResponseError {
            status = error.status
            log(request, context, box, status, start)
            throw error
        } catch {
            log(request, context, box, .internalServerError, start)
            throw error
        }
        log(request, context, box, status, start)
        return response
    }

    private func log(
        _ request: Request, _ context: Context, _ box: RequestLog.Box, _ status: HTTPResponse.Status, _ start: ContinuousClock.Instant
    ) {
        // The metadata costs more than the rest of a GetHotel's logging; skip it when the
        // line would be dropped (`--log-level error`, as the bench runs).
        guard context.logger.logLevel <= .info else { return }
        let elapsed = ContinuousClock.now - start
        let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        var metadata: Logger.Metadata = [
            "method": "\(request.method)", "path": "\(request.uri.path)",
            "status": "\(status.code)", "duration_ms": "\(String(format: "%.2f", ms))",
        ]
        if let operation = box.operation { metadata["operation"] = "\(operation)" }
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

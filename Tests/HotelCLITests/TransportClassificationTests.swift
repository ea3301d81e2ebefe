import Foundation
import Testing

/// Transport failures are told apart by the errors' types (and errno), and the one line
/// the user sees says what happened and what to do: the real binary, real sockets.
@Suite("hotels search: each transport failure named by its type")
struct TransportClassificationTests {
    @Test("https to a port that speaks plain HTTP: exit 69, 'does not speak TLS', not 'untrusted'")
    func notTLS() async throws {
        let server = try await LiveServer.shared()
        let https = server.endpoint.replacingOccurrences(of: "http://", with: "https://")
        let result = try await HotelsBinary.run(["search", "--endpoint", https, "--retries", "0"])
        #expect(result.status == 69)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("does not speak TLS") && result.stderr.contains("http://"), "\(result.stderr)")
        #expect(!result.stderr.contains("not trusted"), "\(result.stderr)")
    }

    @Test("a host name that does not resolve: exit 69, named, and not retried")
    func hostNotFound() async throws {
        let result = try await HotelsBinary.run(["search", "--endpoint", "http://no-such-host.invalid/soap", "--retries", "3"])
        #expect(result.status == 69)
        #expect(result.stderrLines.count == 1, "a retry would log a line first: \(result.stderr)")
        #expect(result.stderr.contains("does not resolve"), "\(result.stderr)")
    }

    @Test("a refused connection: exit 69, and the line ends with the advice")
    func refused() async throws {
        let result = try await HotelsBinary.run(["search", "--endpoint", "http://127.0.0.1:9/soap", "--retries", "1"])
        #expect(result.status == 69)
        #expect(result.stderrLines.last?.contains("connection refused; is the service running? (hotels serve)") == true, "\(result.stderr)")
    }
}

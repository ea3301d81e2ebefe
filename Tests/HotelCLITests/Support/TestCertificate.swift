import ChildProcess
import Foundation

/// A self-signed certificate for 127.0.0.1 and localhost, made with the real `openssl`
/// for each test that needs one (an EC key: milliseconds), removed with the value.
final class TestCertificate: Sendable {
    let directory: URL
    var certificate: String { directory.appendingPathComponent("cert.pem").path }
    var key: String { directory.appendingPathComponent("key.pem").path }

    private init(directory: URL) { self.directory = directory }

    static func make() async throws -> TestCertificate {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let made = TestCertificate(directory: directory)
        let result = try await ChildProcess.run([
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", made.key, "-out", made.certificate, "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ])
        guard result.status == 0 else { throw SpawnError("openssl failed (\(result.status)): \(result.stderr)") }
        return made
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

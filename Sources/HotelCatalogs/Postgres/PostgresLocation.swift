import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL catalog lives, read from a libpq-style URL:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…&sslrootcert=FILE]`.
///
/// ```swift
/// let location = try PostgresLocation(url: "postgres://hotels@db.internal:5432/hotels?sslmode=require")
/// let client = PostgresClient(configuration: location.clientConfiguration(), backgroundLogger: logger)
/// ```
///
/// As libpq users expect: a password missing from the URL comes from `PGPASSWORD`, else from
/// the password file (`PGPASSFILE`, default `~/.pgpass`, lines `host:port:db:user:password`
/// with `*` wildcards); `sslmode` is `disable`, `prefer` (the default: TLS if the server
/// offers it, no certificate check), `require` (TLS, no certificate check), `verify-ca`
/// (the chain against `sslrootcert`) or `verify-full` (the chain and the host name).
/// `allow` is refused: postgres-nio cannot fall back from plain text to TLS.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    public enum SSLMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var user: String
    public var database: String
    public var password: String?
    public var sslMode: SSLMode
    /// A PEM file of trusted CA certificates for `verify-ca`/`verify-full` (default: the system's).
    public var sslRootCert: String?

    /// Whether `text` names a PostgreSQL database rather than a file.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses `url`; `environment` and `passwordFile` are for tests (default: this process's).
    public init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(CatalogError) {
        guard Self.isPostgresURL(url), let components = URLComponents(string: url) else {
            throw .invalidLocation(url, reason: "expected postgres://USER@HOST:PORT/DATABASE")
        }
        guard let host = components.host, !host.isEmpty else { throw .invalidLocation(url, reason: "no host") }
        self.host = host
        port = components.port ?? 5432
        user = components.user.flatMap { $0.removingPercentEncoding } ?? environment["PGUSER"] ?? "postgres"
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 } ?? user
        var mode = SSLMode.prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, let parsed = SSLMode(rawValue: value) else {
                    throw .invalidLocation(
                        url, reason: "sslmode must be one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                mode = parsed
            case "sslrootcert": sslRootCert = item.value
            case "application_name", "connect_timeout": break
            default: throw .invalidLocation(url, reason: "unknown parameter \(item.name)")
            }
        }
        sslMode = mode
        password =
            components.password.flatMap { $0.removingPercentEncoding } ?? environment["PGPASSWORD"]
            ?? Self.passwordFromFile(
                environment["PGPASSFILE"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.pgpass"),
                host: host, port: port, database: database, user: user)
    }

    /// The URL without the password, for messages and `/health`.
    public var description: String {
        "postgres://\(user)@\(host):\(port)/\(database)" + (sslMode == .prefer ? "" : "?sslmode=\(sslMode.rawValue)")
    }

    /// The pool's configuration: TLS as `sslmode` says.
    public func clientConfiguration() throws(CatalogError) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch try tlsSettings() {
        case .none: tls = .disable
        case .some((let config, let required)): tls = required ? .require(config) : .prefer(config)
        }
        return PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }

    /// One connection's configuration, the same settings as the pool's.
    public func connectionConfiguration() throws(CatalogError) -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch try tlsSettings() {
        case .none: tls = .disable
        case .some((let config, let required)):
            do {
                let context = try NIOSSLContext(configuration: config)
                tls = required ? .require(context) : .prefer(context)
            } catch {
                throw .invalidLocation(description, reason: "cannot set up TLS: \(error)")
            }
        }
        return PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }

    /// Connects once and hands the connection to `body`, then closes it. The pool retries a
    /// failed connection with backoff for as long as it is asked to; a first connection of
    /// our own makes a wrong password, host or certificate fail at once, with the server's reason.
    public func withConnection<T: Sendable>(logger: Logger, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await PostgresConnection.connect(configuration: try connectionConfiguration(), id: 0, logger: logger)
        do {
            let result = try await body(connection)
            try? await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// nil: no TLS; else the TLS settings and whether TLS is required.
    private func tlsSettings() throws(CatalogError) -> (TLSConfiguration, Bool)? {
        var config = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case .disable: return nil
        case .prefer, .require:
            // libpq checks no certificate in these modes: encryption against eavesdroppers only.
            config.certificateVerification = .none
            return (config, sslMode == .require)
        case .verifyCA, .verifyFull:
            config.certificateVerification = sslMode == .verifyFull ? .fullVerification : .noHostnameVerification
            if let sslRootCert {
                do {
                    config.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(sslRootCert))
                } catch {
                    throw .invalidLocation(description, reason: "cannot read sslrootcert \(sslRootCert): \(error)")
                }
            }
            return (config, true)
        }
    }

    /// The first matching line of a libpq password file, or nil. libpq ignores a file that
    /// others can read; so does this.
    static func passwordFromFile(_ path: String, host: String, port: Int, database: String, user: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & 0o077 == 0, let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = splitPgpassLine(Substring(line))
            guard fields.count == 5 else { continue }
            let wanted = [host, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// `a:b\:c` → `["a", "b:c"]`: fields split on unescaped colons, `\` escapes `:` and `\`.
    static func splitPgpassLine(_ line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for ch in line {
            if escaped {
                current.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == ":" && fields.count < 4 {
                fields.append(current)
                current = ""
            } else {
                current.append(ch)
            }
        }
        fields.append(current)
        return fields
    }
}

import ArgumentParser
import Foundation
import HotelClient
import HotelDialectFiles
import HotelSOAP
import Logging

/// Where the service is and how to talk to it, shared by `search` and `browse`.
struct ConnectionOptions: ParsableArguments {
    @Option(help: "The service's SOAP endpoint, e.g. http://127.0.0.1:8080/soap.")
    var endpoint: String?

    @Option(help: "Read the endpoint from the service's WSDL instead, e.g. http://127.0.0.1:8080/wsdl.")
    var wsdl: String?

    @Option(
        help: ArgumentHelp(
            "The service's vocabulary: hotelsearch (ours), ota (OpenTravel OTA_HotelAvailRQ) or a dialect file (D.yaml, docs/DIALECT-FILES.md). Default: what --wsdl declares, else hotelsearch.",
            valueName: "name|file"))
    var dialect: DialectChoice?

    @Option(name: .customLong("soap-version"), help: "1.1 or 1.2 (default: a dialect file's soap, else 1.1).")
    var soapVersion: SOAPVersion?

    @Option(help: "Seconds to wait for a connection, and for each part of a response.")
    var timeout: Double = 30

    @Option(
        help:
            "Extra attempts after a refused or reset connection or HTTP 503 (never after a fault); a page cut off mid-way is asked for again without repeating rows."
    )
    var retries: Int = 2

    @Option(help: "Abandon a response larger than this many bytes (a compressed one: once inflated).")
    var maxResponseSize: Int = 512 << 20

    @Option(
        name: .customLong("cacert"),
        help: ArgumentHelp(
            "Also trust the CA certificates in this PEM file for https (a company CA, a self-signed server).",
            valueName: "file"))
    var caCertificates: String?

    @Option(
        help: ArgumentHelp(
            "Sign each request with a WS-Security UsernameToken for this user (HTTP Basic for a dialect file with auth: basic); the password comes from HOTELS_PASSWORD or --password-file.",
            valueName: "name"))
    var username: String?

    @Option(help: ArgumentHelp("Read the password from the first line of this file (keep it chmod 600).", valueName: "file"))
    var passwordFile: String?

    @Option(
        help: ArgumentHelp(
            "digest (Base64 SHA-1 of a fresh nonce, the time and the password: the password never travels) or text (the password itself: only over https).",
            valueName: "type"))
    var passwordType: WSSecurity.PasswordType = .digest

    /// Refused: a password on the command line is visible to every user (ps) and kept in shell history.
    @Option(help: .hidden)
    var password: String?

    @Flag(help: "Answer only from the response cache; exit 69 for a request not in it.")
    var offline = false

    @Flag(help: "Neither use nor fill the response cache.")
    var noCache = false

    @Flag(name: .shortAndLong, help: "Also log each retry and its reason on standard error.")
    var verbose = false

    /// The client's logger: retry notices only with --verbose, so that by default a
    /// failure is the one line Diagnostics prints.
    var logger: Logger {
        CLILogging.logger(label: "hotels.client", level: verbose ? .info : .warning)
    }

    /// Flags that answer without talking to a service, like `--help`: with one of them the
    /// address may be left out (`hotels browse --images-info`).
    static let flagsWithoutService: Set<String> = ["--images-info"]

    func validate() throws {
        switch (endpoint, wsdl) {
        case (nil, nil):
            if CommandLine.arguments.dropFirst().contains(where: Self.flagsWithoutService.contains) { return }
            throw ValidationError("give the service's address: --endpoint URL (or --wsdl URL)")
        case (.some, .some): throw ValidationError("give --endpoint or --wsdl, not both")
        default: break
        }
        for url in [endpoint, wsdl].compactMap({ $0 }) {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else {
                throw ValidationError("\(url) is not an http(s) URL; e.g. --endpoint http://127.0.0.1:8080/soap")
            }
        }
        if password != nil {
            throw ValidationError(
                "a password on the command line is visible to every user (ps) and stays in shell history: put it in HOTELS_PASSWORD or --password-file FILE"
            )
        }
        if username == nil, passwordFile != nil { throw ValidationError("--password-file needs --username NAME") }
        if let username {
            guard !username.isEmpty else { throw ValidationError("--username must not be empty") }
            guard passwordFile != nil || ProcessInfo.processInfo.environment["HOTELS_PASSWORD"] != nil else {
                throw ValidationError("--username needs a password: set HOTELS_PASSWORD or give --password-file FILE")
            }
        }
        if offline && wsdl != nil { throw ValidationError("--offline needs --endpoint: --wsdl would fetch the WSDL from the network") }
        if offline && noCache { throw ValidationError("--offline answers from the cache, which --no-cache turns off: give one") }
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds") }
        guard (0...10).contains(retries) else { throw ValidationError("--retries must be 0…10") }
        guard maxResponseSize >= 1024 else { throw ValidationError("--max-response-size must be at least 1024") }
    }

    /// The client configuration, discovering the endpoint from the WSDL when asked. A
    /// dialect file is read first, so one with a mistake (or without a `request` section:
    /// `command` cannot search with it) is refused before anything is sent.
    func configuration(command: String) async throws -> HotelSearchClient.Configuration {
        let chosen = try dialect?.load()
        let file = chosen as? DialectFile
        if let file, case .file(let path)? = dialect { try DialectFiles.requireSearch(file, path: path, command: command) }
        let version = soapVersion ?? file?.soapVersion ?? .v11
        // SSL_CERT_FILE replaces the system's roots, as it does for OpenSSL and curl.
        let trustRoots = try TrustRoots(adding: caCertificates.map { [$0] } ?? [])
        let url: URL
        var spoken: any SOAPDialect = chosen ?? HotelSearchDialect()
        if let endpoint {
            url = URL(string: endpoint)!
        } else {
            let service = try await WSDLDiscovery.service(
                wsdl: URL(string: wsdl!)!, version: version, timeout: timeout, trustRoots: trustRoots)
            url = service.endpoint
            // The flag wins over the WSDL: a partner's WSDL may declare its messages in a way we do not recognise.
            if dialect == nil, let declared = service.dialect { spoken = declared }
        }
        let credentials = try self.credentials()
        // A dialect file may ask for HTTP Basic: --username and its password go in an
        // Authorization header then, not in a UsernameToken. Without `auth`, or with
        // `auth: wsse`, --username signs as for the built-in dialects.
        let basic = file?.auth == .basic
        let plainHTTP = url.scheme?.lowercased() == "http"
        if let credentials, basic, plainHTTP {
            Diagnostics.printError(
                "warning: HTTP Basic over http:// sends --username \(credentials.username)'s password in the clear (Base64 is no encryption); use https"
            )
        } else if let credentials, credentials.type == .text, plainHTTP {
            Diagnostics.printError(
                "warning: --password-type text over http:// sends the password in the clear; use https or --password-type digest")
        }
        var configuration = HotelSearchClient.Configuration(
            endpoint: url, version: version, dialect: spoken, timeout: timeout, retries: retries, maxResponseSize: maxResponseSize,
            trustRoots: trustRoots, credentials: basic ? nil : credentials)
        configuration.basicAuth = basic ? credentials : nil
        configuration.cache = noCache ? nil : ResponseCache(directory: CachePaths.responses)
        configuration.offline = offline
        return configuration
    }

    /// The UsernameToken from --username and the password from --password-file (which wins)
    /// or HOTELS_PASSWORD; nil without --username.
    func credentials() throws -> UsernameToken? {
        guard let username else { return nil }
        let password: String
        if let passwordFile {
            password = try Self.readPassword(passwordFile)
        } else {
            password = ProcessInfo.processInfo.environment["HOTELS_PASSWORD"] ?? ""
        }
        guard !password.isEmpty else {
            throw CommandFailure(status: .usage, message: "the password for --username \(username) is empty")
        }
        return UsernameToken(username: username, password: password, type: passwordType)
    }

    /// The first line of `path`, without its line end. Warns when the file is readable by
    /// group or others, as ssh does for keys (but goes on: the user may share the machine knowingly).
    static func readPassword(_ path: String) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0, let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(status: .noInput, message: "cannot read --password-file \(path): \(String(cString: strerror(errno)))")
        }
        if info.st_mode & 0o077 != 0 {
            Diagnostics.printError("warning: --password-file \(path) is readable by group or others; chmod 600 \(path)")
        }
        let text = String(decoding: data, as: UTF8.self)
        return String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    }
}

extension WSSecurity.PasswordType: ExpressibleByArgument {}

import ArgumentParser
import Foundation
import HotelBrowse
import HotelCatalogs
import HotelClient
import HotelDialectFiles
import HotelInventory
import HotelSOAP
import HotelServer
import HotelXML

/// Turns any error into one line on stderr and the matching exit code.
enum Diagnostics {
    static func exitCode(for error: any Error, context: String? = nil) -> ExitCode {
        let (status, message) = classify(error)
        let prefix = context.map { "\($0): " } ?? ""
        printError("\(prefix)\(message)")
        return ExitCode(status.rawValue)
    }

    static func classify(_ error: any Error) -> (ExitStatus, String) {
        switch error {
        case let failure as CommandFailure:
            return (failure.status, failure.message)
        case let fault as SOAPFault:
            return (.soapFault, fault.description)
        // OpenTravel's refusal is its fault: the partner answered, and said no.
        case let refused as OTAErrorResponse:
            return (.soapFault, refused.description)
        // A dialect file's `errors` path matched: the service's own refusal, as a fault is.
        case let refused as DialectServiceError:
            return (.soapFault, Self.oneLine(refused.description))
        // A dialect file refused before anything was sent: FILE:LINE:COLUMN: what is wrong.
        case let file as DialectFileError:
            return (.configuration, Self.oneLine(file.description))
        // An import's bad row, header or input: FILE:LINE: column NAME: what is wrong.
        case let inventory as InventoryError:
            switch inventory.kind {
            case .invalidData: return (.malformedResponse, Self.oneLine(inventory.description))
            case .formatUnknown: return (.usage, inventory.description)
            default: return (.noInput, inventory.description)
            }
        case let parse as SOAPParseError:
            return (.malformedResponse, parse.description)
        case let output as OutputError:
            return (.outputError, output.description)
        // `serve --catalog world.sqlite` before any `seed`: say how to make one.
        case let catalog as CatalogError where catalog.kind == .notFound:
            let path = catalog.path.map(Diagnostics.shellWord) ?? "FILE"
            return (.noInput, "\(catalog.description); make one with: hotels seed --output \(path)")
        case let catalog as CatalogError where catalog.kind == .notACatalog:
            return (.noInput, catalog.description)
        case let users as UserFileError:
            return (users.isMissing ? .noInput : .configuration, "--users \(users.description)")
        case let key as PageTokenKeyError:
            return (key.isMissing ? .noInput : .configuration, "--token-key-file \(key.description)")
        case let catalog as CatalogError where catalog.kind == .schemaMismatch:
            return (.configuration, catalog.description)
        case let catalog as CatalogError where catalog.kind == .invalidLocation:
            return (.usage, catalog.description)
        case let client as HotelClientError:
            let line = advice(for: client.code).map { "\(client.description); \($0)" } ?? client.description
            switch client.kind {
            case .network: return (.network, line)
            case .timeout: return (.timeout, line)
            case .http: return (.httpError, line)
            case .tooLarge: return (.malformedResponse, line)
            case .usage: return (.usage, line)
            default: return (.failure, line)
            }
        case let roots as TrustRootsError:
            let line = roots.source == .added ? "--cacert \(roots.description)" : roots.description
            return (roots.isMissing ? .noInput : .usage, line)
        case let xml as XMLWriterError:
            return (.usage, xml.description)
        // A query the dialect cannot put into its request: change the flags.
        case let dialect as SOAPDialectError where dialect.isAboutQuery:
            return (.usage, dialect.description)
        default:
            return (.failure, "\(error)")
        }
    }

    /// What to do about a transport failure, in terms of this command line. The client
    /// library says what happened; only the CLI knows its flags.
    static func advice(for code: HotelClientError.Code) -> String? {
        switch code {
        case .connectionRefused: return "is the service running? (hotels serve)"
        case .hostNotFound: return "check the host name in --endpoint"
        case .certificateUntrusted: return "give the CA's certificate with --cacert FILE"
        case .certificateNameMismatch: return "use the host name the certificate names"
        case .notTLS: return "is it an http:// service?"
        case .timeout: return "raise --timeout or check the service"
        case .responseTooLarge: return "raise --max-response-size if that is expected"
        case .redirectLoop: return "give the final URL with --endpoint"
        case .redirectRefused: return "if you trust the new address, give it with --endpoint"
        case .wsdlHasNoEndpoint: return "pass --endpoint instead"
        default: return nil
        }
    }

    /// `text` as one word for a POSIX shell, quoted only when it must be: a path in a
    /// command the user is told to run.
    static func shellWord(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "_./:@%+=,-".unicodeScalars.contains(scalar))
            }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` on one line: a message quoted from a file or a response may hold line breaks.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    static func printError(_ line: String) {
        StandardStream.error("hotels: \(line)\n")
    }
}

import ArgumentParser
import Foundation
import HotelClient
import HotelServer
import HotelSOAP

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
        case let parse as SOAPParseError:
            return (.malformedResponse, parse.description)
        case let output as OutputError:
            return (.outputError, output.description)
        case let catalog as CatalogError where catalog.kind == .notFound || catalog.kind == .notACatalog:
            return (.noInput, catalog.description)
        case let client as HotelClientError:
            switch client.kind {
            case .network: return (.network, client.description)
            case .timeout: return (.timeout, client.description)
            case .http: return (.httpError, client.description)
            case .tooLarge: return (.malformedResponse, client.description)
            case .usage: return (.usage, client.description)
            }
        case let roots as TrustRootsError:
            return (roots.isMissing ? .noInput : .usage, roots.description)
        case let xml as XMLWriterError:
            return (.usage, xml.description)
        default:
            return (.failure, "\(error)")
        }
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data("hotels: \(line)\n".utf8))
    }
}

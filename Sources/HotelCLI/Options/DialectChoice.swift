import ArgumentParser
import Foundation
import HotelDialectFiles
import HotelSOAP

/// `--dialect`: the vocabulary to speak or read: a built-in one by name, or a dialect file
/// (`Dialects/ota-avail.yaml`, docs/DIALECT-FILES.md). A value with a `/` in it, or ending
/// in `.yaml` or `.yml`, is a file; it is read when the command runs, before anything is
/// sent (`load()`), so a file with a mistake costs no request.
///
/// ```swift
/// DialectChoice(argument: "ota")                  // .ota
/// DialectChoice(argument: "Dialects/ours.yaml")   // .file("Dialects/ours.yaml")
/// DialectChoice(argument: "soap")                 // nil: ArgumentParser says the value is invalid
/// ```
enum DialectChoice: ExpressibleByArgument, Equatable, Sendable {
    case hotelsearch
    case ota
    /// A dialect file, by the path given.
    case file(String)

    init?(argument: String) {
        if Self.namesFile(argument) {
            self = .file(argument)
            return
        }
        switch argument.lowercased() {
        case "hotelsearch", "hotel-search": self = .hotelsearch
        case "ota", "opentravel": self = .ota
        default: return nil
        }
    }

    /// Whether `argument` is a path rather than a built-in dialect's name.
    static func namesFile(_ argument: String) -> Bool {
        let lowered = argument.lowercased()
        return argument.contains("/") || lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml")
    }

    /// Shell completion offers dialect files; the two names are in the help.
    static var defaultCompletionKind: CompletionKind { .file(extensions: ["yaml", "yml"]) }

    /// The dialect: a built-in one, or the file, read and checked now (``DialectFiles/read(_:)``).
    func load() throws -> any SOAPDialect {
        switch self {
        case .hotelsearch: return HotelSearchDialect()
        case .ota: return OTADialect()
        case .file(let path): return try DialectFiles.read(path)
        }
    }
}

/// Reading a dialect file for the command line, with the exit codes `hotels` gives: 66 for a
/// file that is not there or cannot be read, 78 (`DialectFileError`, `FILE:LINE:COLUMN:
/// what is wrong`) for one whose content is refused.
enum DialectFiles {
    /// The file at `path`, checked whole. Throws `CommandFailure` (66, or 78 for text that
    /// is not UTF-8) or `DialectFileError` (78).
    static func read(_ path: String) throws -> DialectFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure(status: .noInput, message: "\(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw CommandFailure(status: .noInput, message: "\(path): is a directory, not a dialect file")
        }
        guard FileManager.default.isReadableFile(atPath: path), let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(status: .noInput, message: "\(path): cannot read it (permission denied)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(status: .configuration, message: "\(path):1:1: not UTF-8 text; a dialect file is YAML in UTF-8")
        }
        return try DialectFile(yaml: text, file: path)
    }

    /// `search` and `browse` send requests: a file without a `request` section can only
    /// read saved responses, which is a usage mistake here (64), said before anything is sent.
    static func requireSearch(_ file: DialectFile, path: String, command: String) throws {
        guard !file.canSearch else { return }
        let shown = Diagnostics.shellWord(path)
        throw CommandFailure(
            status: .usage,
            message: "\(path) has no request section, so it can only parse saved responses "
                + "(hotels parse RESPONSE.xml --dialect \(shown)), not \(command); add request: to search with it")
    }

    /// `offset`, `token` or `none`, as `hotels dialect check` names a file's paging.
    static func pagingName(_ file: DialectFile) -> String { file.pagingName }
}

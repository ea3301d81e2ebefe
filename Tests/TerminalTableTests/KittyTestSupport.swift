import Foundation

@testable import TerminalTable

/// One kitty graphics command taken apart: its keys and its (base64) payload.
struct GraphicsCommand: Equatable {
    var keys: [String: String]
    var keyOrder: [String]
    var payload: String
}

/// The graphics commands (`ESC _ G … ESC \`) in `text`, in order. Anything between them
/// is ignored; tmux passthrough must be unwrapped first (see `unwrapTmux`).
func graphicsCommands(in text: String) -> [GraphicsCommand] {
    var commands: [GraphicsCommand] = []
    var rest = Substring(text)
    while let start = rest.range(of: "\u{1B}_G") {
        guard let end = rest[start.upperBound...].range(of: "\u{1B}\\") else { break }
        let body = rest[start.upperBound..<end.lowerBound]
        let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var keys: [String: String] = [:]
        var order: [String] = []
        for pair in parts[0].split(separator: ",") {
            let keyValue = pair.split(separator: "=", maxSplits: 1)
            keys[String(keyValue[0])] = keyValue.count > 1 ? String(keyValue[1]) : ""
            order.append(String(keyValue[0]))
        }
        commands.append(GraphicsCommand(keys: keys, keyOrder: order, payload: parts.count > 1 ? String(parts[1]) : ""))
        rest = rest[end.upperBound...]
    }
    return commands
}

/// Undoes tmux passthrough wrapping: returns the inner sequences, or nil when `text` is not
/// made only of well-formed `ESC P tmux; … ESC \` strings whose inner ESCs are all doubled.
func unwrapTmux(_ text: String) -> [String]? {
    let bytes = Array(text.utf8)
    let prefix = Array("\u{1B}Ptmux;".utf8)
    var sequences: [String] = []
    var index = 0
    while index < bytes.count {
        guard bytes[index...].starts(with: prefix) else { return nil }
        index += prefix.count
        var inner: [UInt8] = []
        var closed = false
        while index < bytes.count {
            if bytes[index] == 0x1B {
                guard index + 1 < bytes.count else { return nil }
                if bytes[index + 1] == 0x1B {
                    inner.append(0x1B)
                    index += 2
                    continue
                }
                if bytes[index + 1] == UInt8(ascii: "\\") {
                    index += 2
                    closed = true
                    break
                }
                return nil  // a lone ESC would end the passthrough early
            }
            inner.append(bytes[index])
            index += 1
        }
        guard closed else { return nil }
        sequences.append(String(decoding: inner, as: UTF8.self))
    }
    return sequences
}

/// Bytes that are not a valid PNG but do not need to be: the terminal is never asked.
func fakePNG(count: Int, seed: UInt8 = 0) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
}

func decodeBase64(_ text: String) -> [UInt8]? {
    Data(base64Encoded: text).map { Array($0) }
}

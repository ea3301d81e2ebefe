import Foundation

/// A program's name and version as terminals report them: the text of an XTVERSION reply
/// (`kitty(0.26.5)`, `XTerm(390)`, `foot(1.16.2)`, `ghostty 1.2.0`, `WezTerm
/// 20240203-110809-5046fc22`, `iTerm2 3.5.0`, `tmux 3.4`), the output of `tmux -V`
/// (`tmux 3.3a`, `tmux next-3.5`), or a bare version (`3.4`, tmux's TERM_PROGRAM_VERSION).
///
/// ```swift
/// let kitty = TerminalVersion("kitty(0.26.5)")
/// kitty.name                        // "kitty"
/// kitty.isAtLeast(0, 28)            // false
/// TerminalVersion("tmux 3.3a").numbers   // [3, 3]
/// ```
public struct TerminalVersion: Sendable, Hashable, CustomStringConvertible {
    /// The whole text, as reported.
    public let text: String
    /// The program, as spelled in the reply (compare with `isNamed(_:)`, which ignores case).
    public let name: String
    /// Everything after the name, e.g. `0.26.5`, `20240203-110809-5046fc22`, `next-3.5`.
    public let version: String
    /// The leading dotted numbers of `version`, after any non-digit prefix such as
    /// `next-`: `3.3a` gives [3, 3]; empty when there are none (`master`).
    public let numbers: [Int]

    /// Splits `name(version)` or `name version`; text with neither is all name, unless it
    /// starts with a digit, when it is all version (a bare `3.4`).
    public init(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        self.text = trimmed
        if let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") {
            name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
            version = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        } else if let space = trimmed.firstIndex(of: " ") {
            name = String(trimmed[..<space])
            version = trimmed[space...].trimmingCharacters(in: .whitespaces)
        } else if trimmed.first?.isNumber == true {
            name = ""
            version = trimmed
        } else {
            name = trimmed
            version = ""
        }
        numbers = Self.leadingNumbers(of: version)
    }

    public var description: String { text }

    /// Whether the program is `name`, ignoring case.
    public func isNamed(_ name: String) -> Bool {
        self.name.lowercased() == name.lowercased()
    }

    /// Whether `numbers` is at least `required`, missing components counting as 0; false
    /// when the version has no numbers at all.
    public func isAtLeast(_ required: Int...) -> Bool {
        guard !numbers.isEmpty else { return false }
        for index in 0..<max(numbers.count, required.count) {
            let have = index < numbers.count ? numbers[index] : 0
            let want = index < required.count ? required[index] : 0
            if have != want { return have > want }
        }
        return true
    }

    private static func leadingNumbers(of version: String) -> [Int] {
        guard let start = version.firstIndex(where: \.isASCIIDigit) else { return [] }
        var numbers: [Int] = []
        var current: Int?
        for character in version[start...] {
            if let digit = character.asciiDigitValue {
                current = min((current ?? 0) * 10 + digit, 1_000_000_000)
            } else if character == ".", let value = current {
                numbers.append(value)
                current = nil
            } else {
                break
            }
        }
        if let current { numbers.append(current) }
        return numbers
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { asciiDigitValue != nil }

    fileprivate var asciiDigitValue: Int? {
        guard let value = asciiValue, (0x30...0x39).contains(value) else { return nil }
        return Int(value - 0x30)
    }
}

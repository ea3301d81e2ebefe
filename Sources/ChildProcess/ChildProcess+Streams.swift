import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ChildProcess {
    /// Standard output so far when it is `.capture` ("" otherwise): read from its file,
    /// so it may be asked for while the child runs. "" too when it is not UTF-8 (so far),
    /// never a repaired text in which a test could find what it expects.
    package var stdout: String { (try? text(of: stdoutFile, "standard output")) ?? "" }
    /// Standard error so far when it is `.capture` ("" otherwise, or when it is not UTF-8).
    package var stderr: String { (try? text(of: stderrFile, "standard error")) ?? "" }

    /// A captured file's text; throws when it is not UTF-8.
    func text(of file: String?, _ name: String) throws -> String {
        guard let file, let bytes = FileManager.default.contents(atPath: file) else { return "" }
        guard let text = String(data: bytes, encoding: .utf8) else { throw SpawnError("\(argv[0]) wrote \(name) that is not UTF-8") }
        return text
    }

    /// Writes to standard input when it is `.pipe` and still open.
    package func writeStdin(_ text: String) {
        state.withLock { state in
            guard state.stdin >= 0 else { return }
            let bytes = Array(text.utf8)
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { write(state.stdin, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                written += n
            }
        }
    }

    /// Closes standard input (the child sees its end); does nothing the second time.
    package func closeStdin() {
        state.withLock { state in
            if state.stdin >= 0 {
                close(state.stdin)
                state.stdin = -1
            }
        }
    }

    /// Reads the piped standard output to EOF (the child closing it, normally by
    /// exiting). Blocks: not on a cooperative pool thread.
    package func readAll() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(stdoutPipe, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    /// Reads one line from the piped standard output, without the newline, and nothing
    /// past it: the rest stays in the pipe. "" at EOF. Blocks, as `readAll()` does.
    package func readLine() -> String {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(stdoutPipe, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 || byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Waits until the captured standard output holds a line containing `text` (any
    /// line, for ""), and returns that line; throws when the child ends first or after
    /// `timeout` seconds.
    package func waitForLine(containing text: String, timeout: Double) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while true {
            // Looked at once more after the deadline: on a loaded machine the sleep below can
            // outlast it while the line has long been there.
            let late = ContinuousClock.now >= deadline
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()  // only complete lines
            if let line = lines.first(where: { text.isEmpty || $0.contains(text) }) { return String(line) }
            if let ended = poll(), text.isEmpty || !stdout.contains(text) {
                throw SpawnError("\(argv[0]) ended (\(ended)) before printing \"\(text)\"; stderr: \(stderr)")
            }
            if late { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw SpawnError("no line containing \"\(text)\" from \(argv[0]) within \(timeout) s; stdout: \(stdout) stderr: \(stderr)")
    }
}

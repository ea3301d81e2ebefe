import ChildProcess
import Foundation
import HotelTestSupport
import TerminalTable
import Testing

/// `hotels parse` end to end: the real binary on the saved samples.
@Suite("hotels parse")
struct ParseCommandTests {
    @Test("CSV: header, then one RFC 4180 row per hotel")
    func csv() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("responses/search-ours-soap11.xml")])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "hotel_id,name,address,city,country,latitude,longitude,stars,price,currency,distance_km,logo_url")
        #expect(
            lines[1]
                == "H000101,Hotel Spreeblick Mitte,\"Unter den Linden 42, 10117 Berlin\",Berlin,DE,52.5171,13.3889,4,189.00,EUR,,http://localhost:8080/logos/H000101.png"
        )
        #expect(lines.count == 5 && lines.last == "")
    }

    @Test("a response with 50,000 attributes on one element: exit 65 at once, naming it (it spun for a minute)")
    func attributeFlood() async throws {
        let sample = try String(contentsOfFile: HotelsBinary.sample("responses/search-ours-soap11.xml"), encoding: .utf8)
        let flood = "<h:Hotel" + (0..<50_000).map { " a\($0)=\"v\"" }.joined() + ">"
        let response = sample.replacingOccurrences(of: "<h:Hotel>", with: flood)
        #expect(response != sample, "the sample's hotels are spelled <h:Hotel>")
        let result = try await HotelsBinary.run(["parse", "-"], stdin: Data(response.utf8))
        #expect(result.status == 65)
        #expect(result.stderr.contains("the element h:Hotel has more than 256 attributes"), "\(result.stderr)")
        #expect(result.stdout.isEmpty || result.stdout.split(separator: "\n").count == 1, "no rows past the refused tag")
    }

    /// windows-1252 leaves 0x81 undefined, so iconv fails on it inside libxml2, which
    /// also prints "encoding error" lines on its generic channel unless we silence it.
    @Test("a body libxml2 cannot convert from its declared encoding: one line on stderr, not libxml2's own as well")
    func conversionErrorIsOneLine() async throws {
        let sample = try String(contentsOfFile: HotelsBinary.sample("responses/search-ours-soap11.xml"), encoding: .utf8)
        let declared = sample.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"windows-1252\"")
        #expect(declared.contains("windows-1252"), "the sample declares UTF-8")
        // Inside the first hotel's id, so no row comes before the error.
        var body = Array(declared.utf8)
        let firstHotel = try #require(body.firstRange(of: Array("<h:HotelId>".utf8)))
        body.insert(0x81, at: firstHotel.upperBound + 1)
        let result = try await HotelsBinary.run(["parse", "-"], stdin: Data(body))
        #expect(result.status == 65)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("hotels: "), "\(result.stderr)")
    }

    @Test("an encoding SOAP does not allow: exit 65, one line naming it")
    func unsupportedEncoding() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("responses/utf7-cut-start-tag.xml")])
        #expect(result.status == 65)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\"UTF-7\"") && result.stderr.contains("UTF-8 or UTF-16"), "\(result.stderr)")
    }

    /// `curl … | hotels parse -`: rows are printed as their hotels arrive on standard
    /// input, not when it ends.
    @Test("parse - prints each row as its end tag arrives on standard input")
    func stdinStreams() async throws {
        let sample = try String(contentsOfFile: HotelsBinary.sample("responses/search-ours-soap11.xml"), encoding: .utf8)
        guard let firstEnd = sample.range(of: "</h:Hotel>") else {
            Issue.record("the sample's hotels end with </h:Hotel>")
            return
        }
        let parse = try ChildProcess([HotelsBinary.url.path, "parse", "-"], stdin: .pipe, stdout: .capture, stderr: .capture)
        parse.writeStdin(String(sample[..<firstEnd.upperBound]))
        try await waitUntil("the first row while standard input is still open", state: "\(parse.stdout) \(parse.stderr)") {
            parse.stdout.split(separator: "\n").count >= 2 || parse.poll() != nil
        }
        #expect(parse.poll() == nil, "still reading: \(parse.stderr)")
        #expect(parse.stdout.split(separator: "\n").count == 2)
        parse.writeStdin(String(sample[firstEnd.upperBound...]))
        parse.closeStdin()
        #expect(try await parse.wait(timeout: 20) == .exited(0), "\(parse.stderr)")
        #expect(parse.stdout.split(separator: "\n").count == 4)
    }

    @Test("CSV quotes embedded quotes, commas and markup exactly")
    func csvQuoting() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("responses/search-entities.xml")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("H001001,\"Hotel \"\"Le Petit Prince\"\" & Spa\","))
    }

    @Test("JSON Lines: one object per hotel with every field")
    func json() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("responses/search-korean.xml"), "--format", "json"])
        #expect(result.status == 0)
        let objects = try result.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        #expect(objects.count >= 2)
        #expect(objects[0]["name"] as? String == "한강 리버뷰 호텔")
        #expect(objects[0]["price"] as? String == "189000")
        #expect(objects[0]["currency"] as? String == "KRW")
        #expect(objects[0]["distance_km"] is NSNull)
    }

    @Test("TSV escapes tabs and newlines instead of breaking rows")
    func tsv() async throws {
        let result = try await HotelsBinary.run(
            ["parse", "-", "--format", "tsv"],
            stdin: try Data(contentsOf: URL(fileURLWithPath: HotelsBinary.sample("responses/search-ours-soap12.xml"))))
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 12 })
    }

    @Test("table: columns aligned by display width, CJK counted as two cells")
    func table() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("responses/search-japanese.xml"), "--format", "table"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The CITY column starts at the same display column on every row: the text before
        // it is as wide as the header's, though it holds kanji.
        let headerPrefix = String(lines[0][..<lines[0].range(of: "CITY")!.lowerBound])
        for (line, city) in zip(lines.dropFirst(2), ["東京", "京都"]) {
            let prefix = String(line[..<line.range(of: "  \(city)  ", options: .backwards)!.lowerBound]) + "  "
            #expect(DisplayWidth.of(prefix) == DisplayWidth.of(headerPrefix), "\(line)")
        }
    }

    @Test("reads standard input with -")
    func stdin() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: HotelsBinary.sample("responses/search-ours-soap11.xml")))
        let result = try await HotelsBinary.run(["parse", "-"], stdin: data)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 4)
    }

    @Test("a SOAP fault: exit 3, one line with code, reason, detail")
    func fault() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("responses/fault-soap11-client.xml")])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("SOAP fault Client"))
        #expect(result.stderr.contains("field Limit"))
        #expect(result.stdout.isEmpty, "no header before a failure: it would read as an empty result")
    }

    @Test("a truncated response: exit 65, the line, and how many rows were written")
    func truncated() async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("responses/truncated.xml")])
        #expect(result.status == 65)
        #expect(result.stderr.contains("cut off"))
        #expect(result.stderr.contains("line"))
        #expect(result.stderr.contains("row(s) were written before the error"))
    }

    @Test(
        "malformed XML, a DOCTYPE and an HTML page: exit 65 with what arrived",
        arguments: [
            ("malformed-mismatched-tag.xml", "malformed XML"), ("doctype-xxe.xml", "DOCTYPE"), ("html-502.html", "502 Bad Gateway"),
        ])
    func badResponses(_ file: String, _ words: String) async throws {
        let result = try await HotelsBinary.run(["parse", HotelsBinary.sample("responses/\(file)")])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains(words))
    }

    @Test("a missing file: exit 66 naming it")
    func missingFile() async throws {
        let result = try await HotelsBinary.run(["parse", "/nonexistent/response.xml"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("/nonexistent/response.xml"))
    }

    @Test("an unknown flag or format: exit 64 with usage")
    func usage() async throws {
        #expect(try await HotelsBinary.run(["parse", "x.xml", "--bogus"]).status == 64)
        let result = try await HotelsBinary.run(["parse", "x.xml", "--format", "xml"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("format"))
    }

    @Test("--help shows examples and the exit codes")
    func help() async throws {
        let result = try await HotelsBinary.run(["parse", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("65"))
    }

    /// `hotels parse` of a response with 20,000 hotels into `| head -c 10`, its stderr to a
    /// file: the exit status and what it wrote on stderr.
    func intoClosedPipe(_ options: [String]) async throws -> (status: Int32, stderr: String) {
        let sample = try String(contentsOfFile: HotelsBinary.sample("responses/search-ours-soap11.xml"), encoding: .utf8)
        // One response with enough hotels to overflow the pipe after `head` has gone.
        let hotel = sample[sample.range(of: "<h:Hotel>")!.lowerBound..<sample.range(of: "</h:Hotel>")!.upperBound]
        let big = sample.replacingOccurrences(of: String(hotel), with: String(repeating: String(hotel), count: 20_000))
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("hotels-pipe-\(UUID().uuidString).xml")
        try big.write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let errors = input.appendingPathExtension("stderr")
        defer { try? FileManager.default.removeItem(at: errors) }
        let flags = options.map { " \($0)" }.joined()
        let bash = try ChildProcess(
            [
                "/bin/bash", "-c",
                "'\(HotelsBinary.url.path)' parse '\(input.path)'\(flags) 2>'\(errors.path)' | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}",
            ], stderr: .inherit)
        let status = try await bash.waitForExit().code
        return (status, try String(contentsOf: errors, encoding: .utf8))
    }

    @Test("a closed pipe (| head): stops quietly with exit 0, as cat and rg do; not death by SIGPIPE")
    func closedPipe() async throws {
        let (status, message) = try await intoClosedPipe([])
        #expect(status == 0, "\(message)")
        #expect(message.isEmpty, "\(message)")
    }

    @Test("a closed pipe with --strict-pipe: exit 74 and one line saying so")
    func closedPipeStrict() async throws {
        let (status, message) = try await intoClosedPipe(["--strict-pipe"])
        #expect(status == 74, "\(message)")
        #expect(message.split(separator: "\n").count == 1, "\(message)")
        #expect(message.contains("pipe was closed"), "\(message)")
    }
}

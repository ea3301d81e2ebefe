// swift-tools-version:6.0
import PackageDescription

// Module map: see docs/ARCHITECTURE.md. Arrows point down only: HotelSOAP knows no
// network, TerminalTable knows no hotels, HotelServer knows no terminal, HotelBrowse knows
// no command line.
// Linux only (the code calls Glibc directly), so no platforms are claimed.
let package = Package(
    name: "HotelSearch",
    products: [
        .executable(name: "hotels", targets: ["hotels"]),
        .library(name: "HotelSOAP", targets: ["HotelSOAP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Both already come with async-http-client; named so the client can configure its
        // TLS trust roots (NIOSSL) and recognise decompression failures (NIOHTTPCompression).
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // Already resolved through Hummingbird's dependencies; named so the OTA endpoint can
        // sign its paging tokens (HMAC-SHA256) without a hand-rolled MAC.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        // The PostgreSQL catalog (issue 19): one database behind several stateless replicas.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // Dialect files (issue 30): YAML because Yams gives every node its line and column,
        // so a mistake in a file is reported where it is; request templates in Mustache.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // GET /metrics (issue 33 point 4): the code counts through swift-metrics' API, and a
        // Prometheus registry the service owns renders the text format.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // libxml2's pull parser on its own stack, fed like a push parser (see xml_pull.h).
        // The start-tag limits both XML readers share: one header the two C modules include.
        .target(name: "CXMLLimits"),
        .target(
            name: "CXMLPull",
            dependencies: ["CLibXML2", "CXMLLimits"]
        ),
        // Our own UTF-8 XML tokenizer: libxml2's SAX2 alone costs most of the parse's budget
        // (see xml_tok.h); libxml2 still reads other encodings.
        .target(name: "CXMLTok", dependencies: ["CXMLLimits"]),
        // The streaming XML engine: the only target that imports the C readers. SAX events
        // to a `SAXHandler`, content sniffing, text buffers, number parsing, `XMLWriter`;
        // knows no SOAP and no hotel.
        .target(
            name: "HotelXML",
            dependencies: ["CLibXML2", "CXMLPull", "CXMLTok"]
        ),
        // The SOAP envelope (faults, the Header's WS-Security) and the dialect seam, with our
        // contract and OpenTravel as peers that each read the Body the envelope hands them.
        .target(
            name: "HotelSOAP",
            dependencies: ["HotelXML", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Dialect files (docs/DIALECT-FILES.md): a YAML file that describes a hotel SOAP
        // service, compiled at load into a streaming path matcher and request templates;
        // a `SOAPDialect` like the built-in ones.
        .target(
            name: "HotelDialectFiles",
            dependencies: [
                "HotelSOAP", "HotelXML",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .target(name: "TerminalTable"),
        // Runs other programs (posix_spawn, waitpid): the one child-process helper of the
        // benchmark harness and the tests.
        .target(name: "ChildProcess"),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // No pkgConfig: some Debian libjpeg62-turbo-dev builds ship no libjpeg.pc, and a
        // missing .pc makes SwiftPM warn. The modulemap links "jpeg" from /usr/include.
        .systemLibrary(
            name: "CJPEG",
            providers: [.apt(["libjpeg-dev"])]
        ),
        // Decode PNG/JPEG, thumbnail, encode PNG, draw monogram logos. Shared by the
        // client (logos in the table) and the server (it draws each hotel's logo).
        .target(
            name: "Imaging",
            dependencies: ["CPNG", "CJPEG"]
        ),
        // The catalogs: SQLite (GRDB) and PostgreSQL (postgres-nio), their schema and search
        // plans. Knows no HTTP and no seeding.
        // sqlite3_config, which is variadic and so not callable from Swift.
        .target(name: "CSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        // C: SCHED_IDLE and CPU affinity, which Glibc declares only for _GNU_SOURCE
        // (`hotels import --priority low`).
        .target(name: "CProcessPriority"),
        .target(
            name: "HotelCatalogs",
            dependencies: [
                "HotelSOAP",
                "CSQLiteSetup",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // Your own hotels (issue 32): CSV and JSON Lines into an SQLite or PostgreSQL catalog
        // (`hotels import`) and back out (`hotels export`). Streams its input; writes through a
        // small `InventoryWriter` protocol, one per catalog. It alone makes new catalogs: the
        // seeder's hotels come in through it too.
        .target(
            name: "HotelInventory",
            dependencies: [
                "HotelCatalogs",
                "HotelSOAP",
                "Imaging",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for binding a bulk insert's values without boxing them.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The seeder: invents demo hotels and writes them through the import into either
        // catalog. Its cities and word lists are data (Resources/*.json, read through
        // Bundle.module), not code.
        .target(
            name: "HotelSeeder",
            dependencies: [
                "HotelCatalogs",
                "HotelInventory",
                "HotelSOAP",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.process("Resources")]
        ),
        // The service: connections, endpoints, WS-Security. Reads a catalog, writes none.
        .target(
            name: "HotelServer",
            dependencies: [
                "HotelSOAP",
                "HotelXML",
                "HotelCatalogs",
                "Imaging",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // The WSDLs it serves, copied byte for byte (WSDL/ at the root links to them).
            resources: [.copy("Resources/HotelSearch.wsdl"), .copy("Resources/OTAHotelAvail.wsdl")]
        ),
        // zlib for the client's own inflater: bounded output per piece (see Inflater.swift).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "HotelClient",
            dependencies: [
                "HotelSOAP",
                "CZlib",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The interactive table of `hotels browse` and `hotels demo` (a terminal application),
        // and how hotels are presented to people and scripts alike: columns, prices, CSV rows.
        .target(
            name: "HotelBrowse",
            dependencies: [
                "ChildProcess",
                "HotelSOAP",
                "HotelClient",
                "Imaging",
                "TerminalTable",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "HotelCLI",
            dependencies: [
                "HotelSOAP",
                "HotelXML",
                "HotelClient",
                // --dialect D.yaml and `hotels dialect check` (issue 30).
                "HotelDialectFiles",
                "HotelBrowse",
                "HotelServer",
                "HotelCatalogs",
                "HotelSeeder",
                "HotelInventory",
                "TerminalTable",
                "CProcessPriority",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                // `hotels serve` bootstraps MetricsSystem with its server's registry.
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            // `hotels --version` names the commit the binary was built from.
            plugins: [.plugin(name: "VersionStamp")]
        ),
        // Writes `let buildCommit = "…"` (git rev-parse --short HEAD, or "unknown") into
        // the target it is applied to; rerun when the checkout's HEAD moves.
        .plugin(
            name: "VersionStamp",
            capability: .buildTool()
        ),
        .executableTarget(
            name: "hotels",
            dependencies: ["HotelCLI"]
        ),
        // The benchmark harness (BENCHMARKS.md). It also runs the `hotels` binary of the
        // same build; an executable cannot link another, so the harness builds it itself.
        .executableTarget(
            name: "hotels-bench",
            dependencies: [
                "HotelSOAP", "HotelBrowse", "HotelClient", "TerminalTable", "Imaging", "CLibXML2", "CXMLPull", "CXMLTok", "ChildProcess",
                "HotelDialectFiles", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test support more than one test target uses (the repository's folders, waiting
        // without blocking a thread): a regular target, since no target can import a test target.
        .target(
            name: "HotelTestSupport",
            dependencies: [
                "HotelCatalogs", "HotelSeeder", "HotelSOAP", "ChildProcess",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/HotelTestSupport"
        ),
        // The catalogs alone: search plans, the row cache, opening, PostgreSQL beside SQLite.
        .testTarget(
            name: "HotelCatalogsTests",
            dependencies: [
                "HotelCatalogs", "HotelSeeder", "HotelSOAP", "HotelTestSupport", "ChildProcess",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The seeder alone: what it invents, byte for byte from a seed.
        .testTarget(
            name: "HotelSeederTests",
            dependencies: [
                "HotelSeeder", "HotelInventory", "HotelCatalogs", "HotelSOAP", "HotelTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Import and export alone: the CSV and JSON Lines readers, each column's rules, the
        // SQLite writer against real files. End to end through the binary in HotelCLITests.
        .testTarget(
            name: "HotelInventoryTests",
            dependencies: [
                "HotelInventory", "HotelCatalogs", "HotelSeeder", "HotelSOAP", "Imaging", "HotelTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The engine alone: the tokenizer's well-formedness rules, interning.
        .testTarget(
            name: "HotelXMLTests",
            dependencies: ["HotelXML", "CXMLTok"]
        ),
        // CLibXML2: the schema tests validate with libxml2's schema API, a reference, not the engine.
        .testTarget(
            name: "HotelSOAPTests",
            dependencies: ["HotelSOAP", "HotelXML", "CLibXML2"]
        ),
        .testTarget(
            name: "HotelServerTests",
            dependencies: [
                // CLibXML2: the OTA tests validate responses with libxml2's schema API.
                "HotelServer", "HotelCatalogs", "HotelSeeder", "HotelSOAP", "Imaging", "CLibXML2", "ChildProcess", "HotelTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The reload counters, read back without bootstrapping a process-wide backend.
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            exclude: ["Interop"]
        ),
        // The client library alone: the transport's steps, the response cache, inflating,
        // spilling. End-to-end client behaviour is tested through the binary in HotelCLITests.
        .testTarget(
            name: "HotelClientTests",
            dependencies: [
                // ChildProcess: the inflater is checked against the system's gzip.
                "HotelClient", "HotelSOAP", "ChildProcess",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The browse table's parts that need no service (filter, prompts, logo rules) and the
        // presentation both tables share (columns, CSV rows). The table itself against a real
        // service is tested through HotelCLITests' servers and tmux.
        .testTarget(
            name: "HotelBrowseTests",
            // HotelSeeder: the row encoder tests draw random hotels from its SplitMix64.
            dependencies: ["HotelBrowse", "HotelClient", "HotelSOAP", "HotelSeeder", "Imaging", "TerminalTable"]
        ),
        // Dialect files: load errors, path matching, equality with the built-in readers on
        // the saved samples, requests, and flat memory over a 100 MB response.
        .testTarget(
            name: "HotelDialectFilesTests",
            dependencies: ["HotelDialectFiles", "HotelSOAP", "HotelXML"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TerminalTableTests",
            dependencies: ["TerminalTable"]
        ),
        .testTarget(
            name: "ImagingTests",
            dependencies: ["Imaging"],
            // Fixtures are read from disk via #filePath, not bundled as resources.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "HotelCLITests",
            // "hotels" and "hotels-bench" so the binaries the end-to-end tests run are built first.
            dependencies: [
                "HotelCLI", "HotelBrowse", "HotelClient", "HotelSOAP", "HotelServer", "HotelCatalogs", "HotelSeeder", "HotelInventory",
                "Imaging",
                "TerminalTable", "hotels", "hotels-bench", "ChildProcess", "HotelTestSupport",
                // The shipped dialect files' requests, compared with the built-in builder's.
                "HotelDialectFiles",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Support/Scripts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Habitat",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "habitat", targets: ["habitat"]),
        .executable(name: "habitat-bench", targets: ["habitat-bench"]),
        .library(name: "HabitatEngine", targets: ["HabitatEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: []),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV.git", from: "0.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    ],
    targets: [
        // The game: value types and pure rules. Foundation only, so any app can embed it.
        .target(name: "HabitatEngine"),
        // Household rooms: their members, owners, shared habits, log and fair shares, as pure values and rules.
        .target(name: "HabitatHousehold", dependencies: ["HabitatEngine"]),
        // SQLite's process-wide settings, applied once before any database opens (C: `sqlite3_config` is variadic).
        .target(name: "CSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        // Per-user and directory SQLite databases, migrations, the ledger.
        .target(
            name: "HabitatStorage",
            dependencies: [
                "HabitatEngine", "HabitatHousehold", "CSQLiteSetup",
                .product(name: "GRDB", package: "GRDB.swift"),
                // Locks the race detector can see (Synchronization's Mutex is invisible to ThreadSanitizer on Linux).
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // SQLite's C interface, for the statements every recorded action runs.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                // What storage tells an operator (queue, waits, checkpoints), through whatever backend the server picks.
                .product(name: "CoreMetrics", package: "swift-metrics"),
                // What storage keeps in memory, bounded (RecentTable).
                .product(name: "OrderedCollections", package: "swift-collections"),
                // Loop Habit Tracker's CSV export: a zip of CSV files.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ]
        ),
        // Cutting a byte stream into bounded lines: the server, the IRC bridge and the load generator.
        .target(name: "LineFraming", dependencies: [.product(name: "NIOCore", package: "swift-nio")]),
        // Command parsing, the help table, rendering replies as text and JSON.
        // Its WordNet word lists (`Data/wordnet`) become Swift string literals when it builds.
        .target(name: "HabitatCommands", dependencies: ["HabitatEngine", "HabitatHousehold", "LineFraming"], plugins: ["WordLists"]),
        .plugin(name: "WordLists", capability: .buildTool()),
        // PostgreSQL as a store: its schema (`Data/postgresql`, numbered SQL files), applied at start under an
        // advisory lock, over PostgresNIO's connection pool.
        .target(
            name: "HabitatPostgres",
            dependencies: [
                "HabitatEngine", "HabitatHousehold", "HabitatStorage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // A user's game is changed on a thread of NIO's pool, as the engine reads the ledger while it runs.
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                // A migration's checksum.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            plugins: ["SQLMigrations"]
        ),
        .plugin(name: "SQLMigrations", capability: .buildTool()),
        // The commit a build is of, for the metrics' `habitat_build_info{commit}`.
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // The application, without sockets: sessions, accounts, the request pipeline, households, timers, bridge
        // sessions. What the server says; tests drive it with lines.
        .target(
            name: "HabitatApp",
            dependencies: [
                "HabitatEngine", "HabitatHousehold", "HabitatStorage", "HabitatCommands", "LineFraming",
                .product(name: "Logging", package: "swift-log"),
                // A connection's conversation runs on its event loop.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                // The application, its scheduler and its idle-file sweep are services of `serve`'s group.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["BuildInfo"]
        ),
        // The transport: SwiftNIO sockets, TLS, framing, connection limits, back-pressure and draining.
        .target(
            name: "HabitatServer",
            dependencies: [
                "HabitatApp", "HabitatEngine", "HabitatCommands", "HabitatStorage", "LineFraming",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // `--metrics`: Prometheus text over HTTP.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // What every chat bridge needs: the bridge protocol's client, replies matched to requests, the busy limit,
        // where replies and events are said, chat identities, reconnecting with backoff.
        .target(
            name: "HabitatBridgeKit",
            dependencies: [
                "LineFraming",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The IRC bridge: an IRC client on one side, the bridge kit on the other.
        .target(
            name: "HabitatIRC",
            dependencies: [
                "HabitatBridgeKit", "LineFraming",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // libedit, from Debian's libedit-dev (BSD licence): line editing and history for `habitat connect`.
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // Cairo, from Debian's libcairo2-dev: the drawing library behind the pictures.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Pictures of what the text views show (a heatmap, streaks), as PNG, for chats that show images.
        .target(name: "HabitatPictures", dependencies: ["CCairo"]),
        // The Matrix bridge: a Matrix client (over AsyncHTTPClient) on one side, the bridge kit on the other.
        .target(
            name: "HabitatMatrix",
            dependencies: [
                "HabitatBridgeKit", "HabitatPictures",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Where a command's settings come from: flags, HABITAT_* environment variables, a TOML settings file.
        .target(
            name: "HabitatSettings",
            dependencies: [
                // The project's one JSON writer, for JSON logs.
                "HabitatCommands",
                .product(name: "Configuration", package: "swift-configuration"),
                // The file's path, as swift-configuration's file provider takes it.
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "habitat",
            dependencies: [
                "HabitatServer", "HabitatSettings", "HabitatApp", "HabitatStorage", "HabitatHousehold", "HabitatIRC", "HabitatBridgeKit",
                "HabitatMatrix", "HabitatPostgres", "CEditLine", "LineFraming",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // SIGHUP, to read the settings and the TLS certificate again.
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                // The client's config file, `client.toml`.
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // The load generator: N clients over real TCP, latency in an HDR histogram.
        .executableTarget(
            name: "habitat-bench",
            dependencies: [
                "LineFraming",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A server that kills itself at a chosen stage of a shared completion, for the crash-consistency tests.
        .executableTarget(
            name: "habitat-crashing-server",
            dependencies: [
                "HabitatServer", "HabitatApp", "HabitatStorage",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/CrashingServer"
        ),
        // Fuzzing (scripts/fuzz builds these with libFuzzer; a plain build replays their committed corpora).
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(
            name: "fuzz-lines",
            dependencies: [
                "FuzzSupport", "HabitatCommands", "LineFraming", .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Fuzz/Lines"),
        .executableTarget(
            name: "fuzz-parser", dependencies: ["FuzzSupport", "HabitatApp", "HabitatCommands", "HabitatEngine"], path: "Fuzz/Parser"),
        .executableTarget(name: "fuzz-engine", dependencies: ["FuzzSupport", "HabitatEngine"], path: "Fuzz/Engine"),
        .executableTarget(name: "fuzz-import", dependencies: ["FuzzSupport", "HabitatEngine", "HabitatStorage"], path: "Fuzz/Import"),
        // What the tests of the pure targets share, Foundation only (no NIO): the seeded generator.
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .testTarget(name: "HabitatEngineTests", dependencies: ["HabitatEngine", "SeededRandom"]),
        .testTarget(name: "HabitatHouseholdTests", dependencies: ["HabitatHousehold", "HabitatEngine"]),
        // The PostgreSQL store against a real PostgreSQL (`scripts/with-postgres`): a database of its own per test.
        .testTarget(
            name: "HabitatPostgresTests",
            dependencies: [
                "HabitatPostgres", "HabitatStorage", "HabitatHousehold", "HabitatEngine", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "LineFramingTests",
            dependencies: [
                "LineFraming",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // What the tests of the server and the bridges share: a real Habitat server on a free port and a client of
        // its line protocol, the test certificate, loopback ports, processes awaited, waiting.
        .target(
            name: "TestSupport",
            dependencies: [
                "HabitatServer", "HabitatApp", "HabitatStorage", "HabitatPostgres", "LineFraming",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "HabitatIRCTests",
            dependencies: [
                "HabitatIRC", "HabitatBridgeKit", "TestSupport", "LineFraming", "HabitatServer", "HabitatApp", "HabitatStorage", "HabitatHousehold", "HabitatCommands",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .testTarget(
            name: "HabitatBridgeKitTests",
            dependencies: ["HabitatBridgeKit", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "HabitatMatrixTests",
            dependencies: [
                "HabitatMatrix", "HabitatBridgeKit", "HabitatPictures", "TestSupport", "HabitatServer", "HabitatApp", "HabitatStorage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "HabitatStorageTests",
            dependencies: [
                "HabitatStorage", "HabitatHousehold", "SeededRandom",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
        .testTarget(name: "HabitatCommandsTests", dependencies: ["HabitatCommands", "HabitatApp", "HabitatHousehold", "SeededRandom"]),
        .testTarget(
            name: "HabitatAppTests",
            dependencies: [
                "HabitatApp", "HabitatCommands", "HabitatEngine", "HabitatHousehold", "HabitatStorage", "LineFraming",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            // Read from the source tree by the test itself.
            exclude: [
                "everyday-lines.txt", "everyday-lines-heldout.txt", "newcomers.txt", "newcomers-heldout.txt", "newcomers-more.txt",
                "newcomers-third.txt", "newcomers-fourth.txt", "newcomers-fifth-heldout.txt", "newcomers-sixth.txt", "newcomers-seventh.txt", "newcomers-eighth-heldout.txt",
            ]
        ),
        .testTarget(
            name: "HabitatServerTests",
            dependencies: [
                "HabitatServer", "HabitatApp", "HabitatStorage", "HabitatHousehold", "HabitatCommands", "LineFraming",
                "HabitatSettings", "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)

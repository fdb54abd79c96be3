import Foundation
import HabitatCommands
import Logging
import Synchronization

/// How a process logs: at which level, and as text for people or JSON for machines.
public struct LogSettings: Sendable, Equatable {
    public enum Format: String, SettingChoice {
        /// swift-log's lines: `2026-11-30T05:00:00+0000 info habitat : port=7878 [HabitatServer] listening`.
        case text
        /// One JSON object a line: `time`, `level`, `label`, `message`, then each metadata field by its name.
        case json
    }

    public var level: Logger.Level
    public var format: Format

    public init(level: Logger.Level = .info, format: Format = .text) {
        (self.level, self.format) = (level, format)
    }

    /// The level every handler of the process reads (on every log call, so without a lock), so a reload can change it:
    /// its index among `Logger.Level.allCases`.
    private static let currentLevel = Atomic(2)

    private static var level: Logger.Level { Logger.Level.allCases[currentLevel.load(ordering: .relaxed)] }

    private static func store(_ level: Logger.Level) {
        currentLevel.store(Logger.Level.allCases.firstIndex(of: level) ?? 2, ordering: .relaxed)
    }

    /// Logs of the whole process to standard error, in these settings; called once, before anything logs.
    public func bootstrap() {
        Self.store(level)
        let format = format
        LoggingSystem.bootstrap { label in
            switch format {
            case .text: LevelFollowing(StreamLogHandler.standardError(label: label))
            case .json: LevelFollowing(JSONLogHandler(label: label))
            }
        }
    }

    /// From now on the process logs at `level`.
    public static func change(to level: Logger.Level) {
        store(level)
    }

    /// A handler whose level is the process's current one.
    struct LevelFollowing<Handler: LogHandler>: LogHandler {
        var handler: Handler
        init(_ handler: Handler) { self.handler = handler }

        var logLevel: Logger.Level {
            get { LogSettings.level }
            set {}
        }

        var metadata: Logger.Metadata {
            get { handler.metadata }
            set { handler.metadata = newValue }
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { handler[metadataKey: key] }
            set { handler[metadataKey: key] = newValue }
        }

        func log(event: LogEvent) {
            handler.log(event: event)
        }
    }
}

extension Logger.Level: SettingChoice {}

/// One JSON object a line on standard error: `time` (ISO 8601, UTC, milliseconds), `level`, `label`, `message`,
/// then the metadata, each field by its own name (a field named like one of those four gets a `_` after it).
/// Keys in a stable order, so the same event is always the same line.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    let label: String
    let write: @Sendable (String) -> Void

    public init(label: String, write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError) {
        self.label = label
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes a line to standard error in one system call, so lines of several threads never interleave.
    public static let standardError: @Sendable (String) -> Void = { line in
        var line = line
        line.withUTF8 { bytes in
            var rest = UnsafeRawBufferPointer(bytes)
            while !rest.isEmpty {
                let written = Foundation.write(2, rest.baseAddress, rest.count)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
        }
    }

    public func log(event: LogEvent) {
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
        if let more = event.metadata { fields.merge(more) { $1 } }
        var line: [(String, JSON)] = [
            ("time", .string(Self.now())), ("level", .string(event.level.rawValue)), ("label", .string(label)),
            ("message", .string("\(event.message)")),
        ]
        for key in fields.keys.sorted() {
            line.append((["time", "level", "label", "message"].contains(key) ? key + "_" : key, Self.json(fields[key]!)))
        }
        write(JSON.object(line).serialized + "\n")
    }

    /// A metadata value as JSON: text as a string, lists and dictionaries (keys sorted) as such.
    static func json(_ value: Logger.Metadata.Value) -> JSON {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let value): .string(value.description)
        case .array(let values): .array(values.map(json))
        case .dictionary(let values): .object(values.keys.sorted().map { ($0, json(values[$0]!)) })
        }
    }

    static func now() -> String {
        Date.now.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

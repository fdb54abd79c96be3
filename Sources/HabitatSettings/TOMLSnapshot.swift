import Configuration
import Foundation
import TOMLKit

/// A settings file in TOML, for swift-configuration's `FileProvider`: one `name = value` a setting, named as its
/// flag is without the dashes (`max-connections = 500`). Tables (`[section]`) are refused: every command has a file
/// of its own, so there is nothing to put in one.
public struct TOMLSnapshot: FileConfigSnapshot {
    public struct ParsingOptions: FileParsingOptions {
        public static var `default`: Self { Self() }
    }

    /// A file's value, as TOML typed it.
    enum Value: Sendable, Equatable {
        case int(Int), double(Double), bool(Bool), string(String), strings([String])

        /// The value as the file wrote it, for errors and `--print-config`.
        var written: String {
            switch self {
            case .int(let value): "\(value)"
            case .double(let value): "\(value)"
            case .bool(let value): "\(value)"
            case .string(let value): "\"\(value)\""
            case .strings(let values): "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            }
        }
    }

    public let providerName: String
    let values: [String: Value]

    /// The names the file sets, in order.
    public var names: [String] { values.keys.sorted() }

    public init(data: RawSpan, providerName: String, parsingOptions: ParsingOptions) throws {
        let text = data.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw SettingsFileError(
                "line \(error.source.begin.line) is not TOML: \(error.description). Each line is a setting, as name = value.")
        }
        var values: [String: Value] = [:]
        for name in table.keys {
            guard let value = table[name] else { continue }
            switch value.type {
            case .int: values[name] = value.int.map(Value.int)
            case .double: values[name] = value.double.map(Value.double)
            case .bool: values[name] = value.bool.map(Value.bool)
            case .string: values[name] = value.string.map(Value.string)
            case .array:
                let items = value.array.map { Array($0) } ?? []
                let strings = items.compactMap(\.string)
                guard strings.count == items.count else {
                    throw SettingsFileError("\(name) holds a list of something other than text: write each item in quotes.")
                }
                values[name] = .strings(strings)
            case .table:
                throw SettingsFileError("[\(name)] starts a table, which Habitat's settings don't use: write name = value lines only.")
            default:
                throw SettingsFileError("\(name) is a date or time, which no setting takes.")
            }
        }
        self.values = values
        self.providerName = providerName
    }

    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        let name = key.components.joined(separator: ".")
        guard let value = values[name] else { return LookupResult(encodedKey: name, value: nil) }
        let content: ConfigContent? =
            switch (type, value) {
            case (.int, .int(let int)): .int(int)
            case (.double, .double(let double)): .double(double)
            case (.double, .int(let int)): .double(Double(int))
            case (.bool, .bool(let bool)): .bool(bool)
            case (.string, .string(let string)): .string(string)
            // `metrics = 9464` is as clear as `metrics = "9464"`.
            case (.string, .int(let int)): .string("\(int)")
            case (.stringArray, .strings(let strings)): .stringArray(strings)
            case (.stringArray, .string(let string)): .stringArray([string])
            default: nil
            }
        guard let content else { throw MismatchedValue(written: value.written) }
        return LookupResult(encodedKey: name, value: ConfigValue(content, isSecret: false))
    }

    public var description: String { "TOMLSnapshot[\(providerName)]" }
    public var debugDescription: String { description }
}

/// The file holds a value of another kind than the setting takes.
struct MismatchedValue: Error {
    let written: String
}

/// The settings file can't be read; the message says where.
public struct SettingsFileError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

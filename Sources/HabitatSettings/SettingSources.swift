import Configuration
import Foundation
import SystemPackage

/// Where one command's settings come from, most important first: its flags, `HABITAT_*` environment variables, its
/// settings file (`--config`), and its defaults. A setting is named as its flag is without the dashes: `--max-line`
/// is `HABITAT_MAX_LINE` in the environment and `max-line` in the file. The environment and the file are read by
/// swift-configuration's providers; this says which one gave each value, so a wrong one is reported where it was
/// written, and `--print-config` can show every setting with its origin.
public struct SettingSources: Sendable {
    /// Where a value came from.
    public enum Source: Sendable, Equatable {
        case flag, environment, file, standard
    }

    /// A setting as it was settled.
    public struct Settled: Sendable, Equatable {
        public var name: String
        /// As a settings file would write it; secrets hidden; `nil` when it has no value.
        public var written: String?
        public var source: Source
        /// Where a secret was read from, when from a file.
        public var secretFile: String?
    }

    /// What a secret is written as: nothing of it.
    static let hidden = "(hidden)"
    private let environment: EnvironmentVariablesProvider
    private let environmentValues: [String: String]
    private let file: FileProvider<TOMLSnapshot>?
    /// The settings file's path, as given.
    public let filePath: String?
    public private(set) var settled: [Settled] = []

    /// The sources for a command whose settings are `known` (secrets' `-file` names included), with `file` as its
    /// settings file. A file that is missing, is not TOML or names a setting the command doesn't have is refused.
    public init(file path: String?, known: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        async throws
    {
        self.environment = EnvironmentVariablesProvider(environmentVariables: environment)
        self.environmentValues = environment
        self.filePath = path
        guard let path else {
            file = nil
            return
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw SettingError("The settings file \(path) \(exists ? "can't be read by this user" : "doesn't exist").")
        }
        do {
            file = try await FileProvider<TOMLSnapshot>(filePath: FilePath(path))
        } catch let error as SettingsFileError {
            throw SettingError("\(path): \(error.description)")
        }
        let names = (file?.snapshot() as? TOMLSnapshot)?.names ?? []
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw SettingError(
                "\(path) sets \(unknown), which is not a setting of this command. Its settings: \(known.joined(separator: ", ")).")
        }
    }

    /// The environment variable of setting `name`.
    public static func environmentName(_ name: String) -> String {
        "HABITAT_" + name.uppercased().replacing("-", with: "_")
    }

    /// Setting `name` in the words of where its value came from, for what is said about it: `--port`,
    /// `HABITAT_PORT`, `port in /etc/habitat/habitat.toml`.
    public func naming(_ name: String) -> String {
        switch settled.last(where: { $0.name == name })?.source {
        case .environment: Self.environmentName(name)
        case .file: "\(name) in \(filePath ?? "the settings file")"
        default: "--\(name)"
        }
    }

    /// Setting `name`: the flag's value when given, else the environment's, else the file's; `nil` when none.
    public mutating func value<Value: SettingValue>(_ name: String, flag: Value?) throws -> Value? {
        if let flag {
            settle(name, flag.written, .flag)
            return flag
        }
        for (source, provider) in providers {
            guard let value: Value = try lookUp(name, in: provider, source: source) else { continue }
            settle(name, value.written, source)
            return value
        }
        settle(name, nil, .standard)
        return nil
    }

    /// Setting `name`, or `standard` when no source gives it.
    public mutating func value<Value: SettingValue>(_ name: String, flag: Value?, standard: Value) throws -> Value {
        if let value = try value(name, flag: flag) { return value }
        settle(name, standard.written, .standard)
        return standard
    }

    /// A secret (a token, a password): given itself, or as a file holding it (`<name>-file`, read here, its
    /// surrounding blank space dropped). Either from the flags comes before either from the environment, and
    /// those before the settings file's. It is never written back: `--print-config` shows only where it came from.
    public mutating func secret(_ name: String, flag: String?, fileFlag: String?) throws -> String? {
        let fileName = name + "-file"
        if let flag {
            settle(name, Self.hidden, .flag)
            return flag
        }
        if let fileFlag { return try readSecret(name, at: fileFlag, source: .flag) }
        for (source, provider) in providers {
            if let value: String = try lookUp(name, in: provider, source: source) {
                settle(name, Self.hidden, source)
                return value
            }
            if let path: String = try lookUp(fileName, in: provider, source: source) {
                return try readSecret(name, at: path, source: source)
            }
        }
        settle(name, nil, .standard)
        return nil
    }

    /// The settled settings as a settings file, each with where its value came from; secrets hidden.
    public func printed(command: String) -> String {
        var lines = ["# The settings of habitat \(command), most important source first: flags, HABITAT_* environment variables, \(filePath ?? "a settings file (--config)"), defaults."]
        for setting in settled {
            let origin: String =
                switch setting.source {
                case .flag: "from --\(setting.name)\(setting.secretFile.map { "-file \($0)" } ?? "")"
                case .environment:
                    "from \(Self.environmentName(setting.name))\(setting.secretFile.map { "_FILE \($0)" } ?? "")"
                case .file: "from \(filePath ?? "the settings file")\(setting.secretFile.map { " (\(setting.name)-file \($0))" } ?? "")"
                case .standard: "default"
                }
            if setting.written == Self.hidden {
                lines.append("# \(setting.name) is set, and hidden  # \(origin)")
            } else if let written = setting.written {
                lines.append("\(setting.name) = \(written)  # \(origin)")
            } else {
                lines.append("# \(setting.name) is not set")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var providers: [(Source, any ConfigProvider)] {
        [(.environment, environment)] + (file.map { [(.file, $0)] } ?? [])
    }

    /// Setting `name` from one provider; a value of another kind than the setting takes is refused, naming where.
    private func lookUp<Value: SettingValue>(_ name: String, in provider: any ConfigProvider, source: Source) throws -> Value? {
        let key = source == .environment ? AbsoluteConfigKey(["habitat", name]) : AbsoluteConfigKey([name])
        let where_ = source == .environment ? Self.environmentName(name) : "\(name) in \(filePath ?? "the settings file")"
        let result: LookupResult
        do {
            result = try provider.value(forKey: key, type: Value.configType)
        } catch let error as MismatchedValue {
            throw SettingError("\(where_) is \(error.written), but it takes \(Value.allowed).")
        } catch {
            let given = environmentValues[Self.environmentName(name)].map { "'\($0)'" } ?? "not"
            throw SettingError("\(where_) is \(given), but it takes \(Value.allowed).")
        }
        guard let content = result.value?.content else { return nil }
        guard let value = Value(setting: content) else {
            let given: String =
                switch content {
                case .string(let text): "'\(text)'"
                default: "\(content)"
                }
            throw SettingError("\(where_) is \(given), but it takes \(Value.allowed).")
        }
        return value
    }

    private mutating func readSecret(_ name: String, at path: String, source: Source) throws -> String {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SettingError("The \(name) can't be read from \(path): \(FileManager.default.fileExists(atPath: path) ? "this user may not read it" : "there is no such file").")
        }
        let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !secret.isEmpty else { throw SettingError("\(path) is empty, but should hold the \(name).") }
        settle(name, Self.hidden, source, secretFile: path)
        return secret
    }

    private mutating func settle(_ name: String, _ written: String?, _ source: Source, secretFile: String? = nil) {
        settled.removeAll { $0.name == name }
        settled.append(Settled(name: name, written: written, source: source, secretFile: secretFile))
    }
}

/// A setting can't be used; the message names it, where it was given, and what it takes.
public struct SettingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

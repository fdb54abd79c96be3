import Configuration

/// A kind of value a setting takes, as flags, the environment and the settings file give it.
public protocol SettingValue: Sendable {
    /// How swift-configuration is asked for it.
    static var configType: ConfigType { get }
    /// What the setting takes, said to someone who gave something else: "a whole number".
    static var allowed: String { get }
    /// The value from a provider's content; `nil` when the content is not one.
    init?(setting content: ConfigContent)
    /// The value as a settings file would write it.
    var written: String { get }
}

extension Int: SettingValue {
    public static var configType: ConfigType { .int }
    public static var allowed: String { "a whole number" }
    public init?(setting content: ConfigContent) {
        guard case .int(let value) = content else { return nil }
        self = value
    }
    public var written: String { "\(self)" }
}

extension String: SettingValue {
    public static var configType: ConfigType { .string }
    public static var allowed: String { "text" }
    public init?(setting content: ConfigContent) {
        guard case .string(let value) = content else { return nil }
        self = value
    }
    public var written: String { "\"" + replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\"" }
}

extension Bool: SettingValue {
    public static var configType: ConfigType { .bool }
    public static var allowed: String { "true or false" }
    public init?(setting content: ConfigContent) {
        guard case .bool(let value) = content else { return nil }
        self = value
    }
    public var written: String { "\(self)" }
}

extension Array: SettingValue where Element == String {
    public static var configType: ConfigType { .stringArray }
    public static var allowed: String { "a list of text" }
    public init?(setting content: ConfigContent) {
        guard case .stringArray(let value) = content else { return nil }
        self = value
    }
    public var written: String { "[" + map(\.written).joined(separator: ", ") + "]" }
}

/// A setting that takes one of a few words (`durability = "full"`).
public protocol SettingChoice: SettingValue, RawRepresentable<String>, CaseIterable {}

extension SettingChoice {
    public static var configType: ConfigType { .string }
    public static var allowed: String {
        let words = allCases.map(\.rawValue)
        return "one of " + words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }
    public init?(setting content: ConfigContent) {
        guard case .string(let word) = content, let value = Self(rawValue: word.lowercased()) else { return nil }
        self = value
    }
    public var written: String { rawValue.written }
}

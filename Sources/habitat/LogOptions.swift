import ArgumentParser
import HabitatSettings
import Logging

extension Logger.Level: @retroactive ExpressibleByArgument {}
extension LogSettings.Format: ExpressibleByArgument {}

/// How `serve` and the bridges log, from their flags, the environment or their settings file.
struct LogOptions: ParsableArguments {
    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical. (default: info)")
    var logLevel: Logger.Level?

    @Option(help: "text: lines for people. json: one JSON object a line, for log collectors. (default: text)")
    var logFormat: LogSettings.Format?

    static let settingNames = ["log-level", "log-format"]

    func settled(_ sources: inout SettingSources) throws -> LogSettings {
        LogSettings(
            level: try sources.value("log-level", flag: logLevel, standard: .info),
            format: try sources.value("log-format", flag: logFormat, standard: .text))
    }
}

/// `--config` and `--print-config`, as `serve` and the bridges take them.
struct SettingsFileOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A settings file (TOML, name = value): any of these flags, named without the dashes.",
        discussion: "A flag comes before HABITAT_<NAME> in the environment, which comes before the file.", valueName: "file"))
    var config: String?

    @Flag(help: "Print the settings it would run with, and where each came from (secrets hidden); then stop.")
    var printConfig = false
}

import Logging

/// A logger that keeps test output clean.
public let quietLogger = Logger(label: "habitat-test", factory: { _ in SwiftLogNoOpLogHandler() })

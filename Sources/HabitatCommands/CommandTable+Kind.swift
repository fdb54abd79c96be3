extension CommandTable {
    /// What a line asks for, as one of a few names fit to count requests by (never the line's own words), read as
    /// ``parse(_:)`` reads it (``selection(_:)``): the name of the command it selects (`did`, `status`, `room did`),
    /// however the rest of it is typed; a question by the command it asks for (`how many coins` is `coins`); `unknown`
    /// for a line that selects nothing.
    ///
    /// A line in the player's own words (`flossed`, `exercise done`) is `did`: it is read as a recording, and is
    /// `unknown_command` only when none of their habits goes by those words, which only its reply can tell.
    public func kind(of line: String) -> String {
        kind(of: selection(tokenize(line)))
    }

    /// The kind of a line that selected `selection`.
    func kind(of selection: Selection?) -> String {
        switch selection {
        case nil: Self.unknownKind
        case .command(let spec, _, _): all[spec].name
        case .ownWords: "did"
        }
    }

    /// The kind of a line that selects no command.
    public static var unknownKind: String { "unknown" }
}

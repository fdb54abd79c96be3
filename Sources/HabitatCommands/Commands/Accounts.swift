import HabitatEngine

extension CommandTable {
    /// Making an account, logging in and out, and the password.
    static let accounts: [CommandSpec] = [
        CommandSpec(
            "register", usage: "register <name> <password>",
            summary: "create your account (name: 2–32 of a-z 0-9 _ -; password: 8+ characters)",
            examples: ["register alice correct-horse", #"register alice "correct horse battery staple""#],
            triggers: [["register"], ["signup"], ["sign", "up"]], beforeLogin: true
        ) { rest in
            let (name, password) = try pair(rest, usage: "register <name> <password>")
            return .register(name: name, password: password)
        }.keptVerbatim(),
        CommandSpec(
            "login", usage: "login <name> <password>", summary: "log in to your account",
            examples: ["login alice correct-horse", #"login alice "correct horse battery staple""#],
            triggers: [["login"], ["log", "in"]], beforeLogin: true
        ) { rest in
            let (name, password) = try pair(rest, usage: "login <name> <password>")
            return .login(name: name, password: password)
        }.keptVerbatim(),
        CommandSpec("logout", summary: "log out (the connection stays open)", triggers: [["logout"], ["log", "out"]], command: .logout),
        CommandSpec(
            "passwd", usage: "passwd <old password> <new password>", summary: "change your password",
            examples: ["passwd correct-horse battery-staple"], triggers: [["passwd"], ["password"]]
        ) { rest in
            let (old, new) = try pair(rest, usage: "passwd <old password> <new password>")
            return .passwd(old: old, new: new)
        }.keptVerbatim(),
    ]
}

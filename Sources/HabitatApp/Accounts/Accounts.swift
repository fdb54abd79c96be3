import Foundation
import HabitatEngine
import HabitatStorage
import Synchronization

/// Registration, login and password changes: name rules, slow hashes off the event loops, throttling.
public struct Accounts: Sendable {
    let directory: any StorageContract
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    let slowWork: any SlowWork
    /// Password changes since the server started: a login made before its account's password changed lapses.
    let changes = PasswordChanges()

    public static let nameRule = "Names are 2–32 characters: letters a-z, digits, _ and -."
    public static let minimumPasswordLength = 8
    static let maximumPasswordLength = 1024

    /// Checks and lowercases a user name: 2–32 of `a-z 0-9 _ -`, any case.
    public static func validName(_ raw: String) throws -> String {
        let name = raw.lowercased()
        let allowed = name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
        guard (2...32).contains(name.unicodeScalars.count), allowed else {
            throw HabitatError(.invalidName, "'\(raw.prefix(40))' can't be a name. \(nameRule)")
        }
        return name
    }

    static func checkPassword(_ password: String) throws {
        guard password.count >= minimumPasswordLength else {
            throw HabitatError(.invalidArgument, "Passwords need at least \(minimumPasswordLength) characters.")
        }
        guard password.utf8.count <= maximumPasswordLength else {
            throw HabitatError(.invalidArgument, "That password is too long.")
        }
    }

    /// Creates an account. Its file is made first, by `makeFile` (given the file's id), and the account only
    /// then: if the file can't be made nothing is, and if the account can't be (a full directory, a name taken
    /// meanwhile) the file is deleted by `discardFile`. Either way no account is left without its file, and no
    /// file without its account.
    ///
    /// `admit` is asked once the name and password are fine (an invite code taken, `--registration invite`); what it
    /// returns undoes that when the account could not be made after all.
    public func register(
        name raw: String, password: String, now: Date, admit: () async throws -> (() async -> Void) = { {} },
        makeFile: (String) async throws -> Void, discardFile: (String) async -> Void
    ) async throws -> Account {
        let name = try Self.validName(raw)
        try Self.checkPassword(password)
        if try await directory.account(named: name) != nil {
            throw HabitatError.nameTaken(name)
        }
        let undoAdmission = try await admit()
        let fileID = DirectoryDatabase.newFileID()
        do {
            let hash = try await slowly { try hasher.hash(password) }
            try await makeFile(fileID)
            return try await directory.createAccount(name: name, passwordHash: hash, fileID: fileID, at: now)
        } catch {
            await discardFile(fileID)
            await undoAdmission()
            throw error
        }
    }

    /// Logs in, throttled per name and per connection (`connection` is any stable key for it).
    public func login(name raw: String, password: String, connection: String, now: Date) async throws -> Account {
        let name = raw.lowercased()
        let keys = ["name:" + name, "connection:" + connection]
        if let wait = keys.compactMap({ throttle.wait(for: $0, now: now) }).max() {
            throw HabitatError(.rateLimited, "Too many failed logins. Wait \(Int(wait.rounded(.up))) seconds and try again.")
        }
        let account = try await directory.account(named: name)
        // Hash even for unknown names, so timing doesn't tell which names exist.
        let stored = account?.passwordHash.map { $0.hasPrefix("!") ? String($0.dropFirst()) : $0 } ?? Self.decoyHash
        let matches = await slowly { hasher.verify(password, against: stored) }
        guard let account, account.passwordHash != nil, matches else {
            keys.forEach { throttle.recordFailure(for: $0, now: now) }
            throw HabitatError(.badCredentials, "That name and password don't match.")
        }
        // Said only to whoever knows the password.
        if account.isLocked {
            throw HabitatError(.forbidden, "This account is locked. Ask whoever runs this server.")
        }
        keys.forEach(throttle.reset)
        return account
    }

    public func changePassword(of account: Account, old: String, new: String, now: Date) async throws {
        try await verify(old, of: account, now: now, mismatch: "Your current password didn't match; nothing changed.") {
            try Self.checkPassword(new)
        }
        let hash = try await slowly { try hasher.hash(new) }
        try await directory.setPasswordHash(hash, forAccount: account.id)
        changes.record(account.id)
    }

    /// Checks `password` against the account's own, throttled as a login is: for what asks for it again (deleting the
    /// account).
    /// `checked` runs once the throttle lets the attempt through, before the password is checked (the new password's
    /// own rules, for `passwd`).
    public func verify(
        _ password: String, of account: Account, now: Date, mismatch: String = "That's not your password; nothing changed.",
        checked: () throws -> Void = {}
    ) async throws {
        let key = "name:" + account.name
        if let wait = throttle.wait(for: key, now: now) {
            throw HabitatError(.rateLimited, "Too many failed attempts. Wait \(Int(wait.rounded(.up))) seconds and try again.")
        }
        try checked()
        guard let current = try await directory.account(named: account.name), let stored = current.usableHash,
            await slowly({ hasher.verify(password, against: stored) })
        else {
            throttle.recordFailure(for: key, now: now)
            throw HabitatError(.badCredentials, mismatch)
        }
    }

    /// Makes `code` the account's password (an administrator's reset) and logs its connections out.
    func resetPassword(of account: Account, to code: String) async throws {
        let hash = try await slowly { try hasher.hash(code) }
        try await directory.setPasswordHash(hash, forAccount: account.id)
        changes.record(account.id, .reset)
    }

    /// Locks the account (its hash kept behind a `!`) and logs its connections out; `false` when it already was.
    func lock(_ account: Account) async throws -> Bool {
        guard !account.isLocked else { return false }
        try await directory.setPasswordHash("!" + (account.passwordHash ?? ""), forAccount: account.id)
        changes.record(account.id, .locked)
        return true
    }

    /// Unlocks the account: its password works again; `false` when it was not locked.
    func unlock(_ account: Account) async throws -> Bool {
        guard let hash = account.passwordHash, account.isLocked else { return false }
        let kept = String(hash.dropFirst())
        try await directory.setPasswordHash(kept.isEmpty ? nil : kept, forAccount: account.id)
        return true
    }

    /// A well-formed hash that no password matches, with the standard cost.
    static let decoyHash = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="

    /// Runs CPU-heavy work on threads of its own (``SlowWork``), off the event loops and the cooperative pool.
    private func slowly<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await slowWork.run(work)
    }

    private func slowly<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        (try? await slowWork.run(work)) ?? work()
    }
}

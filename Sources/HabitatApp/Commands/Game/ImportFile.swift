import Foundation
import HabitatCommands
import HabitatEngine

/// `import loop.db`, then `import data <base64>` lines, then `import preview` (what would come in) or `import done`:
/// another tracker's file sent over the connection, as `habitat import` reads it on the server's machine. The terminal
/// client sends a file for `import ~/Downloads/loop.db` (and `… preview`), and the Matrix bridge one uploaded to its
/// direct chat. One file at a time a connection (or chat user), at most ``most`` bytes, and at most ``Uploads/atOnce``
/// on the whole server; `import cancel` drops it. A summary is a personal view: a bridge says a long one privately.
struct ImportFile: HabitatCommand, PersonalView {
    static let usage = "import <file> [preview | merging | with rewards and character]"
    static let spec = Spec(
        "import", usage: usage,
        summary: "bring in habits and history from Loop Habit Tracker, Habitica or another Habitat ('habitat connect' sends the file; in Matrix, send it to the bot)",
        examples: ["import ~/Downloads/loop.db preview", "import ~/Downloads/habitica-user-data.json"], triggers: [["import"]]
    ) { rest in
        guard let first = rest.first else { throw HabitatError.usage(usage, "Which file?") }
        switch first.lower {
        case "data" where rest.count == 2: return ImportFile(step: .data(rest[1].text))
        case "preview", "done":
            // `import done`, `import preview merging`, `import done merging with rewards and character`
            let said = Set(rest.dropFirst().map(\.lower)).subtracting(["with", "and", ","])
            guard said.isSubset(of: ["rewards", "character", "merging"]) else {
                throw HabitatError.usage(usage, "Say 'merging', 'with rewards', 'with character', or these together.")
            }
            let options = ImportOptions(withRewards: said.contains("rewards"), withCharacter: said.contains("character"), merge: said.contains("merging"))
            return ImportFile(step: .finish(preview: first.lower == "preview", options: options))
        case "cancel" where rest.count == 1: return ImportFile(step: .cancel)
        default:
            // `import ~/Downloads/loop.db preview`, typed at a client that sends no file: the name alone.
            let words = rest.last?.lower == "preview" && rest.count > 1 ? Array(rest.dropLast()) : rest
            return ImportFile(step: .begin(URL(fileURLWithPath: words.phrase).lastPathComponent))
        }
    }

    /// The most bytes a file sent may have.
    static let most = 8 << 20

    enum Step: Equatable {
        case begin(String)
        case data(String)
        case finish(preview: Bool, options: ImportOptions = ImportOptions())
        case cancel
    }

    let step: Step

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        switch step {
        case .begin(let name):
            context.session.upload = nil
            guard let ticket = context.pipeline.uploads.ticket() else {
                throw HabitatError(.busy, "The server is taking in other people's files just now; please send \(name) again in a minute.")
            }
            context.session.upload = Upload(name: name, ticket: ticket)
            return Reply(.info, "Ready for \(name): send it as 'import data <base64>' lines, then 'import preview' or 'import done'.")
        case .cancel:
            guard let upload = context.session.upload else { return Reply(.info, "No file was being sent; nothing to cancel.") }
            context.session.upload = nil
            return Reply(.info, "Dropped \(upload.name); nothing was imported.")
        case .data(let text):
            guard var upload = context.session.upload else { throw Self.nothingSent }
            guard let bytes = Data(base64Encoded: text) else {
                throw HabitatError(.invalidArgument, "That 'import data' line is not base64; \(upload.name) is kept as it was.")
            }
            guard upload.data.count + bytes.count <= Self.most else {
                context.session.upload = nil
                throw HabitatError(.limitReached, "\(upload.name) is more than \(Self.most >> 20) MB, more than an import takes; nothing was imported.")
            }
            upload.data.append(bytes)
            context.session.upload = upload
            return Reply(.info, "\(upload.name): \(upload.data.count) bytes so far.", data: ["bytes": .int(upload.data.count)])
        case .finish(let preview, let options):
            guard let upload = context.session.upload else { throw Self.nothingSent }
            let account = try context.account
            let now = context.now
            let summary = try await context.users.with(account.fileID) { database in
                let plan = try await database.read { _ in try DataTools.plan(of: upload.data, named: upload.name) }
                if preview {
                    let done = "import done" + (options.merge ? " merging" : "")
                    return Views.importSummary(
                        plan, into: try await DataTools.placing(plan, in: database, options: options, at: now), user: account.name,
                        confirm: "Nothing was changed yet: type '\(done)' to bring it in, or 'import cancel'.")
                }
                let (outcome, _, into) = try await database.importing(plan, options: options, at: now)
                return Views.importSummary(plan, into: into, user: account.name, outcome: outcome)
            }
            if !preview { context.session.upload = nil }
            // The summary's lines as a reply's details, which are indented when shown.
            let lines = summary.split(separator: "\n").map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }
            return Reply(preview ? .info : .success, lines[0], details: Array(lines.dropFirst()))
        }
    }

    static let nothingSent = HabitatError(.notFound, "No file is being sent. Start with 'import <file name>', or in 'habitat connect' type 'import <path>'.")
}

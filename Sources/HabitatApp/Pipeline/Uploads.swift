import Foundation
import NIOConcurrencyHelpers

/// The files being sent for `import` on the whole server (``ImportFile``), at most ``atOnce``: each may grow to
/// ``ImportFile/most`` bytes, so together they hold at most 64 MB of memory however many connections and chat users
/// send one. A file being sent holds a ``Ticket``; its place is given back when the ticket goes (imported, cancelled,
/// or its connection or chat session gone).
final class Uploads: Sendable {
    static let atOnce = 8

    private let sending = NIOLockedValueBox(0)

    /// A place for one more file, or `nil` when ``atOnce`` are being sent.
    func ticket() -> Ticket? {
        let taken = sending.withLockedValue { count -> Bool in
            guard count < Self.atOnce else { return false }
            count += 1
            return true
        }
        return taken ? Ticket(self) : nil
    }

    /// How many files are being sent now.
    var count: Int { sending.withLockedValue { $0 } }

    fileprivate func giveBack() { sending.withLockedValue { $0 -= 1 } }

    /// One file's place, given back when the last reference to it goes.
    final class Ticket: Sendable {
        private let uploads: Uploads

        fileprivate init(_ uploads: Uploads) { self.uploads = uploads }

        deinit { uploads.giveBack() }
    }
}

/// A file being sent on a connection: its name, what came of it so far, and its place among the server's uploads.
struct Upload: Sendable {
    var name: String
    var data = Data()
    let ticket: Uploads.Ticket
}

import NIOConcurrencyHelpers
import TestSupport

/// Everything an async stream delivers, collected in the background so a test can wait for what it needs.
final class Recording<Element: Sendable>: Sendable {
    private let items = NIOLockedValueBox<[Element]>([])

    private init() {}

    static func of(_ stream: AsyncStream<Element>) -> Recording {
        let recording = Recording()
        Task { for await item in stream { recording.items.withLockedValue { $0.append(item) } } }
        return recording
    }

    var all: [Element] { items.withLockedValue { $0 } }

    /// The first item after position `start` that matches, and its position; fails after `timeout`.
    @discardableResult
    func first(
        after start: Int = -1, timeout: Duration = .seconds(60), where predicate: @Sendable (Element) -> Bool
    ) async throws -> (index: Int, item: Element) {
        var found: (Int, Element)?
        try await eventually("a matching item", timeout: timeout) {
            found = all.enumerated().first { $0.offset > start && predicate($0.element) }.map {
                ($0.offset, $0.element)
            }
            return found != nil
        }
        return found!
    }
}

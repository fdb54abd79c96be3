import HabitatStorage
import TestSupport

@testable import HabitatApp

extension TestServer {
    /// Waits until nothing is due by the server's clock: its scheduler (ticking every 20 ms) has fired everything a
    /// move of the clock made due. Gives up after 5 s (something that can't fire, such as a damaged file's timer).
    func settled() async throws {
        for _ in 0..<500 {
            if try await habitat.application.directory.due(at: clock.now).isEmpty { return }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// XP spent on reaching `level` on the default linear curve: 100 + 150 + 200 + ...
func xpOfEarlierLevels(_ level: Int) -> Int {
    (1..<max(level, 1)).reduce(0) { $0 + 100 + 50 * ($1 - 1) }
}

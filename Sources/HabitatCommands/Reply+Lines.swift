import HabitatEngine

extension Reply {
    /// The lines its text takes: each toast's own and its detail lines.
    public var lineCount: Int {
        toasts.reduce(0) { $0 + 1 + $1.details.count }
    }

    /// At most `limit` lines: a longer reply keeps its first `limit - 1` and ends with a line saying how many more
    /// there are and that `more` shows them (``rest(after:title:)``). Its data stays whole.
    public func cut(toLines limit: Int, more: String) -> Reply {
        guard lineCount > limit, limit > 1 else { return self }
        var left = limit - 1
        var kept: [Toast] = []
        for var toast in toasts where left > 0 {
            toast.details = Array(toast.details.prefix(left - 1))
            left -= 1 + toast.details.count
            kept.append(toast)
        }
        let hidden = lineCount - (limit - 1)
        kept.append(Toast(.info, "… \(hidden) more \(hidden == 1 ? "line" : "lines"): say '\(more)'"))
        var reply = self
        reply.toasts = kept
        return reply
    }

    /// The lines after its first `count`, what ``cut(toLines:more:)`` left out, under `title` (none: it says so).
    public func rest(after count: Int, title: String) -> Reply {
        let lines = toasts.flatMap { [$0.symbol.emoji + " " + $0.message] + $0.details }
        let rest = Array(lines.dropFirst(count))
        guard !rest.isEmpty else { return Reply(.info, "\(title): nothing more, it all fits above.", data: data) }
        return Reply(.info, title, details: rest, data: data)
    }
}
